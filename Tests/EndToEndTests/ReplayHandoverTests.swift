import Foundation
import Testing

/// `reactor replay --until` and `--step`: the first commands are replayed and checked, then the
/// session is handed over in that state.
@Suite("reactor replay --until and --step")
struct ReplayHandoverTests {
  static let transcripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Transcripts")

  static func path(_ name: String) -> String { transcripts.appendingPathComponent(name).path }

  @Test("on a pipe, the rest of standard input continues from the replayed state")
  func pipe() async throws {
    let result = try await ReactorBinary.run(
      ["--offline", "replay", "--until", "2", Self.path("time-travel-undo.t")],
      input: "history\nundo\nquery zig\nstate search\n")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("replay: 2 of 17 commands"))
    #expect(result.stderr.contains("output as recorded"))
    #expect(result.stderr.contains("other requests go to the offline sample"))
    // The history holds the replayed commands; undo steps back over `next`.
    #expect(result.lines.contains { $0.hasPrefix("  4  search   next") })
    #expect(result.lines.contains("undo: next"))
    #expect(result.lines.contains("restored: query \"swift\", 30 repos"))
    // A request the cassette never recorded is answered by the offline sample.
    #expect(result.lines.contains("query: \"swift\" -> \"zig\""))
    #expect(result.lines.contains("+ 3 repos (1-3) of 3"))
  }

  @Test("a Control-C line is not a command: --until counts what was typed, as the recorder does")
  func interruptIsNoCommand() async throws {
    let result = try await ReactorBinary.run(
      ["--offline", "replay", "--until", "1", Self.path("interrupt.t")], input: "state signup\n")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("replay: 1 of 5 commands"), "\(result.stderr)")
    // The Control-C after the first command ran with it: the submission was cancelled.
    #expect(result.stdout.contains(#""message": "Signup failed: cancelled""#), "\(result.stdout)")
  }

  @Test("a replay whose output differs says so, still hands over, and exits 1")
  func mismatch() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("handover-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let name = "time-travel-goto.t"
    let text = try String(contentsOfFile: Self.path(name), encoding: .utf8)
      .replacingOccurrences(of: "+ 30 repos (31-60)", with: "+ 29 repos (31-59)")
    try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
    try FileManager.default.copyItem(
      atPath: Self.path(name + ".cassette.json"), toPath: directory.appendingPathComponent(name + ".cassette.json").path
    )
    let result = try await ReactorBinary.run(
      ["--offline", "replay", "--until", "3", directory.appendingPathComponent(name).path], input: "history 1\n")
    #expect(result.status == 1)
    #expect(result.stderr.contains("replay: command 2 differs from the transcript"))
    #expect(result.stderr.contains("-+ 29 repos (31-59)"))
    #expect(result.lines.contains { $0.hasPrefix("  6  search   query zig") })
  }

  @Test(
    "bad uses are refused",
    arguments: [
      (["replay", "--until", "99", "time-travel-goto.t"], Int32(2), "has 11 commands"),
      (["replay", "--until=-1", "time-travel-goto.t"], 2, "--until must be 0 or more"),
      (["replay", "--until", "1", "time-travel-goto.t", "time-travel-why.t"], 2, "replay one file"),
      (["replay", "--update", "--until", "1", "time-travel-goto.t"], 2, "cannot be combined"),
      (["replay", "--step", "time-travel-goto.t"], 2, "--step needs a terminal"),
      (["replay", "--until", "2", "daemon.t"], 2, "%daemon transcript"),
    ])
  func refused(_ arguments: [String], status: Int32, message: String) async throws {
    let resolved = arguments.map { $0.hasSuffix(".t") ? Self.path($0) : $0 }
    let result = try await ReactorBinary.run(resolved)
    #expect(result.status == status)
    #expect(result.stderr.contains(message), "\(result.stderr)")
  }

  @Test("on a terminal, --step pauses before each command; q stops there and a REPL takes over")
  func step() async throws {
    let result = try await ReactorBinary.run(
      ["--offline", "replay", "--step", Self.path("time-travel-goto.t")], input: "\rqhistory\rquit\r",
      environment: ["COLUMNS": "100"], terminal: true)
    #expect(result.status == 0, "\(result.stdout)")
    #expect(result.stdout.contains("> query swift  [Enter: run; c: run the rest; Ctrl-C: stop here]"))
    #expect(result.stdout.contains("> next  [Enter: run; c: run the rest; Ctrl-C: stop here]"))
    #expect(result.stdout.contains("replay: 1 of 11 commands"))
    #expect(result.stdout.contains("  2  search   query swift  setRepos"))
    #expect(!result.stdout.contains("+ 30 repos (31-60)"))
  }
}
