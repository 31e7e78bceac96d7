import Foundation
import TestSupport
import Testing

/// `reactor --daemon` end to end: framing, concurrency, cancellation, draining, signals and bad input.
@Suite("reactor --daemon")
struct DaemonTests {
  /// A loopback GitHub whose answers take `delay` (search for `slow...` takes `slowDelay`), after
  /// `before` has seen the request.
  static func slowServer(
    delay: Duration = .milliseconds(300), slowDelay: Duration = .seconds(2),
    before: @escaping @Sendable (LoopbackRequest) -> Void = { _ in }
  ) throws -> LoopbackServer {
    try LoopbackServer { request in
      before(request)
      let path = request.pathAndQuery
      let wait = path.contains("q=slow") ? slowDelay : delay
      if path.hasPrefix("/users/") {
        return LoopbackResponse(
          status: 404, headers: [("Content-Type", "application/json")], body: Data(#"{"message":"Not Found"}"#.utf8),
          delay: wait)
      }
      if path.hasPrefix("/events") {
        return LoopbackResponse(
          status: 200, headers: [("Content-Type", "application/json")], body: Data("[]".utf8), delay: wait)
      }
      let body =
        #"{"total_count":1,"incomplete_results":false,"items":[{"id":1,"full_name":"a/b","description":null,"stargazers_count":3,"language":"Swift","html_url":"https://github.com/a/b"}]}"#
      return LoopbackResponse(
        status: 200, headers: [("Content-Type", "application/json")], body: Data(body.utf8), delay: wait)
    }
  }

  @Test("three overlapping requests: every record carries its id, one begin and one end each, seq increasing")
  func overlapping() async throws {
    // The search is answered only once the username check has reached the server, so `a` can
    // end before `3` began only if the daemon runs one request at a time (then the search waits
    // out the hold and ends first).
    let usersArrived = Latch()
    let server = try Self.slowServer(delay: .zero) { request in
      if request.pathAndQuery.hasPrefix("/users/") { usersArrived.set() }
      if request.pathAndQuery.hasPrefix("/search/") { usersArrived.wait() }
    }
    defer { server.stop() }
    let daemon = try DaemonProcess(["--api-url", server.baseURL])
    daemon.send(#"{"id":"a","command":"query swift"}"#)
    daemon.send(#"{"id":"b","command":"refresh"}"#)
    daemon.send(#"{"id":3,"command":"username octocat"}"#)
    daemon.closeInput()
    let (status, records, _) = await daemon.finish()
    #expect(status == 0)
    #expect(records.first?["type"] as? String == "ready")
    for id in ["a", "b", "3"] {
      let own = records.of(id)
      #expect(own.filter { $0["type"] as? String == "begin" }.count == 1, "\(id)")
      #expect(own.ends(id).count == 1, "\(id)")
      #expect(own.last?["type"] as? String == "end", "the end of \(id) is its last record")
      #expect(own.ends(id).first?["status"] as? String == "ok", "\(id)")
      #expect(own.contains { $0["type"] as? String == "change" }, "\(id) has changes")
    }
    // Answers were interleaved: b and 3 began before a ended.
    let order = records.map { "\($0["type"] ?? "")-\($0["id"].map { "\($0)" } ?? "")" }
    #expect(order.firstIndex(of: "begin-3")! < order.firstIndex(of: "end-a")!)
    let seqs = records.compactMap { $0["seq"] as? Int }
    #expect(seqs == seqs.sorted() && Set(seqs).count == seqs.count)
    #expect(records.allSatisfy { $0["type"] as? String == "ready" || $0["id"] != nil })
  }

  @Test("numeric ids come back with the digits they were sent with; cancel finds them")
  func numericIDsAsWritten() async throws {
    let daemon = try DaemonProcess(["--offline"])
    daemon.send(#"{"id":1.0,"command":"help next"}"#)
    daemon.send(#"{"id":18446744073709551617,"command":"sleep 10s"}"#)
    daemon.send(#"{"id":"c","command":"cancel 18446744073709551617"}"#)
    daemon.closeInput()
    let (status, _, raw) = await daemon.finish()
    #expect(status == 0)
    let ids = raw.compactMap { line in
      line.range(of: #""id":[^,}]*"#, options: .regularExpression).map { String(line[$0]) }
    }
    #expect(ids.contains(#""id":1.0"#))
    #expect(!ids.contains(#""id":1"#))
    #expect(raw.contains { $0.contains(#""id":18446744073709551617"#) && $0.contains(#""status":"cancelled""#) })
  }

  @Test("sleep 0 ends at once: a cancel right after it finds nothing of it to cancel")
  func sleepZero() async throws {
    let daemon = try DaemonProcess(["--offline"])
    daemon.send(#"{"id":1,"command":"sleep 0"}"#)
    daemon.send(#"{"id":2,"command":"cancel"}"#)
    daemon.send(#"{"id":3,"command":"sleep 0s"}"#)
    daemon.send(#"{"id":4,"command":"cancel 3"}"#)
    daemon.closeInput()
    let (status, records, _) = await daemon.finish()
    #expect(status == 0)
    #expect(records.ends("1").first?["status"] as? String == "ok", "\(records)")
    #expect(records.ends("3").first?["status"] as? String == "ok", "\(records)")
    #expect(!records.contains { $0["message"] as? String == "sleep cancelled" })
    // It ended before the cancel began: `cancel 3` finds no request 3 in flight.
    #expect(records.ends("4").first?["status"] as? String == "error", "\(records)")
  }

  @Test("a newer query cancels the previous one, which ends cancelled; cancel <id> cancels one request")
  func cancellation() async throws {
    // The slow requests are never answered (with 2 s, a slow TSan run once saw `slow two` finish
    // first), and no drain cuts them: only the newer query and `cancel s` can end them, and a
    // cancellation that does not work is a hang, which `finish` ends.
    let server = try Self.slowServer(delay: .milliseconds(50), slowDelay: .seconds(3600))
    defer { server.stop() }
    let daemon = try DaemonProcess(["--api-url", server.baseURL, "--drain-timeout", "3600", "--timeout", "600"])
    daemon.send(#"{"id":"old","command":"query slow one"}"#)
    daemon.send(#"{"id":"new","command":"query fast"}"#)
    await daemon.wait { $0.ends("new").count == 1 }
    daemon.send(#"{"id":"s","command":"query slow two"}"#)
    await daemon.wait { $0.of("s").count >= 2 }
    daemon.send(#"{"id":"c","command":"cancel s"}"#)
    daemon.send(#"{"id":"c2","command":"cancel nothing-here"}"#)
    daemon.closeInput()
    let (status, records, _) = await daemon.finish()
    #expect(status == 0)
    #expect(records.ends("old").first?["status"] as? String == "cancelled")
    #expect(records.ends("new").first?["status"] as? String == "ok")
    #expect(records.ends("s").first?["status"] as? String == "cancelled")
    #expect(records.ends("c").first?["status"] as? String == "ok")
    #expect(records.ends("c2").first?["status"] as? String == "error")
    #expect(!records.contains { ($0["id"] as? String) == "old" && $0["mutation"] as? String == "setRepos" })
  }

  @Test("end of input drains in-flight requests; the drain timeout cancels what takes too long")
  func drain() async throws {
    // The slow search is never answered and its transfer never times out (600 s): only the
    // drain timeout can end it, so "cancelled" proves it fired (a drain that waits is a hang).
    let server = try Self.slowServer(delay: .milliseconds(400), slowDelay: .seconds(3600))
    defer { server.stop() }
    let patient = try DaemonProcess(["--api-url", server.baseURL])
    patient.send("query swift")
    patient.closeInput()
    let finished = await patient.finish()
    #expect(finished.status == 0)
    #expect(finished.records.ends("1").first?["status"] as? String == "ok")

    let hurried = try DaemonProcess(["--api-url", server.baseURL, "--drain-timeout", "0.5", "--timeout", "600"])
    hurried.send("query slow")
    hurried.closeInput()
    let cut = await hurried.finish()
    #expect(cut.status == 0)
    #expect(cut.records.ends("1").first?["status"] as? String == "cancelled")
  }

  @Test("SIGINT cancels what is in flight and the daemon goes on")
  func interrupt() async throws {
    // The slow search is never answered and never drained: only SIGINT can end it in time. (A
    // minute's answer raced a SIGINT that a loaded machine took longer to deliver to the
    // daemon's watcher thread: runnable, its signal pending, and the request ended ok.)
    let server = try Self.slowServer(delay: .milliseconds(300), slowDelay: .seconds(3600))
    defer { server.stop() }
    let daemon = try DaemonProcess(["--api-url", server.baseURL, "--drain-timeout", "3600", "--timeout", "600"])
    daemon.send("query slow")
    await daemon.wait { $0.of("1").count >= 2 }
    daemon.signal(SIGINT)
    // Under ThreadSanitizer a signal can be lost (seen on CI: no `setIdle`, the request ran its
    // 20 s). kill() hands it to the main thread, which libdispatch parks in sigsuspend with every
    // signal open, and TSan defers the handler there until that thread next enters an intercepted
    // call. Sanitizer runs send it again every 2 s while nothing has ended; normal runs send it once.
    let ended: @Sendable ([[String: Any]]) -> Bool = { $0.ends("1").count == 1 }
    if TimingSlack.factor > 1 {
      for _ in 0..<5 {
        if ended(await daemon.wait(timeout: 0.2, until: ended)) { break }
        daemon.signal(SIGINT)
      }
    } else {
      await daemon.wait(timeout: 2, until: ended)
    }
    // How the daemon stands with signals right after the last one was sent, to tell a blocked
    // or ignored signal from a handler that never ran. Taken whether or not the request has
    // ended by now: the one TSan failure since this report exists had it end first, and no
    // report was taken.
    let report = daemon.signalReport()
    // A handler that never runs is a hang: stopping the server then ends the request, as an
    // error, so that the test goes on to say so (a known issue under a sanitizer, see below).
    if !ended(await daemon.wait(timeout: 120, until: ended)) { server.stop() }
    await daemon.wait(until: ended)
    daemon.send("help next")
    daemon.closeInput()
    let (status, records, raw) = await daemon.finish()
    #expect(records.ends("2").first?["status"] as? String == "ok")
    let cancelled = records.ends("1").first?["status"] as? String == "cancelled"
    // A handled SIGINT resets the search (`setIdle`) at once, whatever then becomes of the request.
    let handled = records.contains { $0["mutation"] as? String == "setIdle" }
    let details = """
      output:
      \(raw.joined(separator: "\n"))
      signal state right after the last SIGINT:
      \(report)
      standard error:
      \(daemon.standardError)
      """
    if !cancelled && !handled && TimingSlack.factor > 1 {
      // Every signal lost, the handler never ran: a known, intermittent loss under a sanitizer
      // only (never in a normal build, where this test is strict). A signal that was handled
      // but did not cancel fails here too. The sanitizer may still hold a SIGINT when the
      // daemon restores the default action at exit, which then ends it by that signal.
      withKnownIssue("under a sanitizer the daemon never ran its SIGINT handler", isIntermittent: true) {
        Issue.record(Comment(rawValue: "exit status \(status)\n" + details))
      }
    } else {
      #expect(status == 0, Comment(rawValue: details))
      #expect(cancelled, Comment(rawValue: details))
    }
  }

  @Test("SIGTERM stops reading and lets the request in flight finish")
  func terminate() async throws {
    let server = try Self.slowServer(delay: .milliseconds(300))
    defer { server.stop() }
    let daemon = try DaemonProcess(["--api-url", server.baseURL])
    daemon.send("query swift")
    await daemon.wait { $0.of("1").count >= 2 }
    daemon.signal(SIGTERM)
    let (status, records, _) = await daemon.finish()
    #expect(status == 0)
    #expect(records.ends("1").first?["status"] as? String == "ok")
  }

  @Test("bad input never ends the daemon: one error record per bad line, each with a stable code")
  func garbage() async throws {
    let daemon = try DaemonProcess(["--offline"])
    var raw = Data()
    raw.append(Data("{not json\n".utf8))
    raw.append(Data([0xFF, 0xFE, 0x41, 0x0A]))
    raw.append(Data(repeating: 0x61, count: (1 << 20) + 10))
    raw.append(0x0A)
    raw.append(Data(#"{"id":[1],"command":"next"}"#.utf8 + [0x0A]))
    raw.append(Data("xyzzy\n".utf8))
    raw.append(Data("help next\n".utf8))
    daemon.send(raw: raw)
    daemon.closeInput()
    let (status, records, _) = await daemon.finish()
    #expect(status == 0)
    let codes = records.compactMap { $0["code"] as? String }
    #expect(codes == ["invalid-json", "invalid-utf8", "line-too-long", "invalid-request", "unknown-command"])
    #expect(records.ends("6").first?["status"] as? String == "ok", "the daemon went on after the bad lines")
  }

  @Test("10,000 requests piped at once are all answered, even to a slow reader")
  func manyRequests() async throws {
    let daemon = try DaemonProcess(["--offline"])
    let count = 10_000
    let writer = Thread {
      for index in 0..<count {
        daemon.send(index % 2 == 0 ? "help next" : #"{"id":"x\#(index)","command":"state feed"}"#)
      }
      daemon.closeInput()
    }
    writer.start()
    let (status, records, _) = await daemon.finish(timeout: 120)
    #expect(status == 0)
    #expect(records.filter { $0["type"] as? String == "end" }.count == count)
  }
}

@Suite("secrets in daemon and replay sessions")
struct DaemonSecretTests {
  @Test("a daemon session with a token and typed passwords writes neither anywhere")
  func daemonSecrets() async throws {
    let token = "ghp_daemonSecretToken987654321"
    let passwords = ["Daemon5ecretPw", "tiny"]
    let seen = Headers()
    // The search succeeds with an ETag, so the session writes a cache entry that could hold them.
    let server = try LoopbackServer { request in
      seen.add(request.headers)
      if request.pathAndQuery.hasPrefix("/users/") { return .json(404, #"{"message":"Not Found"}"#) }
      if request.pathAndQuery.hasPrefix("/search/") {
        return .json(200, #"{"total_count":0,"incomplete_results":false,"items":[]}"#, headers: [("ETag", "\"e1\"")])
      }
      return .json(401, #"{"message":"Bad credentials"}"#)
    }
    defer { server.stop() }
    try await ReactorBinary.withScratchHome { home in
      // The cache folder inside HOME: searching HOME searches both.
      let cache = home + "/cache"
      let daemon = try DaemonProcess(
        ["--api-url", server.baseURL, "--signup-latency", "0", "--seed", "1"],
        environment: ["GH_TOKEN": token, "HOME": home, "XDG_CACHE_HOME": cache])
      daemon.send(#"{"id":"s","command":"signup fresh9 \#(passwords[0]) \#(passwords[0])"}"#)
      daemon.send("password \(passwords[1]) extra")
      daemon.send("passwrd \(passwords[0])")
      daemon.send("query swift")
      daemon.send("state")
      daemon.closeInput()
      let (status, _, raw) = await daemon.finish()
      #expect(status == 0)
      #expect(!SecretLeaks.files(under: cache).isEmpty, "the search was not cached: the cache folder proves nothing")
      let leaks = SecretLeaks.find(
        [token] + passwords,
        streams: [("standard output", raw.joined(separator: "\n")), ("standard error", daemon.standardError)],
        folders: [home])
      #expect(leaks.isEmpty, "a secret was written: \(leaks)")
      #expect(seen.first?["authorization"] == "Bearer \(token)", "the token is sent to the configured host")
    }
  }
}
