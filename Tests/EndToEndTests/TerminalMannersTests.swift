import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The REPL as a user meets it on a terminal: keys typed one at a time on a pseudo-terminal,
/// each step waiting for what the screen shows (issue 22, items 1 to 5).
@Suite("reactor binary: the REPL's manners on a terminal")
struct TerminalMannersTests {
  private static let offline = ["--offline", "--color", "never"]
  private static let ctrlC = "\u{3}"
  private static let ctrlD = "\u{4}"
  private static let up = "\u{1B}[A"

  /// A loopback GitHub whose searches wait for `release` and then fail with a 422, and whose
  /// user lookups answer at once that the login is free.
  private static func heldServer(_ release: Latch) throws -> LoopbackServer {
    try LoopbackServer { request in
      guard request.pathAndQuery.hasPrefix("/search") else { return .json(404, #"{"message":"Not Found"}"#) }
      release.wait()
      return .json(422, #"{"message":"Validation Failed"}"#)
    }
  }

  /// Waits until the server has received `count` requests: the command is running.
  private static func waitForRequests(_ server: LoopbackServer, _ count: Int = 1) async throws {
    let seen = await poll(every: .milliseconds(2), timeout: TerminalSession.patience) {
      server.requests.count >= count
    }
    guard seen else { throw TerminalSession.Failure("the server saw no request") }
  }

  /// Runs `body` with a REPL against a ``heldServer(_:)`` (with a HOME of its own) once
  /// `command`, a search, has reached the server, so the command is running; the latch releases
  /// the server's answer.
  private static func whileSearching(
    _ command: String, _ body: (TerminalSession, Latch) async throws -> Void
  ) async throws {
    try await onTerminal { home in
      let release = Latch()
      defer { release.set() }
      let server = try heldServer(release)
      let repl = try TerminalSession(["--api-url", server.baseURL, "--color", "never"], environment: ["HOME": home])
      try await repl.wait(forScreen: "reactor> ")
      repl.type(command)
      try await waitForRequests(server)
      try await body(repl, release)
    }
  }

  /// `text` without its escape sequences (CSI such as `ESC [ K`, and two-byte ones) and
  /// carriage returns: the characters a terminal would print.
  private static func printable(_ text: Substring) -> String {
    var result = ""
    var scalars = text.unicodeScalars[...]
    while let scalar = scalars.popFirst() {
      if scalar == "\r" { continue }
      guard scalar == "\u{1B}" else {
        result.unicodeScalars.append(scalar)
        continue
      }
      guard scalars.first == "[" else {
        _ = scalars.popFirst()
        continue
      }
      _ = scalars.popFirst()
      // Parameters and intermediates, then one final byte from @ to ~.
      while let next = scalars.popFirst(), !(0x40...0x7E).contains(next.value) {}
    }
    return result
  }

  /// Runs `body` with an offline REPL (and `arguments`) of a HOME of its own, once its
  /// prompt shows.
  private static func atThePrompt(
    adding arguments: [String] = [], columns: Int = 100, _ body: (TerminalSession) async throws -> Void
  ) async throws {
    try await onTerminal { home in
      let repl = try TerminalSession(offline + arguments, environment: ["HOME": home], columns: columns)
      try await repl.wait(forScreen: "reactor> ")
      try await body(repl)
    }
  }

  /// Runs `body` with a HOME of its own.
  private static func onTerminal(_ body: (String) async throws -> Void) async throws {
    try await ReactorBinary.withScratchHome { home in try await body(home) }
  }

  /// Once the `prompts`-th prompt is on the screen, Ctrl-D; the session must end, with status 0
  /// when no command failed (what a failed command makes it is not this suite's to say).
  private static func leave(_ repl: TerminalSession, prompts: Int, anyFailed: Bool = false) async throws {
    try await repl.wait(forScreen: "reactor> ", count: prompts)
    repl.type(ctrlD)
    let status = try await repl.exitStatus()
    if !anyFailed { #expect(status == 0, "\(repl.text.suffix(1500))") }
  }

  // MARK: - 1. Ctrl-C and Ctrl-D

  @Test("Ctrl-C at the prompt discards the typed line and shows a fresh prompt")
  func ctrlCAtThePrompt() async throws {
    try await Self.atThePrompt { repl in
      repl.type("query swi")
      try await repl.wait(forScreen: "query swi")
      repl.type(Self.ctrlC)
      try await repl.wait(forScreen: "reactor> ", count: 2)
      repl.type("query go\r")
      try await repl.wait(forScreen: #"query: "go""#)
      #expect(!repl.text.contains("swiquery"))
      try await Self.leave(repl, prompts: 3)
    }
  }

  @Test("keys are read as UTF-8: accents and wide characters arrive intact")
  func unicodeInput() async throws {
    try await Self.atThePrompt { repl in
      repl.type("query café 漢字\r")
      try await repl.wait(forScreen: #"query: "café 漢字""#)
      try await Self.leave(repl, prompts: 2)
    }
  }

  @Test("Ctrl-C while a command runs cancels it, and its message starts a line of its own")
  func ctrlCWhileRunning() async throws {
    try await Self.whileSearching("query swift\r") { repl, release in
      repl.type(Self.ctrlC)
      try await repl.wait(forScreen: "search cancelled")
      try await repl.wait(forScreen: "reactor> ", count: 2)
      // The terminal echoes the key itself (a bare ETX byte, which shows nothing).
      let shown = repl.text.replacingOccurrences(of: "\u{3}", with: "")
      // At the start of a line: after a newline, or above the next prompt if that was drawn
      // first (the prompt's row cleared, the message printed, the prompt drawn again).
      #expect(
        shown.contains("\nsearch cancelled") || shown.contains("\r\u{1B}[Jsearch cancelled"),
        "\(shown.suffix(300).debugDescription)")
      #expect(!shown.contains("^Csearch cancelled"))
      try await Self.leave(repl, prompts: 2)
      // The terminal is left as it was found.
      #expect(repl.echoesControlCharacters)
    }
  }

  @Test("Ctrl-D ends the prompt's line before exiting, so the shell's prompt starts a line")
  func ctrlDEndsTheLine() async throws {
    try await Self.atThePrompt { repl in
      repl.type(Self.ctrlD)
      try await repl.wait(for: "a newline after the last prompt") { screen, _ in
        guard let prompt = screen.range(of: "reactor> ", options: .backwards) else { return false }
        return screen[prompt.upperBound...].contains("\n")
      }
      #expect(try await repl.exitStatus() == 0)
    }
  }

  @Test("the banner goes to standard error, so `reactor | tee log` keeps only output")
  func bannerOnStandardError() async throws {
    try await Self.onTerminal { home in
      let repl = try TerminalSession(Self.offline, environment: ["HOME": home], outputToPipe: true)
      try await repl.wait(forScreen: "type 'help' for commands")
      repl.type("query swift\r")
      try await repl.wait(for: "the search's output in the pipe") { _, pipe in pipe.contains(#"query: "swift""#) }
      repl.type(Self.ctrlD)
      #expect(try await repl.exitStatus() == 0)
      #expect(!repl.pipedText.contains("type 'help'"), "\(repl.pipedText)")
    }
  }

  @Test("output that arrives at the hidden password prompt prints above it, and the prompt is drawn again")
  func outputAboveThePasswordPrompt() async throws {
    try await Self.atThePrompt(adding: ["--signup-latency", "1s", "--signup-failure-rate", "0"]) { repl in
      repl.type("signup zz9newbie hunter22 hunter22 &\r")
      try await repl.wait(forScreen: "reactor> ", count: 2)
      repl.type("password\r")
      try await repl.wait(for: "the hidden prompt") { screen, _ in screen.hasSuffix("password: ") }
      // The submission, a second long, ends while the prompt waits.
      try await repl.wait(forScreen: "Welcome, zz9newbie!")
      try await repl.wait(for: "the prompt drawn again", promptDrawnAgain)
      #expect(!repl.text.contains("password: Welcome"))
      repl.type("hunter22\r")
      try await repl.wait(forScreen: "password: set")
      try await Self.leave(repl, prompts: 3)
    }
  }

  @Test("leaving with a command still running in the background says what it waits for; Ctrl-C ends it")
  func leavingSaysWhatItWaitsFor() async throws {
    try await Self.atThePrompt { repl in
      repl.type("sleep 1h &\r")
      try await repl.wait(forScreen: "reactor> ", count: 2)
      repl.type("quit\r")
      try await repl.wait(forScreen: "waiting for 1 command started with &; Ctrl-C cancels it")
      repl.type(Self.ctrlC)
      #expect(try await repl.exitStatus() == 0)
    }
  }

  @Test("lines and Ctrl-D typed while a command runs: the lines run in order, then the session ends")
  func typedAheadEnd() async throws {
    try await Self.whileSearching("query swift\r") { repl, release in
      // Typed while the search waits: the terminal, not the editor, holds these keys.
      repl.type("state signup\rlimits\r" + Self.ctrlD)
      release.set()
      try await repl.wait(forScreen: "no rate-limit budget yet")
      // Ends without a prompt to answer: a lost Ctrl-D left the session waiting at one.
      #expect(try await repl.exitStatus() == 0, "\(repl.text.suffix(1500))")
      let screen = repl.text
      let error = try #require(screen.range(of: "Validation Failed"), "\(screen.suffix(1500))")
      let state = try #require(screen.range(of: "signup:", range: error.upperBound..<screen.endIndex))
      #expect(screen[state.upperBound...].contains("no rate-limit budget yet"), "\(screen.suffix(1500))")
    }
  }

  @Test("resumed after a stop (Ctrl-Z, then fg), the editor draws the prompt and the typed line again")
  func resumedAfterStop() async throws {
    try await Self.atThePrompt { repl in
      repl.type("query sw")
      try await repl.wait(forScreen: "query sw")
      // What a shell's `fg` sends. (Here the process leads its own session, so a real Ctrl-Z,
      // sent to an orphaned process group, would be discarded.)
      repl.send(SIGCONT)
      // The second prompt, and after it the typed line drawn again: what the screen shows
      // there once escape sequences (cursor moves, erasing) are taken out.
      try await repl.wait(for: "the prompt drawn again with the typed line after it") { screen, _ in
        guard let prompt = screen.ranges(of: "reactor> ").dropFirst().first else { return false }
        return Self.printable(screen[prompt.upperBound...]).hasPrefix("query sw")
      }
      repl.type("ift\r")
      try await repl.wait(forScreen: #"query: "swift""#)
      try await Self.leave(repl, prompts: 3)
    }
  }

  // MARK: - 2. Output while the user types

  @Test("output that arrives while the user types is printed above the prompt; the typed line stays intact")
  func outputAboveThePrompt() async throws {
    try await Self.whileSearching("query swift &\r") { repl, release in
      try await repl.wait(forScreen: "reactor> ", count: 2)
      repl.type("username nvi")
      try await repl.wait(forScreen: "username nvi")
      release.set()
      try await repl.wait(forScreen: "Validation Failed")
      try await repl.wait(for: "the typed line drawn again below the error") { screen, _ in
        guard let error = screen.range(of: "Validation Failed", options: .backwards) else { return false }
        return screen[error.upperBound...].contains("reactor> username nvi")
      }
      #expect(!repl.text.contains("nvierror"))
      repl.type("e\r")
      try await repl.wait(forScreen: #"username: "nvie""#)
      try await Self.leave(repl, prompts: 4, anyFailed: true)
    }
  }

  // MARK: - 3. Width

  @Test("after a resize (SIGWINCH) the next output fits the new width")
  func resize() async throws {
    try await Self.atThePrompt { repl in
      repl.type("query swift\r")
      try await repl.wait(forScreen: "reactor> ", count: 2)
      #expect(Self.resultLines(repl.text, after: #"query: "swift""#).contains { $0.count > 50 })
      repl.resize(columns: 50)
      // The prompt is drawn again for the new width: the resize has been taken in.
      try await repl.wait(forScreen: "reactor> ", count: 3)
      repl.type("query rust\r")
      try await repl.wait(forScreen: #"query: "swift" -> "rust""#)
      try await repl.wait(forScreen: "reactor> ", count: 4)
      let lines = Self.resultLines(repl.text, after: #"query: "swift" -> "rust""#)
      #expect(lines.count == 30)
      for line in lines { #expect(line.count <= 50, "\(line)") }
      try await Self.leave(repl, prompts: 4)
    }
  }

  /// The numbered result lines printed after `marker`, up to the next prompt.
  private static func resultLines(_ screen: String, after marker: String) -> [String] {
    guard let start = screen.range(of: marker, options: .backwards) else { return [] }
    let rest = screen[start.upperBound...]
    let end = rest.range(of: "reactor> ")?.lowerBound ?? rest.endIndex
    return rest[..<end].components(separatedBy: "\r\n").filter { line in
      line.drop { $0 == " " }.prefix { $0.isNumber }.count > 0 && line.contains(". ")
    }
  }

  // MARK: - 4. A REPL whenever standard input is a terminal

  @Test("reactor | tee keeps prompt, completion and history on the terminal; results go down the pipe")
  func teeKeepsTheREPL() async throws {
    try await Self.onTerminal(Self.teeSession)
  }

  // A function of its own: as a closure, this body crashed the compiler (SendNonSendable).
  private static func teeSession(home: String) async throws {
    let repl = try TerminalSession(offline, environment: ["HOME": home], outputToPipe: true)
    try await repl.wait(forScreen: "reactor> ")
    repl.type("que\t")
    try await repl.wait(forScreen: "ry ")
    repl.type("swift\r")
    try await repl.wait(for: "the results in the pipe") { _, pipe in pipe.contains(#"query: "swift""#) }
    try await repl.wait(forScreen: "reactor> ", count: 2)
    repl.type(up + "\r")
    try await repl.wait(for: "the recalled query's results") { _, pipe in pipe.contains(#"query: "swift" -> "swift""#) }
    try await leave(repl, prompts: 3)
    #expect(!repl.pipedText.contains("reactor> "))
    #expect(!repl.pipedText.contains("\u{1B}"))
    #expect(!repl.text.contains("1. apple/swift"))
    let history = try String(contentsOfFile: home + "/.local/state/reactor/history", encoding: .utf8)
    #expect(history.contains(#"query\040swift"#))
  }

  // MARK: - 5. History that cannot hurt

  @Test("a recalled signup, whose passwords history replaced, is refused instead of submitted")
  func recalledSecretIsRefused() async throws {
    try await Self.onTerminal { home in
      let repl = try TerminalSession(
        Self.offline + ["--signup-latency", "0", "--signup-failure-rate", "0"], environment: ["HOME": home])
      try await repl.wait(forScreen: "reactor> ")
      repl.type("signup zz9newbie hunter22xx hunter22xx\r")
      try await repl.wait(forScreen: "Welcome, zz9newbie")
      try await repl.wait(forScreen: "reactor> ", count: 2)
      repl.type(Self.up + "\r")
      // Its end wraps to a second line at the terminal's 100 columns.
      try await repl.wait(forScreen: "a password that history does not keep; type the password")
      try await repl.wait(forScreen: "reactor> ", count: 3)
      #expect(repl.text.occurrences(of: "submitting") == 1)
      try await Self.leave(repl, prompts: 3, anyFailed: true)
      let history = try String(contentsOfFile: home + "/.local/state/reactor/history", encoding: .utf8)
      #expect(!history.contains("hunter22xx"))
    }
  }

  @Test("two REPLs open at once keep each other's history lines")
  func twoREPLsShareHistory() async throws {
    try await Self.onTerminal { home in
      let first = try TerminalSession(Self.offline, environment: ["HOME": home])
      let second = try TerminalSession(Self.offline, environment: ["HOME": home])
      try await first.wait(forScreen: "reactor> ")
      try await second.wait(forScreen: "reactor> ")
      for (repl, word, prompts) in [(first, "aaa", 2), (second, "bbb", 2), (first, "ccc", 3)] {
        repl.type("query \(word)\r")
        try await repl.wait(forScreen: "reactor> ", count: prompts)
      }
      try await Self.leave(first, prompts: 3)
      try await Self.leave(second, prompts: 2)
      let history = try String(contentsOfFile: home + "/.local/state/reactor/history", encoding: .utf8)
      for word in ["aaa", "bbb", "ccc"] { #expect(history.contains(#"query\040"# + word), "\(history)") }
      #expect(history.occurrences(of: "_HiStOrY_V2_") == 1)
      // A third session recalls the other two's lines.
      let third = try TerminalSession(Self.offline, environment: ["HOME": home])
      try await third.wait(forScreen: "reactor> ")
      third.type(Self.up + Self.up + "\r")
      try await third.wait(forScreen: #"query: "bbb""#)
      try await Self.leave(third, prompts: 2)
    }
  }
}

/// Whether the password prompt shows again after the submission's result.
private func promptDrawnAgain(_ screen: String, _ pipe: String) -> Bool {
  guard let found = screen.range(of: "Welcome, zz9newbie!", options: .backwards) else { return false }
  return screen[found.upperBound...].contains("password: ")
}
