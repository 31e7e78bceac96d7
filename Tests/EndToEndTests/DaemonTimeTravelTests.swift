import Foundation
import Testing

/// Time travel over the daemon: each request waits for the previous one's `end`, so the
/// history it reads is the one the requests before it made.
@Suite("reactor --daemon: time travel")
struct DaemonTimeTravelTests {
  /// Sends one request and waits for its end; returns its records.
  private func request(_ daemon: DaemonProcess, _ id: String, _ command: String) async -> [[String: Any]] {
    daemon.send(#"{"id":"\#(id)","command":"\#(command)"}"#)
    let records = await daemon.wait { $0.ends(id).count == 1 }
    return records.of(id)
  }

  @Test("trace on: effect records carry the id of the request whose command started the effect")
  func traceRecordsCarryTheRequestID() async throws {
    let daemon = try DaemonProcess(["--offline"])
    _ = await request(daemon, "t", "trace on")
    for (id, command, feature) in [("q1", "query swift", "search"), ("u", "username nvie", "signup")] {
      let effects = await request(daemon, id, command).filter { $0["type"] as? String == "effect" }
      #expect(effects.compactMap { $0["event"] as? String }.sorted() == ["end", "start"], "\(effects)")
      for effect in effects {
        #expect(effect["feature"] as? String == feature)
        #expect(effect["effectId"] != nil)
      }
    }
    daemon.closeInput()
    let (status, records, _) = await daemon.finish()
    #expect(status == 0)
    // None untagged, none under another request's id.
    let effects = records.filter { $0["type"] as? String == "effect" }
    #expect(effects.count == 4)
    #expect(effects.allSatisfy { ["q1", "u"].contains($0["id"] as? String) }, "\(effects)")
  }

  @Test("history, diff, why, watch, undo and redo as requests; the patches still add up to the state")
  func requests() async throws {
    let daemon = try DaemonProcess(["--offline"])
    _ = await request(daemon, "s0", "state search")
    _ = await request(daemon, "w", "watch search /query")
    let first = await request(daemon, "q1", "query swift")
    #expect(first.contains { $0["type"] as? String == "watch" && $0["new"] as? String == "swift" })
    _ = await request(daemon, "n", "next")
    _ = await request(daemon, "q2", "query zig")

    let history = await request(daemon, "h", "history search 2")
    let entries = history.filter { $0["type"] as? String == "history" }
    #expect(entries.map { $0["command"] as? String } == ["query zig", "query zig"])

    let why = await request(daemon, "y", "why search /query")
    let record = try #require(why.first { $0["type"] as? String == "why" })
    #expect(record["before"] as? String == "swift")
    #expect(record["value"] as? String == "zig")
    #expect(record["command"] as? String == "query zig")

    let diff = await request(daemon, "d", "diff 2 4")
    let patch = try #require(diff.first { $0["type"] as? String == "diff" }?["patch"] as? [[String: Any]])
    #expect(patch.count == 31)

    let undo = await request(daemon, "u", "undo")
    #expect(undo.ends("u").first?["status"] as? String == "ok")
    let change = try #require(undo.first { $0["type"] as? String == "change" })
    #expect(change["mutation"] as? String == "restore")
    // The watch saw the jump, attributed to the request that made it.
    #expect(undo.contains { $0["type"] as? String == "watch" && $0["new"] as? String == "swift" })

    let redo = await request(daemon, "r", "redo")
    #expect(redo.ends("r").first?["status"] as? String == "ok")
    let again = await request(daemon, "r2", "redo")
    #expect(again.ends("r2").first?["status"] as? String == "error")
    #expect(again.first { $0["type"] as? String == "error" }?["code"] as? String == "nothing-to-redo")

    _ = await request(daemon, "s", "state search")
    daemon.closeInput()
    let (status, records, _) = await daemon.finish()
    #expect(status == 0)

    // Applying every search change's patch in seq order gives the state the daemon printed.
    var document = try #require(
      records.of("s0").first { $0["type"] as? String == "state" }?["state"] as? [String: Any])
    for record in records where record["type"] as? String == "change" && record["feature"] as? String == "search" {
      for operation in record["patch"] as? [[String: Any]] ?? [] {
        let path = (operation["path"] as? String ?? "").split(separator: "/").map(String.init)
        let value = operation["value"] ?? NSNull()
        if path.count == 1 {
          document[path[0]] = value
        } else if path.count == 2, path[1] == "-", var list = document[path[0]] as? [Any] {
          list.append(value)
          document[path[0]] = list
        } else {
          Issue.record("an operation this test does not apply: \(operation)")
        }
      }
    }
    let state = try #require(records.of("s").first { $0["type"] as? String == "state" }?["state"] as? [String: Any])
    // Key by key: a bridged NSDictionary of Swift arrays does not compare equal to a parsed one.
    #expect(Set(document.keys) == Set(state.keys))
    for key in state.keys {
      let same = (document[key] as? NSObject)?.isEqual(state[key]) ?? (document[key] == nil)
      #expect(
        same,
        "\(key): \(String(describing: document[key]).prefix(300)) != \(String(describing: state[key]).prefix(300))")
    }
    #expect((state["query"] as? String) == "zig")
  }
}
