import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Ctrl-Z in tmux, with and without a shell's job control: where reactor reads keys itself (the
/// live view, the hidden prompt) it stops the job with SIGTSTP, as the terminal's key would, so
/// a shell's `fg` continues it, and where no shell can (an orphaned process group, such as
/// `bash -c 'reactor ...'` in a pane) the kernel discards the signal and reactor goes on.
@Suite(
  "reactor binary: Ctrl-Z with and without job control (tmux)", .serialized,
  .enabled(if: ReflowingTerminal.tmux != nil, "tmux is not installed (scripts/setup installs it)"))
struct JobControlTests {
  static let enter = "\u{1B}[?1049h"
  static let leave = "\u{1B}[?1049l"
  /// How long a wait for what the pane will show may take before it is a hang: far above what
  /// a loaded machine takes.
  static let patience: Duration = .seconds(300)

  /// Runs `body` on `command` in a tmux pane, and stops the server however it ends.
  static func inPane(_ command: String, body: (ReflowingTerminal) async throws -> Void) async throws {
    try await ReactorBinary.withScratchHome { home in
      let terminal = try await ReflowingTerminal.start(command: command, columns: 100, rows: 24, home: home)
      do {
        try await body(terminal)
      } catch {
        await terminal.stop()
        throw error
      }
      await terminal.stop()
    }
  }

  /// The processes of the pane's session that are stopped (state T), read from /proc.
  static func stopped(inSessionOf terminal: ReflowingTerminal) async throws -> [String] {
    let session = getsid(try await terminal.panePID())
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return names.compactMap { name -> String? in
      guard Int32(name) != nil, let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
        let close = stat.range(of: ") ", options: .backwards)
      else { return nil }
      let fields = stat[close.upperBound...].split(separator: " ")
      // state, ppid, pgrp, session
      guard fields.count > 3, Int32(fields[3]) == session, fields[0] == "T" else { return nil }
      return String(stat[..<close.upperBound])
    }
  }

  /// Waits until the pane's programs have written `first`, then `second` after it. (The log
  /// starts once the pane runs: it may miss what was written before, never what comes after
  /// what the test saw on the screen.)
  static func wait(_ terminal: ReflowingTerminal, written first: String, then second: String) async throws {
    let deadline = ContinuousClock.now + Self.patience
    while true {
      let written = terminal.written
      if let range = written.range(of: first), written[range.upperBound...].contains(second) { return }
      if ContinuousClock.now > deadline {
        throw TerminalSession.Failure(
          "\(first.debugDescription), then \(second.debugDescription), not written: \(try await terminal.rows())")
      }
      try await Task.sleep(for: .milliseconds(5))
    }
  }

  /// Waits until no process of the pane's session is stopped: a shell's `fg` has continued it.
  static func waitRunning(_ terminal: ReflowingTerminal) async throws {
    let deadline = ContinuousClock.now + Self.patience
    while try await !stopped(inSessionOf: terminal).isEmpty {
      if ContinuousClock.now > deadline {
        throw TerminalSession.Failure(
          "still stopped: \(try await stopped(inSessionOf: terminal)) \(try await terminal.rows())")
      }
      try await Task.sleep(for: .milliseconds(5))
    }
  }

  // MARK: - No job control: the process group is orphaned

  @Test("without job control, Ctrl-Z in the live view stops nothing: the view comes back and Escape ends it")
  func liveViewOrphaned() async throws {
    try await Self.inPane(#""$REACTOR" --offline live swift; echo "exit $?"; read -r _"#) { terminal in
      try await terminal.wait("the first page", patience: Self.patience) {
        $0.contains { $0.contains(" 1. apple/swift") }
      }
      try await terminal.press("C-z")
      // Left and entered again: the suspend returned, which a stopped process never does.
      try await Self.wait(terminal, written: Self.leave, then: Self.enter)
      #expect(try await Self.stopped(inSessionOf: terminal) == [])
      try await terminal.press("Down")
      try await terminal.press("Escape")
      try await terminal.wait("the view's status", patience: Self.patience) { $0.contains("exit 130") }
      #expect(try await Self.stopped(inSessionOf: terminal) == [])
    }
  }

  @Test("without job control, Ctrl-Z at the prompt, the hidden prompt and a running command stops nothing")
  func replOrphaned() async throws {
    try await Self.inPane(
      #""$REACTOR" --offline --signup-latency 30 --signup-failure-rate 0; echo "exit $?"; read -r _"#
    ) {
      terminal in
      try await terminal.wait("the prompt", patience: Self.patience) { $0.contains { $0.hasPrefix("reactor>") } }
      try await terminal.press("C-z")
      try await terminal.type("password")
      try await terminal.type("\r", literal: false)
      try await terminal.wait("the password prompt", patience: Self.patience) { $0.contains("password:") }
      // Ctrl-Z is no character of the password: "abcd" is 4, one short of valid.
      try await terminal.type("ab")
      try await terminal.press("C-z")
      try await terminal.type("cd")
      try await terminal.type("\r", literal: false)
      try await terminal.wait("the password's verdict", patience: Self.patience) {
        $0.contains { $0.hasPrefix("password: set") }
      }
      let rows = try await terminal.rows()
      #expect(rows.contains("password: set — Password must be at least 5 characters"), "\(rows)")
      // A command that waits (the signup service's 30 s): the terminal's Ctrl-Z is a signal now.
      try await terminal.type("signup bob hunter22 hunter22")
      try await terminal.type("\r", literal: false)
      try await terminal.wait("the submission", patience: Self.patience) { $0.contains("submitting...") }
      try await terminal.press("C-z")
      try await terminal.press("C-c")
      try await terminal.wait("the submission cancelled", patience: Self.patience) {
        $0.contains { $0.hasSuffix("error: Signup failed: cancelled") }
      }
      #expect(try await Self.stopped(inSessionOf: terminal) == [])
      try await terminal.press("C-d")
      try await terminal.wait("the session's status", patience: Self.patience) { $0.contains("exit 0") }
    }
  }

  // MARK: - An interactive shell's job control

  @Test("under job control, Ctrl-Z stops the live view off its alternate screen, and fg draws it again")
  func liveViewStopped() async throws {
    try await Self.inPane("PS1='$ ' exec bash --norc --noprofile -i") { terminal in
      try await terminal.wait("the shell's prompt", patience: Self.patience) { $0.contains("$") }
      try await terminal.type(#""$REACTOR" --offline live swift"#)
      try await terminal.type("\r", literal: false)
      try await terminal.wait("the first page", patience: Self.patience) {
        $0.contains { $0.contains(" 1. apple/swift") }
      }
      try await terminal.press("C-z")
      try await terminal.wait("the shell's notice", patience: Self.patience) { $0.contains { $0.contains("Stopped") } }
      #expect(try await Self.stopped(inSessionOf: terminal).count == 1)
      #expect(try await !terminal.rows().contains { $0.contains(" 1. apple/swift") }, "the main screen is back")
      try await terminal.type("fg")
      try await terminal.type("\r", literal: false)
      try await terminal.wait("the view drawn again", patience: Self.patience) {
        $0.contains { $0.contains(" 1. apple/swift") }
      }
      #expect(try await Self.stopped(inSessionOf: terminal) == [])
      try await terminal.press("Escape")
      // Typed once the view has left: keys after an Escape within its wait are a sequence.
      try await terminal.wait("the shell's prompt again", patience: Self.patience) { rows in
        !rows.contains { $0.contains(" 1. apple/swift") } && rows.filter { $0.hasPrefix("$") }.count >= 3
      }
      try await terminal.type(#"echo "exit $?""#)
      try await terminal.type("\r", literal: false)
      try await terminal.wait("the view's status", patience: Self.patience) { $0.contains("exit 130") }
    }
  }

  @Test(
    "under job control, the hidden prompt stops on Ctrl-Z and keeps what was typed; a stop mid-command draws one prompt"
  )
  func replStopped() async throws {
    try await Self.inPane("PS1='$ ' exec bash --norc --noprofile -i") { terminal in
      try await terminal.wait("the shell's prompt", patience: Self.patience) { $0.contains("$") }
      try await terminal.type(#""$REACTOR" --offline --signup-latency 30 --signup-failure-rate 0"#)
      try await terminal.type("\r", literal: false)
      try await terminal.wait("the prompt", patience: Self.patience) { $0.contains { $0.hasPrefix("reactor>") } }
      try await terminal.type("signup bob hunter22 hunter22")
      try await terminal.type("\r", literal: false)
      try await terminal.wait("the submission", patience: Self.patience) { $0.contains("submitting...") }
      try await terminal.press("C-z")
      try await terminal.wait("the shell's notice", patience: Self.patience) { $0.contains { $0.contains("Stopped") } }
      try await terminal.type("fg")
      try await terminal.type("\r", literal: false)
      // Continued once the shell has given it the terminal: Ctrl-C is the job's then.
      try await Self.waitRunning(terminal)
      try await terminal.press("C-c")
      try await terminal.wait("the submission cancelled", patience: Self.patience) {
        $0.contains { $0.hasSuffix("error: Signup failed: cancelled") }
      }
      try await terminal.type("password")
      try await terminal.type("\r", literal: false)
      try await terminal.wait("the password prompt", patience: Self.patience) { $0.contains("password:") }
      // The prompt after the cancelled sleep was drawn once: a resumed editor drew it twice.
      #expect(try await terminal.rows().contains { $0.hasSuffix("reactor> password") })
      #expect(try await !terminal.rows().contains { $0.contains("reactor> reactor>") })
      try await terminal.type("ab")
      try await terminal.press("C-z")
      try await terminal.wait("the second stop", patience: Self.patience) { rows in
        rows.filter { $0.contains("Stopped") }.count == 2
      }
      #expect(try await Self.stopped(inSessionOf: terminal).count == 1)
      try await terminal.type("fg")
      try await terminal.type("\r", literal: false)
      try await Self.waitRunning(terminal)
      try await terminal.wait("the prompt again", patience: Self.patience) { rows in
        rows.filter { $0 == "password:" }.count == 2
      }
      try await terminal.type("cdefgh")
      try await terminal.type("\r", literal: false)
      try await terminal.wait("the password's verdict", patience: Self.patience) { $0.contains("password: set, valid") }
      try await terminal.press("C-d")
      try await terminal.type(#"echo "exit $?""#)
      try await terminal.type("\r", literal: false)
      try await terminal.wait("the session's status", patience: Self.patience) { $0.contains("exit 0") }
    }
  }
}
