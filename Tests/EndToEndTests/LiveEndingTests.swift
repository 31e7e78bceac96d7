import Foundation
import LiveTerminal
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// How a live view ends when no key ends it, recorded (binary, pty): the recording says what
/// ended it, so its replay ends the same way.
@Suite("live view: a signal's end, recorded and replayed (binary, pty)", .serialized)
struct LiveEndingTests {
  @Test("a live recording ended by a signal says which, and replays with its status", arguments: [SIGTERM, SIGHUP])
  func signalRecorded(signal: Int32) async throws {
    try await TranscriptToolTests.withDirectory { directory in
      let path = directory + "/l.t"
      let session = try TerminalSession(
        ["--offline", "live", "--record", path, "language:swift"], environment: ["HOME": directory],
        columns: LiveViewTests.columns, rows: LiveViewTests.rows, outputToPipe: true)
      defer { session.end() }
      try await LiveViewTests.wait(session, forRow: " 1. ")
      session.type("\u{1B}[B")
      try await session.wait(for: "the second row selected (reverse video)") { _, _ in
        let model = LiveViewTests.model(session)
        guard let row = model.lines.firstIndex(where: { $0.contains(" 2. ") }) else { return false }
        return model.cell(at: .init(row: row, column: 4)).attributes.reverse
      }
      session.send(signal)
      #expect(try await session.exitStatus() == 128 + signal)
      let text = TranscriptToolTests.read(path)
      let name = signal == SIGTERM ? "TERM" : "HUP"
      #expect(text.contains(" signal \(name)\n"), "\(text)")
      #expect(text.hasSuffix(" exit \(128 + signal)\n"), "\(text)")
      let replay = try await ReactorBinary.run(["replay", path])
      #expect(replay.status == 0, "\(replay.stdout)\(replay.stderr)\n\(text)")
      // Without the signal, nothing in the recording ends the view.
      let cut = text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.contains(" signal ") }
      try cut.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
      let broken = try await ReactorBinary.run(["replay", path])
      #expect(broken.status == 1)
      #expect(broken.stdout.contains("the view did not exit"), "\(broken.stdout)")
    }
  }
}
