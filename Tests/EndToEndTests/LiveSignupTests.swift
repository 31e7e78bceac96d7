import Foundation
import LiveTerminal
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `reactor live signup` on a pseudo-terminal: a valid form typed and submitted prints the
/// username, and the password reaches neither the terminal, nor standard output, nor the
/// `--json-log`, nor the recording and its cassette.
@Suite("live signup on a terminal", .serialized)
struct LiveSignupTests {
  /// Characters no username, label or message of the form has, so that any of them on a screen
  /// is the password showing.
  static let password = "ZQ9VX7K"

  /// The screen the bytes so far leave, as text rows.
  static func screen(_ session: TerminalSession) -> [String] {
    var model = TerminalModel(width: LiveViewTests.columns, height: LiveViewTests.rows)
    model.feed(Array(session.text.utf8))
    return model.lines
  }

  /// Waits until a row of the screen holds every one of `texts`.
  static func wait(_ session: TerminalSession, forRowWith texts: String...) async throws {
    try await session.wait(for: "a row with \(texts)") { _, _ in
      screen(session).contains { row in texts.allSatisfy { row.contains($0) } }
    }
  }

  /// Types `text` into the focused field labelled `label` one key at a time, each after the
  /// last one was drawn, so that every key has a frame of its own: the field then holds as
  /// many characters as were typed (whatever it shows them as).
  static func type(_ text: String, into label: String, _ session: TerminalSession) async throws {
    for (index, key) in text.enumerated() {
      session.type(String(key))
      try await session.wait(for: "\(label) drawn with \(index + 1) characters") { _, _ in
        screen(session).contains { row in
          // `› Label` padded to 12 columns, then the 20-column field.
          let cells = Array(row)
          guard row.hasPrefix("› \(label)"), cells.count > 12 + index else { return false }
          return !cells[12...(12 + index)].contains(" ") && (cells.count == 13 + index || cells[13 + index] == " ")
        }
      }
    }
  }

  @Test("a valid form submitted prints the username with status 0; the password is written nowhere")
  func signup() async throws {
    let folder = NSTemporaryDirectory() + "reactor-live-signup-\(getpid())"
    try? FileManager.default.removeItem(atPath: folder)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let log = folder + "/log.ndjson"
    let record = folder + "/signup.t"
    let session = try TerminalSession(
      [
        "--offline", "--signup-failure-rate", "0", "--signup-latency", "0", "live", "--json-log", log, "--record",
        record, "signup",
      ], columns: LiveViewTests.columns, rows: LiveViewTests.rows, outputToPipe: true)
    defer { session.end() }
    try await Self.wait(session, forRowWith: "› Username")
    session.type("reactorfan")
    try await Self.wait(session, forRowWith: "reactorfan", "Username available")
    session.type("\t")
    try await Self.type(Self.password, into: "Password", session)
    session.type("\t")
    try await Self.wait(session, forRowWith: "Password", "•••••••", "✓")
    // Shift-Tab back to the password and Tab again: the repeat is typed where Tab left it.
    session.type("\u{1B}[Z\t")
    try await Self.type(Self.password, into: "Repeat", session)
    session.type("\t")
    try await Self.wait(session, forRowWith: "Repeat", "•••••••", "✓")
    try await Self.wait(session, forRowWith: "› [ Sign up ]")
    session.type("\r")
    try await Self.wait(session, forRowWith: "Welcome, reactorfan!")
    session.type("\r")
    #expect(try await session.exitStatus() == 0)
    try await session.wait(for: "the username on standard output") { _, pipe in pipe.hasSuffix("\n") }
    #expect(session.pipedText == "reactorfan\n")

    let records = try LiveViewTests.changes(log)
    #expect(records.contains { $0["action"] as? String == "password" })
    #expect(records.contains { $0["action"] as? String == "submit" && $0["mutation"] as? String == "setSubmitResult" })
    let transcript = try String(contentsOfFile: record, encoding: .utf8)
    #expect(transcript.contains("<secret>"))
    #expect(transcript.contains("@") && transcript.contains("print reactorfan"))
    let leaks = SecretLeaks.find(
      [Self.password], streams: [("the terminal", session.text), ("standard output", session.pipedText)],
      folders: [folder, NSTemporaryDirectory() + "reactor-e2e-home"])
    #expect(leaks.isEmpty, "\(leaks)")
    // The view draws only the cells that change, so a password drawn as typed would reach the
    // terminal a character at a time between cursor moves, never whole in its bytes: no screen
    // it showed, at any moment, holds a character of it.
    let shown = TerminalScreens.first(
      in: Array(session.text.utf8), width: LiveViewTests.columns, height: LiveViewTests.rows
    ) { lines in lines.contains { row in row.contains { Self.password.contains($0) } } }
    #expect(shown == nil, "a screen showed a character of the password: \(shown ?? [])")
    // Not a character of it in a key the recording kept.
    let keys = transcript.split(separator: "\n").compactMap { line -> Substring? in
      let words = line.split(separator: " ", maxSplits: 2)
      return words.count == 3 && words[1] == "key" ? words[2] : nil
    }
    #expect(!keys.isEmpty)
    #expect(!keys.contains { $0.contains { Self.password.contains($0) } }, "\(keys)")
  }
}
