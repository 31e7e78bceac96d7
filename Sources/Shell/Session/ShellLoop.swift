import CommandLanguage
import FeatureKit
package import ReactorCore
import ReactorJSON

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The read-run loop shared by the REPL, piped mode, `-f` files and `-c` commands.
///
/// Each line's effects finish before the next line is read. At end of input the loop returns
/// the exit status (``ExitStatus``): 0 when every command succeeded or the session was
/// interactive, else the status of the last command that failed.
package struct ShellLoop: Sendable {
  /// Where a non-interactive loop's lines come from, for the locations of their errors.
  package enum Source: Sendable, Equatable {
    /// Standard input: errors say `line N`.
    case standardInput
    /// A file of commands (`-f`): errors say `FILE:N:`.
    case file(String)
    /// The `n`-th command given as arguments (`-c`, or words), from 1: it names itself in its
    /// errors, and its NDJSON errors say `"command": n`.
    case argument(Int)
  }

  /// How a loop ended: the status of its last failed command, and whether the session should
  /// stop (`quit`, or `--bail` after a failure) rather than go on to the next source.
  package struct Outcome: Sendable, Equatable {
    package var failure: ExitStatus?
    package var stopped = false

    package init(failure: ExitStatus? = nil, stopped: Bool = false) {
      self.failure = failure
      self.stopped = stopped
    }
  }

  package let session: Session
  package let reader: any LineReader
  /// A terminal session: prompt, banner, Ctrl-C cancels the running command.
  package let interactive: Bool
  package let banner: String?
  /// Told about every input line before it runs (transcript recording).
  package let onInput: (@Sendable (String) -> Void)?
  /// Told how each command ended, in the order the status folds them (transcript recording).
  package let onOutcome: (@Sendable (StoreTask.Completion) -> Void)?
  /// Where the lines come from; a non-interactive loop tags each command with its location.
  package var source: Source = .standardInput
  /// Stop at the first command that fails (`--bail`).
  package var bail = false
  /// The sink that reads each command's failure code (and locates its errors), if any: without
  /// one, every failure counts as status 1.
  package var failures: LocatingSink?
  /// Told of a Ctrl-C while a command runs, before it is cancelled (transcript recording).
  package var onInterrupt: (@Sendable () -> Void)?

  package init(
    session: Session, reader: any LineReader, interactive: Bool, banner: String? = nil,
    onInput: (@Sendable (String) -> Void)? = nil, onOutcome: (@Sendable (StoreTask.Completion) -> Void)? = nil
  ) {
    self.session = session
    self.reader = reader
    self.interactive = interactive
    self.banner = banner
    self.onInput = onInput
    self.onOutcome = onOutcome
    reader.offerCompletions(from: session.commands)
  }

  /// Runs every line and returns the exit status.
  package func run() async -> Int32 {
    await runLines().failure?.rawValue ?? 0
  }

  /// Ctrl-C while a command runs cancels its effects; the shell goes on. (At the prompt,
  /// libedit binds Ctrl-C to clearing the line.)
  package func runLines() async -> Outcome {
    var outcome = Outcome()
    let session = session
    let onInterrupt = onInterrupt
    // A Ctrl-C lands wholly before a line is taken in and started, or wholly after: one between
    // the two was recorded as interrupting a command it did not cancel.
    let starting = Lock()
    let interrupt =
      interactive
      ? SignalWatcher.shared.watch(SIGINT) {
        starting.withLock {
          onInterrupt?()
          session.cancelAll()
        }
      } : nil
    defer { interrupt.map(SignalWatcher.shared.stop) }
    // On standard error, as psql's and sqlite3's: a `| tee` log or a redirection keeps output only.
    if interactive, let banner { session.configuration.sink.write([.init(.err, banner)]) }
    var background: [(Execution, JSONValue?)] = []
    // Background commands that run as a task, which says it is done only to a waiter: counted
    // for the notice a person gets on leaving.
    let tasksDone = Locked(0)
    var number = 0
    while let input = await reader.readInput(prompt: interactive ? "reactor> " : "") {
      number += 1
      guard case .text(let line) = input else {
        // The daemon's rule: a line that is not UTF-8 is refused, not guessed at.
        let tag = tag(number)
        session.rejectInvalidUTF8(tag: tag)
        if let status = status(of: .error, tag: tag) {
          outcome.failure = status
          if bail {
            outcome.stopped = true
            break
          }
        }
        continue
      }
      if reader.keepsHistory { reader.remember(session.commands.forHistory(line)) }
      let (command, inBackground) = Tokenizer.splitBackground(line)
      let tag = tag(number)
      let execution = starting.withLock {
        onInput?(line)
        return session.start(command, tag: tag)
      }
      if inBackground {
        background.append((execution, tag))
        if interactive, case .task(let task) = execution {
          Task {
            _ = await task.value
            tasksDone.withLock { $0 += 1 }
          }
        }
        // Let its effects start now (send their requests), not when the loop next waits: on
        // piped mode's one thread, lines already read ahead would otherwise all run first.
        await Task.yield()
        continue
      }
      if case .quit = execution {
        onOutcome?(.ok)
        outcome.stopped = true
        break
      }
      let completion = await execution.finish()
      onOutcome?(completion)
      if let status = status(of: completion, tag: tag) {
        outcome.failure = status
        if bail {
          outcome.stopped = true
          session.cancelAll()
          break
        }
      }
    }
    // Waits for commands started with `&`, and folds their outcomes into the status. A person
    // who leaves is told why the session does not end yet. Not through the sink: a transcript
    // replays commands, not the leaving.
    let waiting =
      background.count { execution, _ in
        if case .task = execution { return true }
        return !execution.isFinished
      } - tasksDone.withLock { $0 }
    if interactive, waiting > 0 {
      let them = waiting == 1 ? "1 command" : "\(waiting) commands"
      StandardStream.error("waiting for \(them) started with &; Ctrl-C cancels \(waiting == 1 ? "it" : "them")\n")
    }
    for (execution, tag) in background {
      let completion = await execution.finish()
      onOutcome?(completion)
      if let status = status(of: completion, tag: tag), !(bail && outcome.stopped) {
        outcome.failure = status
      }
    }
    // Whatever failed an hour earlier, a person who leaves a REPL is done, not failing.
    if interactive { outcome.failure = nil }
    return outcome
  }

  /// The tag of line `number`: its location, for a session that is not interactive.
  private func tag(_ number: Int) -> JSONValue? {
    switch interactive ? nil : source {
    case nil: nil
    case .standardInput: InputLocation.tag(line: number, file: nil)
    case .file(let path): InputLocation.tag(line: number, file: path)
    case .argument(let index): InputLocation.tag(command: index)
    }
  }

  /// The exit status a command's completion stands for; nil if it did not fail.
  private func status(of completion: StoreTask.Completion, tag: JSONValue?) -> ExitStatus? {
    let code = tag.flatMap { failures?.takeFailureCode(for: $0) }
    guard completion == .error else { return nil }
    return ExitStatus(failureCode: code)
  }
}
