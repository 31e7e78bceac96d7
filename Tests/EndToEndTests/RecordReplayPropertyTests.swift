import Foundation
import TestSupport
import Testing

/// Every session the recorder writes replays: random sessions typed at a terminal (prompted
/// passwords, prompts and lines abandoned with Ctrl-C or Ctrl-D, commands interrupted, stops
/// with Ctrl-Z and `fg`, `&`, timers, errors, signup that fails at random, time travel, the
/// live verb) are recorded with `--record`, then replayed by the binary; the transcript holds
/// every command that ran, and no password.
/// Serialized: two dozen sessions at once, each a pty, a reactor and a replay, starve the
/// suite's timing-bound tests on two cores.
@Suite("reactor --record: every recorded session replays (binary, pty)", .serialized)
struct RecordReplayPropertyTests {
  /// One thing a person does at the prompt.
  enum Step: CustomStringConvertible {
    /// A line that runs to its end.
    case line(String)
    /// A verb that asks for a password, and the password typed.
    case prompted(String, secret: String)
    /// A password prompt left with `key` (Ctrl-C or Ctrl-D) after `typed`: nothing runs.
    case abandoned(String, typed: String, key: String)
    /// A line typed, then thrown away with Ctrl-C at the editor: nothing runs.
    case discarded(String)
    /// A command that waits, interrupted with Ctrl-C while it runs.
    case interrupted(String)
    /// Ctrl-Z after typing `line`, `fg`, then `rest` and Enter.
    case suspendedAtEditor(String, rest: String)
    /// Ctrl-Z in the middle of a password at its prompt, `fg`, then the rest of it.
    case suspendedAtPrompt(String, secret: String)
    /// Ctrl-Z while the command runs, `fg`, and it runs to its end.
    case suspendedWhileRunning(String)

    /// The commands the transcript records for the step (a `^C` line is not one).
    var commands: Int {
      switch self {
      case .abandoned, .discarded: 0
      default: 1
      }
    }

    var description: String {
      switch self {
      case .line(let line): line
      case .prompted(let line, let secret): "\(line) <\(secret)>"
      case .abandoned(let line, let typed, let key): "\(line) <\(typed)\(key == ctrlC ? "^C" : "^D")>"
      case .discarded(let line): "\(line)^C"
      case .interrupted(let line): "\(line) ^C"
      case .suspendedAtEditor(let line, let rest): "\(line)^Z fg \(rest)"
      case .suspendedAtPrompt(let line, let secret): "\(line) <^Z fg \(secret)>"
      case .suspendedWhileRunning(let line): "\(line) ^Z fg"
      }
    }
  }

  static let ctrlC = "\u{3}"
  static let ctrlD = "\u{4}"
  static let ctrlZ = "\u{1A}"

  /// Under strace (the descriptor audit) signals do not arrive as at a terminal: a job stopped by
  /// Ctrl-Z stays in ptrace's group-stop after bash's `fg`, and a Ctrl-C that cancels a sleep can
  /// miss the recording. That run leaves the Ctrl-C-while-running and Ctrl-Z steps out, as it
  /// skips JobControlTests; every other run has them.
  static let signalsAsAtATerminal = ProcessInfo.processInfo.environment["REACTOR_UNDER_SANITIZER"] != "strace"

  /// The passwords of the sessions; none may reach the files.
  static let passwords = ["hunter22", "Sup3rSecret", "s3cond-pass"]

  /// Steps that finish at once, on the offline sample, or on a timer the REPL waits for, in any
  /// order: none leaves a timer whose end could fall before or after the next line, which a
  /// replay cannot know.
  static func step(_ random: inout SplitMix) -> Step {
    let password = passwords[random.next(passwords.count)]
    let choices: [Step] = [
      .line("query swift"), .line("query rust"), .line("next"), .line("sort stars"), .line("state signup"),
      .line("help next &"), .line("state search &"), .prompted("password", secret: password),
      .prompted("repeat", secret: password), .line("password \(password)"),
      .line("signup octocat \(password) \(password)"), .line("'signup bob \(password) \(password)'"),
      .line("\"password \(password)\""), .line("passwrd \(password)"), .line("serch swift"), .line("next 0"),
      .line("history 3"), .line("undo"), .line("redo"), .line("goto 1"), .line("diff 1"), .line("username ab"),
      .line("submit"), .line("sleep 0.2"), .line("sleep 0"), .line("live swift"),
      .abandoned("password", typed: "abc", key: ctrlC), .abandoned("repeat", typed: "", key: ctrlD),
      .discarded("query abandoned"),
    ]
    let signalled: [Step] = [
      .interrupted("sleep 30"), .suspendedAtEditor("query ru", rest: "st"),
      .suspendedAtPrompt("password", secret: password),
      .suspendedWhileRunning("sleep 0.3"),
    ]
    let all = choices + (signalsAsAtATerminal ? signalled : [])
    return all[random.next(all.count)]
  }

  @Test(
    "random sessions of ten steps replay as recorded, with every command they ran",
    arguments: 0..<UInt64(SanitizerRun.cases(24)))
  func recordedSessionsReplay(seed: UInt64) async throws {
    var random = SplitMix(seed: seed &+ 0x5EED)
    let steps = (0..<10).map { _ in Self.step(&random) }
    let session = steps.map(\.description).joined(separator: "\n")
    try await TranscriptToolTests.withDirectory { directory in
      let path = directory + "/r.t"
      // Half the sessions run search on the feedback engine; its mutations have names of their
      // own (`history` shows them), so each replays on the engine it was recorded with. Two in
      // three sessions' signups fail at random, on their seed, which the recording keeps; half
      // of them take time, a timer the command waits for.
      let engine = seed.isMultiple(of: 2) ? "reactor" : "feedback"
      let failureRate = seed.isMultiple(of: 3) ? "0" : "0.5"
      let latency = seed % 4 < 2 ? "0" : "0.05"
      let terminal = try TerminalSession(
        [
          "--offline", "--engine", engine, "--seed", "\(seed)", "--signup-latency", latency, "--signup-failure-rate",
          failureRate, "--record", path,
        ], environment: ["HOME": directory], jobControl: true)
      defer { terminal.end() }
      try await terminal.wait(forScreen: "reactor> ")
      // The Ctrl-C lines the recording may hold: one per interrupt that cancelled its command,
      // none or one for a Ctrl-C that came before its command started (see `run`).
      var interrupts = 0...0
      for step in steps {
        let lines = try await Self.run(step, on: terminal)
        interrupts = (interrupts.lowerBound + lines.lowerBound)...(interrupts.upperBound + lines.upperBound)
      }
      terminal.type(Self.ctrlD)
      // Every command that ran is there, and a `^C` line for each one interrupted: a recorder
      // that wrote less (its header alone) would replay too.
      let commands = steps.map(\.commands).reduce(0, +)
      try await terminal.wait(forScreen: "recorded \(commands) command\(commands == 1 ? "" : "s") to \(path)\r\n")
      #expect(try await terminal.exitStatus() == 0, "\(session)")
      let files = [path, path + ".cassette.json"].map { TranscriptToolTests.read($0) }
      for password in Self.passwords {
        #expect(!files.joined().contains(password), "a password was recorded in:\n\(session)")
      }
      let lines = files[0].split(separator: "\n").filter { $0.hasPrefix("> ") }
      #expect(interrupts.contains(lines.count - commands), "\(session)\n\(files[0])")
      let replay = try await ReactorBinary.run(["replay", path])
      #expect(replay.status == 0, "\(engine) replay of\n\(session)\n\(replay.stdout)\(replay.stderr)\n\(files[0])")
    }
  }

  /// Types `step` and waits until it is done: the prompt drawn for the next line. Returns the
  /// `^C` lines it may add to the recording: 1 for an interrupt that cancelled its command,
  /// 0 or 1 for one that came before the command started (on a loaded machine the command may
  /// also end first, and Ctrl-C then only clears the prompt).
  @discardableResult
  static func run(_ step: Step, on terminal: TerminalSession) async throws -> ClosedRange<Int> {
    let prompts = terminal.text.occurrences(of: "reactor> ")
    let stops = terminal.text.occurrences(of: "Stopped")
    func prompt(_ extra: Int = 1) async throws {
      try await terminal.wait(forScreen: "reactor> ", count: prompts + extra)
    }
    func passwordPrompt() async throws {
      try await terminal.wait(for: "the password prompt") { screen, _ in screen.hasSuffix("password: ") }
    }
    /// Ctrl-Z: bash says the job stopped; Enter is its `fg`, and reactor goes on once it draws
    /// a prompt again (the editor's, drawn anew, or the next line's).
    func stopAndContinue(drawing: String = "reactor> ") async throws {
      terminal.type(ctrlZ)
      try await terminal.wait(forScreen: "Stopped", count: stops + 1)
      let drawn = terminal.text.occurrences(of: drawing)
      terminal.type("\r")
      try await terminal.wait(forScreen: drawing, count: drawn + 1)
    }
    /// Waits until the editor shows `line`, typed.
    func typed(_ line: String) async throws {
      let before = terminal.text.occurrences(of: line)
      terminal.type(line)
      try await terminal.wait(forScreen: line, count: before + 1)
    }
    /// The line has been read, and its command runs (the terminal sends signals again) or has
    /// already ended (the next prompt is drawn); true while it runs.
    func running() async throws -> Bool {
      try await terminal.wait(for: "the command to run") { screen, _ in
        terminal.signalsOn || screen.occurrences(of: "reactor> ") > prompts
      }
      return terminal.text.occurrences(of: "reactor> ") == prompts
    }
    switch step {
    case .line(let line):
      terminal.type(line + "\r")
      try await prompt()
    case .prompted(let line, let secret):
      terminal.type(line + "\r")
      try await passwordPrompt()
      terminal.type(secret + "\r")
      try await prompt()
    case .abandoned(let line, let typed, let key):
      terminal.type(line + "\r")
      try await passwordPrompt()
      terminal.type(typed + key)
      try await prompt()
    case .discarded(let line):
      try await typed(line)
      terminal.type(ctrlC)
      try await prompt()
    case .interrupted(let line):
      let cancelled = terminal.text.occurrences(of: "sleep cancelled")
      terminal.type(line + "\r")
      guard try await running() else { return 0...0 }
      let typed = ContinuousClock.now
      terminal.type(ctrlC)
      try await prompt()
      // A `^C` line is recorded when the Ctrl-C cancelled the sleep. One that landed before the
      // line started (the sleep then runs its whole 30 s, which only that case takes) cancelled
      // nothing: with the terminal sending signals before the line is taken in, it may come
      // before the recorder has the line (none is recorded, and the replay runs the whole sleep
      // as the session did) or after it (a `^C` line; both were seen under load).
      if terminal.text.occurrences(of: "sleep cancelled") > cancelled { return 1...1 }
      return ContinuousClock.now - typed >= .seconds(30) ? 0...1 : 0...0
    case .suspendedAtEditor(let line, let rest):
      try await typed(line)
      // Drawn again after `fg`, with what was typed.
      try await stopAndContinue()
      terminal.type(rest + "\r")
      try await prompt(2)
    case .suspendedAtPrompt(let line, let secret):
      terminal.type(line + "\r")
      try await passwordPrompt()
      terminal.type(String(secret.prefix(3)))
      try await stopAndContinue(drawing: "password: ")
      terminal.type(String(secret.dropFirst(3)) + "\r")
      try await prompt()
    case .suspendedWhileRunning(let line):
      terminal.type(line + "\r")
      _ = try await running()
      // The prompt comes after it ends, or (if it ended first) is drawn again.
      try await stopAndContinue()
    }
    return 0...0
  }
}

/// A small seeded generator (SplitMix64), so a failing seed repeats.
struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next(_ bound: Int) -> Int {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return Int((z ^ (z >> 31)) % UInt64(bound))
  }
}
