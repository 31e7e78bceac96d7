

/// Runs a ``Reactor``: a serial FIFO of actions and effect outputs, reduced one at a time.
///
/// Contract:
/// - Items are processed one at a time in the order they arrive. An action sent while the
///   store is processing (from an observer, say) is queued, never run inline.
/// - The synchronous part of an action's effect (`send`, `notice`, cancellation) is applied
///   while the action is processed, before any later item.
/// - Every committed mutation gets the next number of the store's ``Sequencer`` and is handed
///   to observers, with the state after it, before the next commit of any store sharing that
///   sequencer.
/// - An effect cancelled (by `cancel(id:)`, `cancellable(id:cancelInFlight:)`,
///   ``cancel(_:)`` or ``cancelAll()``) never commits another mutation, even one it sent
///   before it was cancelled that is still queued.
/// - An error an effect throws is reported as ``StoreEvent/failure(_:action:origin:)``;
///   cancellation is not an error.
///
/// Thread safety: the queue, the registry of running effects and every write of the state are
/// guarded by one lock. Only the thread that currently drains the queue reads the state
/// without it, and only it writes.
public final class Store<R: Reactor>: @unchecked Sendable {
  public typealias Observer = @Sendable (StoreEvent<R>, R.State) -> Void

  public let reactor: R
  public let sequencer: Sequencer
  /// Where effect tasks run; nil for the global concurrent executor. Replays pass a
  /// ``ManualExecutor`` so effects run serially and deterministically.
  public let executor: (any TaskExecutor)?

  /// An item of the queue. Outputs of effects carry the action that started them.
  private enum Item {
    case action(R.Action, ActionTracker)
    case mutation(R.Mutation, Run, R.Action)
    case notice(Notice, Run, R.Action)
    case failure(any Error, Run, R.Action)
  }

  private typealias Run = EffectRun

  private let lock = Lock()
  // Guarded by `lock`.
  private var state: R.State
  private var queue = FIFO<Item>()
  private var draining = false
  private var nextOrigin: UInt64 = 0
  private var nextRun: UInt64 = 0
  private var running: [UInt64: Run] = [:]
  private var observers: [UInt64: Observer] = [:]
  private var nextObserver: UInt64 = 0

  private let fingerprint: (@Sendable (R.State) -> Fingerprint)?
  private let patch: (@Sendable (R.State, Fingerprint) -> Patch)?

  /// A store whose transitions carry the patches `differ` computes.
  public init(
    reactor: R, sequencer: Sequencer = Sequencer(), differ: StateDiffer<R.State>, executor: (any TaskExecutor)? = nil
  ) {
    self.reactor = reactor
    self.sequencer = sequencer
    self.executor = executor
    self.state = reactor.initialState
    self.fingerprint = differ.fingerprint
    self.patch = differ.patch
  }

  /// A store that records no patches (transitions carry an empty `patch`).
  public convenience init(reactor: R, sequencer: Sequencer = Sequencer(), executor: (any TaskExecutor)? = nil) {
    self.init(reactor: reactor, sequencer: sequencer, differ: .none, executor: executor)
  }

  /// A store whose transitions carry RFC 6902 patches.
  public convenience init(reactor: R, sequencer: Sequencer = Sequencer(), executor: (any TaskExecutor)? = nil)
  where R.State: PatchableState {
    self.init(reactor: reactor, sequencer: sequencer, differ: .patches, executor: executor)
  }

  // MARK: - Reading

  /// The state now. Keep the copy short-lived: while it is held, the next change of a large
  /// array in the state copies that array.
  public var currentState: R.State { lock.withLock { state } }

  /// How many effects are running (for leak checks), including cancelled ones still winding down.
  public var runningEffectCount: Int { lock.withLock { running.count } }

  /// How many running effects have not been cancelled.
  public var liveEffectCount: Int { lock.withLock { running.values.filter { !$0.cancelled }.count } }

  // MARK: - Observing

  /// Registers an observer; it runs on whichever thread commits, in commit order, and must not
  /// block. Returns a token for ``removeObserver(_:)``.
  @discardableResult
  public func observe(_ observer: @escaping Observer) -> UInt64 {
    lock.withLock {
      nextObserver += 1
      observers[nextObserver] = observer
      return nextObserver
    }
  }

  public func removeObserver(_ token: UInt64) {
    _ = lock.withLock { observers.removeValue(forKey: token) }
  }

  /// Every event from now on, as an async sequence (buffered without bound: consume it).
  public func events() -> AsyncStream<StoreEvent<R>> {
    let (stream, continuation) = AsyncStream<StoreEvent<R>>.makeStream()
    let token = observe { event, _ in continuation.yield(event) }
    continuation.onTermination = { [weak self] _ in self?.removeObserver(token) }
    return stream
  }

  // MARK: - Sending

  /// Queues an action and, unless another thread is draining, processes the queue now.
  /// `tag` is carried by every transition and event the action causes, even from effects.
  @discardableResult
  public func send(_ action: R.Action, tag: JSONValue? = nil) -> StoreTask {
    let (tracker, direct) = lock.withLock { () -> (ActionTracker, Bool) in
      nextOrigin += 1
      let tracker = ActionTracker(origin: Origin(id: nextOrigin, tag: tag))
      // Nothing queued and nobody draining: process it now, without the queue.
      if !draining && queue.isEmpty {
        draining = true
        return (tracker, true)
      }
      queue.append(.action(action, tracker))
      return (tracker, false)
    }
    if direct {
      process(.action(action, tracker))
      let next: Item? = lock.withLock {
        if let next = queue.popFirst() { return next }
        draining = false
        return nil
      }
      if let next { drainStarting(with: next) }
    } else {
      drain()
    }
    return StoreTask(tracker: tracker)
  }

  /// Cancels every running effect started by the `send` that returned `task`.
  public func cancel(_ task: StoreTask) {
    cancelRuns { $0.tracker === task.tracker }
  }

  /// Cancels every running effect.
  public func cancelAll() { cancelRuns { _ in true } }

  /// Cancels every running effect of the actions sent with `tag`; true if there was one.
  @discardableResult
  public func cancel(tag: JSONValue) -> Bool {
    let found = lock.withLock { running.values.contains { $0.tracker.origin.tag == tag && !$0.cancelled } }
    cancelRuns { $0.tracker.origin.tag == tag }
    return found
  }

  /// True while an effect of an action sent with `tag` runs.
  public func isRunning(tag: JSONValue) -> Bool {
    lock.withLock { running.values.contains { $0.tracker.origin.tag == tag && !$0.cancelled } }
  }

  /// Cancels every running effect marked with `id`.
  public func cancel(id: EffectID) { cancelRuns { $0.ids.contains(id) } }

  // MARK: - Draining

  private func drain() {
    let first: Item? = lock.withLock {
      if draining { return nil }
      guard let item = queue.popFirst() else { return nil }
      draining = true
      return item
    }
    if let first { drainStarting(with: first) }
  }

  /// Processes `first` and everything queued after it; the caller holds the draining role.
  private func drainStarting(with first: Item) {
    var item: Item? = first
    while let current = item {
      process(current)
      item = lock.withLock {
        if let next = queue.popFirst() { return next }
        draining = false
        return nil
      }
    }
  }

  private func process(_ item: Item) {
    switch item {
    case .action(let action, let tracker):
      defer { tracker.release() }
      guard let action = reactor.transform(action: action) else { return }
      let effect = reactor.transform(mutation: reactor.mutate(action: action, state: state))
      start(effect, action: action, tracker: tracker)
    case .mutation(let mutation, let run, let action):
      defer { run.tracker.release() }
      guard isLive(run) else { return }
      commit(mutation, action: action, tracker: run.tracker)
    case .notice(let notice, let run, let action):
      defer { run.tracker.release() }
      guard isLive(run) else { return }
      emit(.notice(notice, action: action, origin: run.tracker.origin))
    case .failure(let error, let run, let action):
      defer { run.tracker.release() }
      guard isLive(run) else { return }
      run.tracker.markFailed()
      emit(.failure(error, action: action, origin: run.tracker.origin))
    }
  }

  private func isLive(_ run: Run) -> Bool {
    lock.withLock {
      if run.cancelled { run.dropped = true }
      return !run.cancelled
    }
  }

  private func commit(_ mutation: R.Mutation, action: R.Action, tracker: ActionTracker) {
    let before = fingerprint?(state)
    let observers = lock.withLock {
      reactor.reduce(state: &state, mutation: mutation)
      reactor.transform(state: &state)
      return self.observers
    }
    let changes = before.map { patch!(state, $0) } ?? Patch()
    let failure = reactor.failure(of: mutation)
    if failure != nil { tracker.markFailed() }
    sequencer.commit { seq in
      let transition = StateTransition<R>(
        seq: seq, action: action, origin: tracker.origin, mutation: mutation,
        changes: changes, failure: failure)
      for observer in observers.values { observer(.transition(transition), state) }
    }
    let feedback = reactor.feedback(state: state)
    if case .none = feedback.operation {} else { start(feedback, action: action, tracker: tracker) }
  }

  private func emit(_ event: StoreEvent<R>) {
    let observers = lock.withLock { self.observers }
    sequencer.exclusive {
      for observer in observers.values { observer(event, state) }
    }
  }

  // MARK: - Running effects

  /// Applies the synchronous part of an effect now and spawns tasks for the rest.
  private func start(_ effect: Effect<R.Mutation>, action: R.Action, tracker: ActionTracker) {
    switch effect.operation {
    case .none: return
    case .send(let mutation): commit(mutation, action: action, tracker: tracker)
    case .notice(let notice): emit(.notice(notice, action: action, origin: tracker.origin))
    case .merge(let effects):
      for effect in effects { start(effect, action: action, tracker: tracker) }
    case .concatenate(let effects):
      var index = effects.startIndex
      while index < effects.endIndex, effects[index].isSynchronous {
        start(effects[index], action: action, tracker: tracker)
        index += 1
      }
      if index == effects.endIndex - 1 {
        // The common shape, `concatenate(send(...), run(...).cancellable(...))`: start the last
        // effect now, so its cancellation id is registered (and in-flight work cancelled)
        // before any later item is processed.
        start(effects[index], action: action, tracker: tracker)
      } else if index < effects.endIndex {
        // A cancellation id of the first asynchronous effect covers the rest of the sequence.
        var ids: [EffectID] = []
        if case .cancellable(let id, let cancelInFlight, _) = effects[index].operation {
          if cancelInFlight { cancel(id: id) }
          ids = [id]
        }
        spawn(.concatenate(Array(effects[index...])), ids: ids, action: action, tracker: tracker)
      }
    case .run: spawn(effect, ids: [], action: action, tracker: tracker)
    case .cancellable(let id, let cancelInFlight, let inner):
      if cancelInFlight { cancel(id: id) }
      if inner.isSynchronous {
        start(inner, action: action, tracker: tracker)
      } else {
        spawn(inner, ids: [id], action: action, tracker: tracker)
      }
    case .cancel(let id): cancel(id: id)
    }
  }

  /// Registers and starts a task that interprets `effect`; returns it.
  @discardableResult
  private func spawn(
    _ effect: Effect<R.Mutation>, ids: [EffectID], action: R.Action, tracker: ActionTracker
  ) -> Task<Void, Never> {
    tracker.retain()
    let run = Run(tracker: tracker, ids: ids)
    let key = lock.withLock {
      nextRun += 1
      running[nextRun] = run
      return nextRun
    }
    let body: @Sendable () async -> Void = { [self] in
      var interrupted = false
      do {
        try await interpret(effect, run: run, action: action)
      } catch {
        let cancelled = lock.withLock { run.cancelled }
        interrupted = cancelled || error is CancellationError || Task.isCancelled
        if !interrupted { enqueue(.failure(error, run, action), run: run) }
      }
      finish(key, run, interrupted: interrupted)
    }
    // On the global executor (the REPL, the daemon) the effect starts at once on this thread,
    // up to its first suspension (an HTTP request handed to its transfer thread, a sleep):
    // enqueueing it would wake another pool thread only to do that. What it sends meanwhile is
    // queued like any output, since this thread holds the draining role. On a task executor (a
    // replay's ManualExecutor, piped mode's loop thread) it is queued, in order, behind the
    // job that sent its action.
    let task = executor.map { Task(executorPreference: $0, operation: body) } ?? Task.immediate(operation: body)
    let cancelNow = lock.withLock {
      run.task = task
      return run.cancelled
    }
    if cancelNow { task.cancel() }
    return task
  }

  /// A run counts as cancelled only if the cancellation cut its work short: it was interrupted,
  /// or an output it produced was dropped. A run cancelled after its last output landed (a
  /// feedback loop whose request the answer itself cleared) completed.
  private func finish(_ key: UInt64, _ run: Run, interrupted: Bool) {
    let cancelled = lock.withLock {
      running.removeValue(forKey: key)
      return run.cancelled && (interrupted || run.dropped)
    }
    if cancelled { run.tracker.markCancelled() }
    run.tracker.release()
  }

  private func interpret(_ effect: Effect<R.Mutation>, run: Run, action: R.Action) async throws {
    switch effect.operation {
    case .none: return
    case .send(let mutation): enqueue(.mutation(mutation, run, action), run: run)
    case .notice(let notice): enqueue(.notice(notice, run, action), run: run)
    case .run(let work):
      try await work(Send { [self] mutation in enqueue(.mutation(mutation, run, action), run: run) })
    case .concatenate(let effects):
      for effect in effects {
        try Task.checkCancellation()
        try await interpret(effect, run: run, action: action)
      }
    case .merge(let effects):
      try await withThrowingTaskGroup(of: Void.self) { group in
        for effect in effects { group.addTask { try await self.interpret(effect, run: run, action: action) } }
        try await group.waitForAll()
      }
    case .cancellable(let id, let cancelInFlight, let inner):
      if cancelInFlight { cancel(id: id) }
      guard isLive(run) else { throw CancellationError() }
      let child = spawn(inner, ids: [id], action: action, tracker: run.tracker)
      await withTaskCancellationHandler {
        await child.value
      } onCancel: {
        child.cancel()
      }
    case .cancel(let id): cancel(id: id)
    }
  }

  /// Queues an item from a running effect; the item holds its action's tracker open until it
  /// has been processed, so `finish()` never returns before the effect's last result landed.
  private func enqueue(_ item: Item, run: Run) {
    let accepted = lock.withLock {
      guard !run.cancelled else {
        run.dropped = true
        return false
      }
      run.tracker.retain()
      queue.append(item)
      return true
    }
    if accepted { drain() }
  }

  private func cancelRuns(where predicate: (Run) -> Bool) {
    let tasks: [Task<Void, Never>] = lock.withLock {
      var tasks: [Task<Void, Never>] = []
      for run in running.values where !run.cancelled && predicate(run) {
        run.cancelled = true
        if let task = run.task { tasks.append(task) }
      }
      return tasks
    }
    for task in tasks { task.cancel() }
  }
}

/// One running effect of a store. Its mutable fields are guarded by the store's lock. Items it
/// queued keep a reference, so a result queued before a cancellation is still recognised as
/// stale, and one queued just before the effect finished is still committed.
///
/// Not nested in the generic `Store`: a generic class's deinit always runs unspecialized, and
/// looked up the class's metadata at every effect's end (a tenth of an action's cost).
final class EffectRun: @unchecked Sendable {
  let tracker: ActionTracker
  let ids: [EffectID]
  var task: Task<Void, Never>?
  var cancelled = false
  /// An output of this run was dropped because the run had been cancelled.
  var dropped = false

  init(tracker: ActionTracker, ids: [EffectID]) {
    self.tracker = tracker
    self.ids = ids
  }
}
