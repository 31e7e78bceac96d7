package import FeatureKit
package import GitHubClient
package import ReactorCore
package import Rendering

/// Replays a transcript deterministically and returns the output under each command.
///
/// Every task runs on one ``ManualExecutor`` and all time is a ``VirtualClock``: after each
/// command the runner runs jobs until none is left, then, while the command's effects are
/// still pending, moves the clock to the next deadline (a recorded latency, a `sleep`) and
/// runs again. A command written with a trailing `&` is started and left running; output its
/// effects print later appears under whichever command is current then. At the end the runner
/// lets every remaining effect finish the same way.
package struct TranscriptRunner: Sendable {
  /// Builds the client a replay uses, from the transcript's settings and the virtual time.
  package typealias ClientFactory = @Sendable (Transcript.Settings, TimeSource, ReplayLog) throws -> GitHubClient

  /// The features the replayed sessions run: the executable's list.
  let features: [Feature]
  let makeClient: ClientFactory
  let adjust: @Sendable (inout Session.Configuration) -> Void
  /// Told the session and its executor and clock once made (`replay --until` keeps them).
  let observe: (@Sendable (Session, ManualExecutor, VirtualClock) -> Void)?
  /// Asked before each command with its index; false stops the replay there (`replay --step`).
  let beforeCommand: (@Sendable (Int) async -> Bool)?

  /// - Parameter adjust: changes the session configuration (tests switch cancellation off).
  package init(
    features: [Feature], makeClient: @escaping ClientFactory,
    adjust: @escaping @Sendable (inout Session.Configuration) -> Void = { _ in }
  ) {
    self.init(features: features, makeClient: makeClient, adjust: adjust, observe: nil, beforeCommand: nil)
  }

  package init(
    features: [Feature], makeClient: @escaping ClientFactory,
    adjust: @escaping @Sendable (inout Session.Configuration) -> Void,
    observe: (@Sendable (Session, ManualExecutor, VirtualClock) -> Void)?,
    beforeCommand: (@Sendable (Int) async -> Bool)?
  ) {
    self.features = features
    self.makeClient = makeClient
    self.adjust = adjust
    self.observe = observe
    self.beforeCommand = beforeCommand
  }

  /// The actual output lines (escaped as a transcript writes them), one array per command.
  package func run(_ transcript: Transcript) async throws -> [[String]] {
    try await run(transcript, log: ReplayLog())
  }

  /// The same, reporting problems beyond the output (unexpected requests) to `log`.
  package func run(_ transcript: Transcript, log: ReplayLog) async throws -> [[String]] {
    try await run(transcript, log: log) { $1.map(Transcript.written) }
  }

  /// The same, reporting problems beyond the output (unexpected requests) to `log`. Each
  /// command's output lines go through `keep` (with the command's index) once it is complete,
  /// and what `keep` returns is what is kept: the replayer compares them with the expected
  /// lines and keeps those where they match, so a long replay makes no `String` of an output
  /// line that matches (``Transcript/written(_:)`` makes one) and never holds two copies.
  package func run<Kept>(
    _ transcript: Transcript, log: ReplayLog, keep: (Int, [OutputLine]) -> Kept
  ) async throws -> [Kept] {
    try await runWithStatus(transcript, log: log, keep: keep).kept
  }

  /// The same, with the exit status the session ends with (``SessionStatus``).
  package func runWithStatus<Kept>(
    _ transcript: Transcript, log: ReplayLog, keep: (Int, [OutputLine]) -> Kept
  ) async throws -> (kept: [Kept], status: Int32) {
    let clock = VirtualClock()
    let executor = ManualExecutor()
    let time = TimeSource.virtual(clock, start: transcript.settings.clock)
    let sink = MemorySink()
    var configuration = Session.Configuration(
      client: try makeClient(transcript.settings, time, log), features: features,
      options: RenderOptions(
        mode: transcript.settings.json || transcript.settings.daemon ? .json : .text, color: false,
        width: transcript.settings.width),
      sink: transcript.settings.daemon ? DaemonSink(base: sink) : sink, opener: PrintingOpener(),
      dataNote: transcript.settings.offline || transcript.settings.sampleData ? Session.offlineDataNote : nil,
      time: time, executor: executor, settings: transcript.settings.features)
    adjust(&configuration)
    let session = Session(configuration: configuration)
    observe?(session, executor, clock)
    if transcript.settings.daemon {
      let (outputs, status) = runDaemon(transcript, session: session, sink: sink, executor: executor, clock: clock)
      return (outputs.enumerated().map { keep($0.offset, $0.element) }, status)
    }
    var kept: [Kept] = []
    var status = SessionStatus()
    // The output of the command run last: output printed after its turn still belongs to it.
    var last: [OutputLine]?
    var pending: [Execution] = []
    for (index, command) in transcript.commands.enumerated() {
      if let beforeCommand, await !beforeCommand(index) { break }
      if command.input == SessionStatus.interrupt && !command.background {
        // Control-C, as the session had it: everything in flight is cancelled.
        session.cancelAll()
        executor.runUntilIdle()
        if let last { kept.append(keep(kept.count, last)) }
        last = sink.drain()
        continue
      }
      let execution = session.start(command.input)
      if command.background || execution.isFinished {
        // Nothing to wait for (a command done at once, like `help`), or nothing wanted.
        executor.runUntilIdle()
      } else {
        let finished: Bool
        if case .store(let task) = execution {
          // A store's command says when it is done: polled between jobs, with no task or
          // continuation to wait on it, which would cost a replay more than its session.
          finished = settle(executor, clock) { task.isFinished }
        } else {
          let flag = Flag()
          let watcher = Task(executorPreference: executor) {
            _ = await execution.finish()
            flag.set()
          }
          finished = settle(executor, clock) { flag.isSet }
          _ = watcher
        }
        if !finished {
          sink.write([
            OutputLine(
              .err, "replay: the command never finished (its effects wait for nothing this replay can provide)")
          ])
        }
      }
      // Only what may still run is waited for at the end; what is done counts now, judged by
      // the errors it printed.
      let completed = execution.isFinished ? execution.completion : nil
      if !execution.isFinished { pending.append(execution) }
      // The one before is complete.
      if let last { kept.append(keep(kept.count, last)) }
      let lines = sink.drain()
      last = lines
      if let completed { status.add(completed, failureCode: SessionStatus.lastErrorCode(in: lines)) }
    }
    // Let everything still running finish; its output belongs to the last command.
    let allDone = Flag()
    let remaining = pending
    let completions = Locked<[StoreTask.Completion]>([])
    let watcher = Task(executorPreference: executor) {
      for execution in remaining {
        let completion = await execution.finish()
        completions.withLock { $0.append(completion) }
      }
      allDone.set()
    }
    settle(executor, clock) { allDone.isSet }
    _ = watcher
    let tail = sink.drain()
    for completion in completions.withLock({ $0 }) {
      status.add(completion, failureCode: SessionStatus.lastErrorCode(in: tail))
    }
    if let last {
      kept.append(keep(kept.count, last + tail))
    } else if !tail.isEmpty {
      kept.append(keep(0, tail))
    }
    return (kept, status.value)
  }

  /// A `%daemon` transcript: each input line is a request to a ``Daemon``. Without a trailing
  /// `&`, the runner lets every request in flight finish before the next line; with it, the
  /// next line is read while the request is still running.
  private func runDaemon(
    _ transcript: Transcript, session: Session, sink: MemorySink, executor: ManualExecutor, clock: VirtualClock
  ) -> ([[OutputLine]], Int32) {
    let (lines, input) = AsyncStream<ByteLineReader.Line>.makeStream()
    let daemon = Daemon(session: session, output: session.configuration.sink, version: ReactorVersion.current)
    let done = Flag()
    let status = Locked<Int32>(0)
    let server = Task(executorPreference: executor) {
      let code = await daemon.run(lines)
      status.withLock { $0 = code }
      done.set()
    }
    executor.runUntilIdle()
    var outputs: [[OutputLine]] = []
    for command in transcript.commands {
      input.yield(.bytes(Array(command.input.utf8)))
      executor.runUntilIdle()
      if !command.background {
        while clock.advanceToNextDeadline() { executor.runUntilIdle() }
      }
      outputs.append(sink.drain())
    }
    input.finish()
    settle(executor, clock) { done.isSet }
    _ = server
    let tail = sink.drain()
    if !outputs.isEmpty { outputs[outputs.count - 1] += tail }
    return (outputs, status.withLock { $0 })
  }

  /// Runs jobs and advances virtual time until `done` says so or nothing can move; returns
  /// whether it is done.
  @discardableResult
  private func settle(_ executor: ManualExecutor, _ clock: VirtualClock, until done: () -> Bool) -> Bool {
    while true {
      executor.runUntilIdle()
      if done() { return true }
      if !clock.advanceToNextDeadline() { return false }
    }
  }
}

/// A flag set once from a task and read by the runner.
final class Flag: Sendable {
  private let value = Locked(false)
  func set() { value.withLock { $0 = true } }
  var isSet: Bool { value.withLock { $0 } }
}
