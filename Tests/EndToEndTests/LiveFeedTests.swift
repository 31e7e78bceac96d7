import Foundation
import LiveTerminal
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `reactor live feed` on a pseudo-terminal: the opening refresh, a page loaded by End, a 304 on
/// `r`, and the event Enter prints, with the REPL's NDJSON in `--json-log`.
@Suite("live feed on a terminal", .serialized)
struct LiveFeedTests {
  @Test("a page loads unasked when a screenful needs it, End loads more, r gets a 304, Enter prints the event")
  func feed() async throws {
    let log = LiveViewTests.scratch("feed")
    defer { try? FileManager.default.removeItem(atPath: log) }
    let session = try TerminalSession(
      ["--offline", "live", "--json-log", log, "feed"], columns: LiveViewTests.columns, rows: LiveViewTests.rows,
      outputToPipe: true)
    defer { session.end() }
    // A screenful of rows is within a screenful of the first page's end: the second loads unasked.
    try await LiveViewTests.wait(session, forRow: "60 events")
    #expect(LiveViewTests.screen(session).first?.contains("1. torvalds pushed to torvalds/linux") == true)
    session.type("\u{1B}[F")
    try await LiveViewTests.wait(session, forRow: "90 events")
    session.type("r")
    try await LiveViewTests.wait(session, forRow: "no new events")
    session.type("\r")
    #expect(try await session.exitStatus() == 0)
    try await session.wait(for: "the event on standard output") { _, pipe in pipe.hasSuffix("\n") }
    #expect(session.pipedText == "torvalds pushed to torvalds/linux\n")
    let mutations = try LiveViewTests.changes(log).compactMap { record -> String? in
      guard let action = record["action"] as? String, let mutation = record["mutation"] as? String else { return nil }
      return "\(action) \(mutation)"
    }
    #expect(
      mutations == [
        "refresh setRefreshing", "refresh setEvents", "more setLoadingMore", "more appendEvents",
        "more setLoadingMore", "more appendEvents", "refresh setRefreshing", "refresh setNotModified",
      ])
  }
}
