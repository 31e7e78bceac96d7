import Foundation
import LiveTerminal
import TestSupport
import Testing

/// Where the live view opens and where it is refused, in the words reactor(1) uses.
@Suite("live view: where it opens and how it is refused", .serialized)
struct LiveRefusalTests {
  @Test("-c 'live ...' at a terminal opens the view and prints the selection as the command's output")
  func commandLineOpensTheView() async throws {
    let session = try TerminalSession(
      ["--offline", "-c", "live language:rust"], columns: LiveViewTests.columns, rows: LiveViewTests.rows,
      outputToPipe: true)
    defer { session.end() }
    try await LiveViewTests.wait(session, forRow: " 1. ")
    session.type("\u{1B}[B\r")
    #expect(try await session.exitStatus() == 0)
    try await session.wait(for: "the selection on standard output") { _, pipe in pipe.hasSuffix("\n") }
    #expect(session.pipedText == "rust-lang/rust\n", "\(session.pipedText)")
    try await LiveViewTests.waitForMainScreen(session)
    #expect(LiveViewTests.model(session).modesLeftOn.isEmpty)
  }

  @Test("live from piped input is refused with no-terminal and the message reactor(1) gives")
  func pipedInputIsRefused() async throws {
    let result = try await ReactorBinary.run(["--offline"], input: "live swift\n")
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "error: line 1: live: not here (pipes, replays, the daemon and recorded sessions have no screen for it); run 'reactor live ...' from a shell\n",
      "\(result.stderr)")
  }

  @Test("a negative duration is out of range, not a missing value")
  func negativeDurations() async throws {
    for (arguments, message) in [
      (["--throttle", "-1", "live"], "error: --throttle must be from 0 to 60 seconds, got -1"),
      (["--offline", "--throttle=-250ms", "-c", "live"], "error: --throttle must be from 0 to 60 seconds, got -0.25"),
      (["--timeout", "-5s", "--offline"], "error: --timeout must be more than 0 and at most 600 seconds, got -5"),
      (
        ["--signup-failure-rate", "-1", "--offline"],
        "error: --signup-failure-rate expects a number from 0 to 1, got '-1'"
      ),
      (
        ["--signup-latency", "-1s", "--offline"],
        "error: --signup-latency expects a duration from 0 to 60 seconds, such as 1.5s, got '-1s'"
      ),
    ] {
      let result = try await ReactorBinary.run(arguments)
      #expect(result.status == 2, "\(arguments)")
      #expect(result.stderr.hasPrefix(message), "\(arguments): \(result.stderr)")
    }
  }
}
