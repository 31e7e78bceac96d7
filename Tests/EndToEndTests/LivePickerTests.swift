import Foundation
import LiveTerminal
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `reactor live` on a pseudo-terminal with fzf's keys (issue 38): Alt-keys never leave, the
/// escape delay (`ESCDELAY`) with sequences split across reads, Ctrl-J/K/N/P, Ctrl-L, clicks,
/// `--multi` and `--preview`. What Enter prints is read from the pipe on standard output.
@Suite("live view with fzf's keys on a terminal", .serialized)
struct LivePickerTests {
  func start(_ arguments: [String], environment: [String: String] = [:]) throws -> TerminalSession {
    try TerminalSession(
      ["--offline", "live", "--throttle", "0"] + arguments, environment: environment, columns: LiveViewTests.columns,
      rows: LiveViewTests.rows, outputToPipe: true)
  }

  /// The repositories the list shows, top to bottom (`   2. apple/swift ...` gives `apple/swift`).
  static func names(_ session: TerminalSession) -> [String] {
    LiveViewTests.screen(session).compactMap { line -> String? in
      let words = line.split(separator: " ", omittingEmptySubsequences: true)
      guard words.count >= 2, words[0].hasSuffix("."), Int(words[0].dropLast()) != nil else { return nil }
      return String(words[1])
    }
  }

  /// The screen's first row, the query line, without the blanks after it.
  static func queryLine(_ session: TerminalSession) -> String {
    let line = LiveViewTests.screen(session).first ?? ""
    return String(line.reversed().drop { $0 == " " }.reversed())
  }

  static func waitForQuery(_ session: TerminalSession, _ text: String) async throws {
    try await session.wait(for: "the query line \(text.debugDescription)") { _, _ in queryLine(session) == text }
  }

  /// Waits for Enter's output (a line or more, ending with a newline) and the exit status.
  static func printed(_ session: TerminalSession) async throws -> (status: Int32, lines: [String]) {
    let status = try await session.exitStatus()
    if status == 0 { try await session.wait(for: "the output") { _, pipe in pipe.hasSuffix("\n") } }
    return (status, session.pipedText.split(separator: "\n").map(String.init))
  }

  @Test("Alt-Backspace deletes a word and every other Alt-key is ignored: none leaves the view; a lone Esc does")
  func altKeysNeverLeave() async throws {
    let session = try start([])
    defer { session.end() }
    try await LiveViewTests.wait(session, forRow: "search>")
    session.type("apple swift")
    try await Self.waitForQuery(session, "search> apple swift")
    session.type("\u{1B}\u{7F}")
    try await Self.waitForQuery(session, "search> apple")
    // Each as a terminal sends it with Alt held, in a read of its own; then a key that shows.
    for alt in ["\u{1B}d", "\u{1B}x", "\u{1B}.", "\u{1B}\r", "\u{1B}\u{1B}", "\u{1B}é", "\u{1B}\u{1B}[A"] {
      session.type(alt)
    }
    session.type("Z")
    try await Self.waitForQuery(session, "search> apple Z")
    session.type("\u{1B}")
    #expect(try await Self.printed(session) == (130, []))
  }

  @Test("in the signup form Alt-Backspace deletes a word; in a password Ctrl-W and Alt-Backspace erase it whole")
  func signupAltKeysAndPasswords() async throws {
    let session = try TerminalSession(
      ["--offline", "--signup-failure-rate", "0", "--signup-latency", "0", "live", "signup"],
      columns: LiveViewTests.columns, rows: LiveViewTests.rows, outputToPipe: true)
    defer { session.end() }
    try await LiveSignupTests.wait(session, forRowWith: "› Username")
    session.type("reactor fan")
    try await LiveSignupTests.wait(session, forRowWith: "Username", "reactor fan")
    session.type("\u{1B}\u{7F}")
    try await session.wait(for: "the username's last word gone") { _, _ in
      LiveSignupTests.screen(session).contains {
        $0.contains("Username") && $0.contains("reactor") && !$0.contains("fan")
      }
    }
    session.type("\t" + "ab cd ef")
    try await LiveSignupTests.wait(session, forRowWith: "Password", "••••••••")
    session.type("\u{1B}\u{7F}")
    try await session.wait(for: "the password erased by Alt-Backspace") { _, _ in
      LiveSignupTests.screen(session).contains { $0.contains("Password") && !$0.contains("•") }
    }
    session.type("gh ij")
    try await LiveSignupTests.wait(session, forRowWith: "Password", "•••••")
    session.type("\u{17}")
    try await session.wait(for: "the password erased by Ctrl-W") { _, _ in
      LiveSignupTests.screen(session).contains { $0.contains("Password") && !$0.contains("•") }
    }
    session.type("\u{1B}")
    #expect(try await Self.printed(session) == (130, []))
  }

  @Test("ESCDELAY=10000: an Esc whose next bytes come 400 ms later joins them: Alt-Backspace, a Down arrow")
  func escapeDelayJoinsSplitSequences() async throws {
    // The longest delay there is: the 400 ms sleep is a wait on the test's side, which a loaded
    // machine can stretch by seconds (it did, to past a delay of 3000), and the bytes must
    // still come within the delay. Nothing here waits for the delay to pass.
    let session = try start([], environment: ["ESCDELAY": "10000"])
    defer { session.end() }
    try await LiveViewTests.wait(session, forRow: "search>")
    session.type("ab cd")
    try await Self.waitForQuery(session, "search> ab cd")
    session.type("\u{1B}")
    try await Task.sleep(for: .milliseconds(400))
    session.type("\u{7F}")
    try await Self.waitForQuery(session, "search> ab")

    let list = try start(["language:swift"], environment: ["ESCDELAY": "10000"])
    defer { list.end() }
    try await LiveViewTests.wait(list, forRow: " 3. ")
    let names = Self.names(list)
    list.type("\u{1B}")
    try await Task.sleep(for: .milliseconds(400))
    list.type("[B\r")
    #expect(try await Self.printed(list) == (0, [names[1]]))
  }

  @Test("ESCDELAY: a lone Esc leaves once the delay has passed with no byte after it")
  func escapeDelayEndsALoneEscape() async throws {
    let session = try start(["language:swift"], environment: ["ESCDELAY": "10"])
    defer { session.end() }
    try await LiveViewTests.wait(session, forRow: " 1. ")
    session.type("\u{1B}")
    #expect(try await Self.printed(session) == (130, []))
  }

  @Test("ESCDELAY that is not a number of milliseconds is refused with exit status 2 before the view opens")
  func badEscapeDelay() async throws {
    for value in ["abc", "-5", "10001", "1.5"] {
      let session = try start(["language:swift"], environment: ["ESCDELAY": value])
      defer { session.end() }
      #expect(try await session.exitStatus() == 2, "\(value)")
      #expect(session.text.contains("ESCDELAY must be a whole number of milliseconds"), "\(value): \(session.text)")
      #expect(!LiveViewTests.model(session).isAlternateScreen)
    }
  }

  @Test("fzf's movement keys: Ctrl-J and Ctrl-N move down, Ctrl-K and Ctrl-P up; Enter prints where they left it")
  func movementKeys() async throws {
    let session = try start(["language:swift"])
    defer { session.end() }
    try await LiveViewTests.wait(session, forRow: " 4. ")
    let names = Self.names(session)
    // Down, down, up, down, down, up: the third row.
    session.type("\n\n\u{0B}\u{0E}\u{0E}\u{10}\r")
    #expect(try await Self.printed(session) == (0, [names[2]]))
  }

  @Test("Ctrl-L repaints the whole screen")
  func controlLRepaints() async throws {
    let session = try start(["language:swift"])
    defer { session.end() }
    try await LiveViewTests.wait(session, forRow: " 1. ")
    let clears = session.text.components(separatedBy: "\u{1B}[2J").count - 1
    session.type("\u{0C}")
    try await session.wait(forScreen: "\u{1B}[2J", count: clears + 1)
    try await LiveViewTests.wait(session, forRow: " 1. ")
    session.type("\u{1B}")
    #expect(try await Self.printed(session) == (130, []))
  }

  @Test("a click selects the row under it; a double click prints it")
  func clicks() async throws {
    let session = try start(["language:swift"])
    defer { session.end() }
    try await LiveViewTests.wait(session, forRow: " 4. ")
    let names = Self.names(session)
    // SGR reports count from 1: row 4 of the terminal is the list's third row (the query is row 1).
    session.type("\u{1B}[<0;10;4M\u{1B}[<0;10;4m")
    session.type("\r")
    #expect(try await Self.printed(session) == (0, [names[2]]))

    let again = try start(["language:swift"])
    defer { again.end() }
    try await LiveViewTests.wait(again, forRow: " 4. ")
    again.type(String(repeating: "\u{1B}[<0;10;3M\u{1B}[<0;10;3m", count: 2))
    #expect(try await Self.printed(again) == (0, [names[1]]))
  }

  @Test(
    "--multi: Tab marks and moves down, Shift-Tab unmarks; Enter prints the marked rows in the order marked; recorded with --preview, it replays"
  )
  func multi() async throws {
    let record = NSTemporaryDirectory() + "reactor-live-multi-\(getpid()).t"
    defer {
      try? FileManager.default.removeItem(atPath: record)
      try? FileManager.default.removeItem(atPath: record + ".cassette.json")
    }
    let session = try start(["--multi", "--preview", "--record", record, "--force", "language:swift"])
    defer { session.end() }
    try await LiveViewTests.wait(session, forRow: " 5. ")
    let names = Self.names(session)
    // Marks 1 and 2, Down to 4 and a mark, Shift-Tab back onto 4 unmarks it, Up and a mark on 3,
    // then the fifth row by a click and a mark, three Ups and a mark: 1, 2, 5, 3, in the order made.
    session.type("\t\t\u{1B}[B\t\u{1B}[Z")
    try await LiveViewTests.wait(session, forRow: "2 marked")
    session.type("\u{1B}[<0;10;6M\u{1B}[<0;10;6m\t\u{1B}[A\u{1B}[A\u{1B}[A\t")
    try await LiveViewTests.wait(session, forRow: "4 marked")
    session.type("\r")
    #expect(try await Self.printed(session) == (0, [names[0], names[1], names[4], names[2]]))
    let transcript = try String(contentsOfFile: record, encoding: .utf8)
    #expect(transcript.contains("\n%multi\n") && transcript.contains("\n%preview\n"), "\(transcript)")
    #expect(transcript.contains("<click-5-9>") && transcript.contains("<backtab>"), "\(transcript)")
    let replay = try await ReactorBinary.run(["replay", record])
    #expect(replay.status == 0, "\(replay.stdout)")
  }

  @Test("--preview: the selection's record beside the list, following it; ? hides and shows it; no request made")
  func preview() async throws {
    let session = try start(["--preview", "language:swift"])
    defer { session.end() }
    try await LiveViewTests.wait(session, forRow: "Forks")
    let names = Self.names(session)
    func pane() -> [String] {
      LiveViewTests.screen(session).compactMap { $0.split(separator: "│", maxSplits: 1).dropFirst().first }.map(
        String.init)
    }
    #expect(pane().first?.hasPrefix(names[0]) == true, "\(pane())")
    #expect(pane().contains { $0.hasPrefix("URL") && $0.contains("https://github.com/\(names[0])") }, "\(pane())")
    session.type("\u{0E}")
    try await session.wait(for: "the pane on the second row") { _, _ in pane().first?.hasPrefix(names[1]) == true }
    session.type("?")
    try await session.wait(for: "the pane hidden") { _, _ in
      pane().isEmpty && LiveViewTests.screen(session).contains { $0.contains(" 2. ") && $0.contains("★") }
    }
    #expect(Self.queryLine(session) == "search> language:swift")
    session.type("?")
    try await session.wait(for: "the pane shown again") { _, _ in pane().first?.hasPrefix(names[1]) == true }
    session.type("\u{1B}")
    #expect(try await Self.printed(session) == (130, []))
  }
}
