import Foundation
import Testing

@Suite("reactor binary: offline sample, pipes")
struct OfflineSessionTests {
  @Test("piped session: no prompt or banner, text diffs, numbered results, exit 0")
  func textSession() async throws {
    let result = try await ReactorBinary.run(["--offline"], input: "query swift\nnext\nopen 3\n")
    #expect(result.status == 0)
    #expect(!result.stdout.contains("reactor>"))
    #expect(!result.stdout.contains("\u{1B}["), "no colour on a pipe")
    let lines = result.lines
    #expect(lines.first == #"query: "swift""#)
    #expect(lines[1].hasPrefix("+ 30 repos (1-30) of "))
    #expect(lines[2].hasPrefix("   1. "))
    #expect(lines.contains("+ 30 repos (31-60)"))
    #expect(lines.contains { $0.hasPrefix("  60. ") })
    #expect(lines.last?.hasPrefix("https://github.com/") == true)
    #expect(result.stderr.isEmpty)
  }

  @Test("a failed command makes the exit status 1, and the session goes on")
  func failureStatus() async throws {
    let result = try await ReactorBinary.run(["--offline"], input: "serch swift\nopen 5\nquery swift\n")
    #expect(result.status == 1)
    #expect(result.stderr.contains("error: line 1: unknown command 'serch'; did you mean 'search'?"))
    #expect(result.stderr.contains("error: line 2: open: no result 5; there are no results"))
    #expect(result.stdout.contains(#"query: "swift""#))
  }

  @Test("usage errors exit 2; --version and --help exit 0")
  func usage() async throws {
    #expect(try await ReactorBinary.run(["--bogus"]).status == 2)
    #expect(try await ReactorBinary.run(["--timeout", "-1"]).status == 2)
    #expect(try await ReactorBinary.run(["--api-url", "ftp://x"]).status == 2)
    let version = try await ReactorBinary.run(["--version"])
    #expect(version.status == 0)
    #expect(version.stdout.hasPrefix("0."))
    #expect(try await ReactorBinary.run(["--help"]).status == 0)
  }

  @Test("NDJSON: every line is an object with a type; patches replay to the printed state")
  func patchInvariant() async throws {
    let script =
      "state search\nquery swift\nnext\nnext\nquery rust language:rust\nnext\nquery\nquery go\nstate search\n"
    let result = try await ReactorBinary.run(["--offline", "--json"], input: script)
    #expect(result.status == 0)
    let records = try jsonLines(result.stdout)
    #expect(records.allSatisfy { $0["type"] is String })
    let states = records.filter { $0["type"] as? String == "state" }
    try #require(states.count == 2)
    var document: Any = states[0]["state"]!
    var lastSeq = 0
    for change in records where change["type"] as? String == "change" {
      let seq = try #require(change["seq"] as? Int)
      #expect(seq > lastSeq)
      lastSeq = seq
      for operation in try #require(change["patch"] as? [[String: Any]]) {
        document = try PatchApplier.apply(operation, to: document)
      }
    }
    let rebuilt = try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])
    let printed = try JSONSerialization.data(withJSONObject: states[1]["state"]!, options: [.sortedKeys])
    #expect(String(decoding: rebuilt, as: UTF8.self) == String(decoding: printed, as: UTF8.self))
  }

  @Test("replays are deterministic: the same script gives the same bytes")
  func deterministic() async throws {
    let script = "query swift\nnext\nquery language:go stars:>20000\nstate search\n"
    let first = try await ReactorBinary.run(["--offline", "--json"], input: script)
    let second = try await ReactorBinary.run(
      ["--offline", "--json"], input: script, environment: ["TZ": "Asia/Tokyo", "COLUMNS": "40"])
    #expect(first.stdout == second.stdout)
  }

  @Test("piped: a command started with & prints its answer while the input waits")
  func backgroundAnswersWhileInputWaits() async throws {
    // Piped mode runs its session on one thread; the input is read ahead on another, so a
    // pipe with nothing more to say yet does not hold up the answers already due.
    let child = try DaemonProcess(["--offline", "--json"], daemon: false)
    child.send("query swift &")
    let records = await child.wait { $0.contains { $0["mutation"] as? String == "setRepos" } }
    #expect(
      records.contains { $0["mutation"] as? String == "setRepos" }, "no answer while the input was open: \(records)")
    child.send("next")
    child.closeInput()
    let (status, all, _) = await child.finish()
    #expect(status == 0)
    #expect(all.contains { $0["mutation"] as? String == "appendRepos" })
  }

  @Test("piped: a command started with & starts before the next line runs")
  func backgroundStartsAtOnce() async throws {
    // The offline sample answers without waiting, so the first search lands before the second
    // starts; were the background command left queued behind the read-ahead lines, the second
    // search would cancel it unanswered.
    let result = try await ReactorBinary.run(["--offline", "--json"], input: "query swift &\nquery rust\n")
    #expect(result.status == 0)
    let steps = try jsonLines(result.stdout).compactMap { record -> String? in
      guard let mutation = record["mutation"] as? String else { return nil }
      return Self.query(in: record).map { "\(mutation) \($0)" } ?? mutation
    }
    #expect(steps == ["setQuery swift", "setRepos", "setQuery rust", "setRepos"])
  }

  @Test("piped mode splits lines as readLine does: CRLF, no final newline; invalid UTF-8 is refused with its line")
  func lineSplitting() async throws {
    var input = Data("query swift\r\n\nnext\r\nquery \u{1F600}\n".utf8)
    input.append(contentsOf: [0x71, 0x75, 0x65, 0x72, 0x79, 0x20, 0xFF, 0x61])  // "query \xFFa", no newline
    let child = try DaemonProcess(["--offline", "--json"], daemon: false)
    child.send(raw: input)
    child.closeInput()
    let (status, records, _) = await child.finish()
    #expect(status == 1, "a line that is not UTF-8 fails, as in the daemon")
    let queries = records.compactMap { $0["mutation"] as? String == "setQuery" ? Self.query(in: $0) : nil }
    #expect(queries == ["swift", "\u{1F600}"], "the line that is not UTF-8 did not run")
    let errors = records.filter { $0["type"] as? String == "error" }
    #expect(errors.map { $0["code"] as? String } == ["invalid-utf8"])
    #expect(errors.first?["line"] as? Int == 5)
    #expect(records.contains { $0["mutation"] as? String == "appendRepos" })
  }

  /// The query a change record's patch sets, if it sets one.
  static func query(in record: [String: Any]) -> String? {
    (record["patch"] as? [[String: Any]])?.first { $0["path"] as? String == "/query" }?["value"] as? String
  }

  @Test("piped mode never writes a history file")
  func noHistory() async throws {
    let home = NSTemporaryDirectory() + "reactor-e2e-\(UUID().uuidString)"
    _ = try await ReactorBinary.run(["--offline"], input: "query swift\n", environment: ["HOME": home])
    #expect(!FileManager.default.fileExists(atPath: home + "/.local/state/reactor/history"))
  }
}

/// A minimal RFC 6902 applier over Foundation JSON values, independent of ReactorCore's, so
/// the end-to-end invariant is not checked with the code under test.
enum PatchApplier {
  struct Failure: Error { var reason: String }

  static func apply(_ operation: [String: Any], to document: Any) throws -> Any {
    guard let op = operation["op"] as? String, let path = operation["path"] as? String else {
      throw Failure(reason: "bad op")
    }
    let tokens = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map {
      $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
    }
    return try update(document, tokens[...], op: op, value: operation["value"] ?? NSNull())
  }

  private static func update(_ node: Any, _ tokens: ArraySlice<String>, op: String, value: Any) throws -> Any {
    guard let token = tokens.first else { throw Failure(reason: "root") }
    let last = tokens.count == 1
    if var object = node as? [String: Any] {
      if last {
        switch op {
        case "add", "replace": object[token] = value
        case "remove": object[token] = nil
        default: throw Failure(reason: op)
        }
      } else {
        object[token] = try update(object[token] as Any, tokens.dropFirst(), op: op, value: value)
      }
      return object
    }
    if var array = node as? [Any] {
      if last {
        switch op {
        case "add": if token == "-" { array.append(value) } else { array.insert(value, at: Int(token)!) }
        case "replace": array[Int(token)!] = value
        case "remove": array.remove(at: Int(token)!)
        default: throw Failure(reason: op)
        }
      } else {
        array[Int(token)!] = try update(array[Int(token)!], tokens.dropFirst(), op: op, value: value)
      }
      return array
    }
    throw Failure(reason: "scalar at \(token)")
  }
}

/// libcurl is loaded when reactor first talks HTTP, never at start: `--version`, the offline
/// sample and replays do not pay for it (about 4.6 ms of every start when it was linked in).
@Suite("reactor binary: libcurl is loaded on first use")
struct LazyLibcurlTests {
  private func librariesLoaded(_ arguments: [String], input: String = "") async throws -> String {
    try await ReactorBinary.librariesLoaded(arguments, input: input)
  }

  @Test func versionAndTheOfflineSampleNeverLoadIt() async throws {
    let version = try await librariesLoaded(["--version"])
    #expect(!version.isEmpty, "LD_DEBUG wrote nothing: the check would prove nothing")
    #expect(!version.contains("libcurl"))
    #expect(!(try await librariesLoaded(["--offline"], input: "query swift\nnext\n")).contains("libcurl"))
  }

  @Test func aLiveRequestLoadsIt() async throws {
    // Nothing listens on port 9 of the loopback: the request fails, after loading libcurl.
    let loaded = try await librariesLoaded(
      ["--api-url", "http://127.0.0.1:9", "--timeout", "2"], input: "query swift\n")
    #expect(loaded.contains("libcurl.so.4"))
  }
}
