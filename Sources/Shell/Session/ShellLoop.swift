package import ReactorCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The read-run loop shared by the REPL and piped mode.
///
/// Each line's effects finish before the next line is read. At end of input the loop returns
/// the exit status: 0 when every command succeeded, 1 when any failed.
package struct ShellLoop: Sendable {
  package let session: Session
  package let reader: any LineReader
  /// A terminal session: prompt, banner, Ctrl-C cancels the running command.
  package let interactive: Bool
  package let banner: String?
  /// Told about every input line before it runs (transcript recording).
  package let onInput: (@Sendable (String) -> Void)?
  /// Told how each command ended, in the order the status folds them (transcript recording).
  package let onOutcome: (@Sendable (StoreTask.Completion) -> Void)?

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
  }

  /// Ctrl-C while a command runs cancels its effects; the shell goes on. (At the prompt it is
  /// a key, not a signal: the editor discards the typed line.)
  package func run() async -> Int32 {
    var anyFailed = false
    let session = session
    let interrupt = interactive ? SignalWatcher.shared.watch(SIGINT) { session.cancelAll() } : nil
    defer { interrupt.map(SignalWatcher.shared.stop) }
    if interactive, let banner { session.configuration.sink.write([.init(.out, banner)]) }
    var background: [Execution] = []
    while let line = await reader.readLine(prompt: interactive ? "reactor> " : "") {
      if reader.keepsHistory { reader.remember(Redaction.forHistory(line)) }
      onInput?(line)
      let (command, inBackground) = Tokenizer.splitBackground(line)
      let execution = session.start(command)
      if inBackground {
        background.append(execution)
        // Let its effects start now (send their requests), not when the loop next waits: on
        // piped mode's one thread, lines already read ahead would otherwise all run first.
        await Task.yield()
        continue
      }
      if case .quit = execution {
        onOutcome?(.ok)
        return await finish(background, anyFailed)
      }
      let completion = await execution.finish()
      onOutcome?(completion)
      if completion == .error { anyFailed = true }
    }
    return await finish(background, anyFailed)
  }

  /// Waits for commands started with `&`, and folds their outcomes into the status.
  private func finish(_ background: [Execution], _ anyFailed: Bool) async -> Int32 {
    var failed = anyFailed
    for execution in background {
      let completion = await execution.finish()
      onOutcome?(completion)
      if completion == .error { failed = true }
    }
    return failed ? 1 : 0
  }
}
