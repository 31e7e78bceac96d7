public import ReactorJSON

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
/// - ``cancel(tag:)``, ``cancel(_:)`` and ``cancelAll()`` also reach actions that are queued or
///   being processed: their synchronous part still applies, and their effects never start.
/// - An error an effect throws is reported as ``StoreEvent/failure(_:action:origin:)``;
///   cancellation is not an error.
/// - ``restore(_:tag:)`` cancels as ``cancelAll()`` does, and puts its state in place as an item
///   of the queue: a committed change like any other, with no action and no mutation.
///
/// Thread safety: the queue, the registry of running effects and every write of the state are
/// guarded by one lock. Only the thread that currently drains the queue reads the state
/// without it, and only it writes.
public final class Store<R: Reactor>: @unchecked Sendable {  // its mutable state is guarded by `lock`
  public typealias Observer = @Sendable (StoreEvent<R>, R.State) -> Void

  public let reactor: R
  public let sequencer: Sequencer
  /// Where effect tasks run; nil for the global concurrent executor. Replays pass a
  /// ``ManualExecutor`` so effects run serially and deterministically.
  public let executor: (any TaskExecutor)?

  /// An item of the queue. Outputs of effects carry their run, which holds the action that
  /// started them.
  fileprivate enum Item {
    case action(R.Action, ActionTracker)
    /// A past state to put back, boxed: a state is larger than the other payloads, and every
    /// item of the queue would carry its size. (Not an `indirect` case: Swift 6.3's move-only
    /// checker crashes on one in `enqueue`'s consuming parameter.)
    case restore(PastState<R.State>, ActionTracker)
    case mutation(R.Mutation, Run)
    case notice(Notice, Run)
    case failure(any Error, Run)

    /// The effect run an output comes from; nil for an action or a restore.
    var run: Run? {
      switch self {
      case .action, .restore: nil
      case .mutation(_, let run), .notice(_, let run), .failure(_, let run): run
      }
    }
  }

  fileprivate typealias Run = EffectRun<R>

  private let lock = Lock()
  // Guarded by `lock`. The lock, not the runtime's exclusivity check, keeps accesses apart, and
  // every access runs inside this file, where none overlaps another: the check is off on the
  // fields every action touches, since each access otherwise calls into the runtime (the
  // `search.store` row, see Benchmarks/README.md).
  @exclusivity(unchecked) private var state: R.State
  /// Each item with its action's tracker (nil for an effect's output).
  @exclusivity(unchecked) private var queue = FIFO<(item: Item, action: ActionTracker?)>()
  @exclusivity(unchecked) private var draining = false
  @exclusivity(unchecked) private var nextOrigin: UInt64 = 0
  /// Running effects, in no particular order; each run knows its slot, so removal is O(1)
  /// without hashing.
  @exclusivity(unchecked) private var running: [Run] = []
  /// The action the draining thread took last, until it takes the next item: between its first
  /// commit and the start of its effects it is neither queued nor running, and a cancellation
  /// from another thread must still find it.
  @exclusivity(unchecked) private var processing: ActionTracker?
  @exclusivity(unchecked) private var observers: [UInt64: Observer] = [:]
  private var nextObserver: UInt64 = 0

  private let fingerprint: (@Sendable (R.State) -> Fingerprint)?
  private let patch: (@Sendable (R.State, Fingerprint) -> Patch)?
  private let tracer: EffectTracer?

  /// A store whose transitions carry the patches `differ` computes, and which reports every
  /// effect it starts, of `mutate` and of `feedback(state:)` alike, to `tracer` while tracing is
  /// on (``Effect/traced(by:)``), so the reactor need not know about tracing.
  public init(
    reactor: R, sequencer: Sequencer = Sequencer(), differ: StateDiffer<R.State>, executor: (any TaskExecutor)? = nil,
    tracer: EffectTracer?
  ) {
    self.reactor = reactor
    self.sequencer = sequencer
    self.executor = executor
    self.state = reactor.initialState
    self.fingerprint = differ.fingerprint
    self.patch = differ.patch
    self.tracer = tracer
  }

  /// A store whose transitions carry the patches `differ` computes.
  public convenience init(
    reactor: R, sequencer: Sequencer = Sequencer(), differ: StateDiffer<R.State>, executor: (any TaskExecutor)? = nil
  ) {
    self.init(reactor: reactor, sequencer: sequencer, differ: differ, executor: executor, tracer: nil)
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
  public var liveEffectCount: Int { lock.withLock { running.filter { !$0.cancelled }.count } }

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

  /// Registers the observer `make` returns for the state now, both under the lock: the observer
  /// sees every commit after that state and none before it. `make` must not call the store.
  package func observe(from make: (R.State) -> Observer) -> UInt64 {
    lock.withLock {
      nextObserver += 1
      observers[nextObserver] = make(state)
      return nextObserver
    }
  }

  public func removeObserver(_ token: UInt64) {
    _ = lock.withLock { observers.removeValue(forKey: token) }
  }

  /// How many observers are registered (for tests that a subscription ended).
  package var observerCount: Int { lock.withLock { observers.count } }

  // MARK: - Sending

  /// Queues an action and, unless another thread is draining, processes the queue now.
  /// `tag` is carried by every transition and event the action causes, even from effects.
  @discardableResult
  public func send(_ action: R.Action, tag: JSONValue? = nil) -> StoreTask {
    lock.lock()
    nextOrigin += 1
    let tracker = ActionTracker(origin: Origin(id: nextOrigin, tag: tag))
    drainUnlocking(.action(action, tracker), action: tracker)
    return StoreTask(tracker: tracker)
  }

  /// Puts `past` back as the state (time travel: a `goto`, an `undo`): cancels every effect, as
  /// ``cancelAll()`` does, then, after the items queued before it, replaces the state with what
  /// ``Reactor/restoring(_:replacing:)`` makes of `past`. Observers see a transition with no
  /// action and no mutation (``StateTransition/isRestore``), whose patch leads from the old state
  /// to the restored one; the restored state's feedback runs as after any change. `tag` is
  /// carried as `send`'s is.
  @discardableResult
  public func restore(_ past: R.State, tag: JSONValue? = nil) -> StoreTask {
    cancelAll()
    lock.lock()
    nextOrigin += 1
    let tracker = ActionTracker(origin: Origin(id: nextOrigin, tag: tag))
    drainUnlocking(.restore(PastState(past), tracker), action: tracker)
    return StoreTask(tracker: tracker)
  }

  /// Cancels every effect started by the `send` that returned `task`, and those it has yet to
  /// start (while the action is queued or being processed).
  public func cancel(_ task: StoreTask) {
    cancelSends { $0 === task.tracker }
  }

  /// Cancels every running effect, and those that actions queued or being processed have yet
  /// to start.
  public func cancelAll() { cancelSends { _ in true } }

  /// The origin of the action (or effect output) being processed now, if any: read while an
  /// action's effect is made, it says which `send` call the effect belongs to (tracing tags
  /// its records with the request's id).
  package var processingOrigin: Origin? { lock.withLock { processing?.origin } }

  /// Cancels the effects of the actions sent with `tag`, running or yet to start; true if such
  /// an action was queued, being processed or had an effect running.
  @discardableResult
  public func cancel(tag: JSONValue) -> Bool {
    cancelSends { $0.origin.tag == tag }
  }

  /// Cancels every running effect marked with `id`.
  public func cancel(id: EffectID) { cancelRuns { $0.id == id } }

  // MARK: - Draining

  /// The one drain: called with the lock held, it releases it. Queues `item` (and `action`,
  /// its action's tracker, nil for an effect's output) if another thread drains; otherwise
  /// takes the draining role, processes `item` and then every item queued meanwhile, in order.
  /// Items are moved, never copied, to `process`.
  private func drainUnlocking(_ item: consuming Item, action: ActionTracker?) {
    guard !draining else {
      queue.append((item, action))
      lock.unlock()
      return
    }
    // Nobody drains, so nothing is queued: `item` is processed without a trip through the
    // queue (the `counter` row, see Benchmarks/README.md).
    draining = true
    processing = action
    lock.unlock()
    process(item)
    lock.lock()
    // `isEmpty`, not `while let`: the empty optional of a generic item, made and destroyed
    // through its metadata, was 4% of the `search.store` row's instructions.
    while !queue.isEmpty {
      let (next, action) = queue.removeFirst()
      processing = action
      lock.unlock()
      process(consume next)
      lock.lock()
    }
    processing = nil
    draining = false
    lock.unlock()
  }

  private func process(_ item: consuming Item) {
    switch consume item {
    case .action(let action, let tracker):
      defer { tracker.release() }
      guard let action = reactor.transform(action: action) else { return }
      let effect = reactor.transform(mutation: reactor.mutate(action: action, state: state))
      start(effect, action: action, tracker: tracker)
    case .restore(let past, let tracker):
      defer { tracker.release() }
      commit(restoring: past.state, tracker: tracker)
    case .mutation(let mutation, let run):
      defer { run.tracker.release() }
      commit(mutation, action: run.action, tracker: run.tracker, from: run)
    case .notice(let notice, let run):
      defer { run.tracker.release() }
      guard isLive(run) else { return }
      emit(.notice(notice, action: run.action, origin: run.tracker.origin))
    case .failure(let error, let run):
      defer { run.tracker.release() }
      guard isLive(run) else { return }
      run.tracker.markFailed()
      emit(.failure(error, action: run.action, origin: run.tracker.origin))
    }
  }

  private func isLive(_ run: Run) -> Bool {
    lock.withLock {
      if run.cancelled { run.dropped = true }
      return !run.cancelled
    }
  }

  /// Reduces `mutation`, tells the observers and starts the feedback of the new state. A
  /// mutation `from` an effect run is dropped if the run has been cancelled; the check shares
  /// the lock of the reduce, so no cancellation can slip in between. The caller holds the
  /// draining role.
  private func commit(_ mutation: R.Mutation, action: R.Action?, tracker: ActionTracker, from run: Run? = nil) {
    let before = fingerprint?(state)
    lock.lock()
    if let run, run.cancelled {
      run.dropped = true
      lock.unlock()
      return
    }
    reactor.reduce(state: &state, mutation: mutation)
    reactor.transform(state: &state)
    let observers = self.observers
    lock.unlock()
    let feedback: Effect<R.Mutation>
    if observers.isEmpty {
      // Nobody sees the transition: number the commit, but build and copy nothing for it (the
      // `counter` and `search.store` rows, see Benchmarks/README.md).
      if reactor.failure(of: mutation) != nil { tracker.markFailed() }
      sequencer.skip()
      feedback = reactor.feedback(state: state)
    } else {
      feedback = publish(
        mutation, action: action, tracker: tracker, before: before, observers: observers, state: state)
    }
    start(feedback, action: action, tracker: tracker)
  }

  /// Puts a past state back, as ``restore(_:tag:)`` says, and tells the observers. The caller
  /// holds the draining role.
  private func commit(restoring past: R.State, tracker: ActionTracker) {
    let before = fingerprint?(state)
    lock.lock()
    state = reactor.restoring(past, replacing: state)
    reactor.transform(state: &state)
    let observers = self.observers
    lock.unlock()
    let feedback: Effect<R.Mutation>
    if observers.isEmpty {
      sequencer.skip()
      feedback = reactor.feedback(state: state)
    } else {
      feedback = publish(nil, action: nil, tracker: tracker, before: before, observers: observers, state: state)
    }
    start(feedback, action: nil, tracker: tracker)
  }

  /// Diffs, numbers and hands a committed mutation to the observers; returns the feedback of
  /// the new state. Takes the state as one copy for all three: each read of the stored property
  /// copied it (a retain of every field, then a release). The copy ends when this returns,
  /// before a synchronous feedback effect can reduce again, so appends stay in place.
  private func publish(
    _ mutation: R.Mutation?, action: R.Action?, tracker: ActionTracker, before: Fingerprint?,
    observers: [UInt64: Observer], state: R.State
  ) -> Effect<R.Mutation> {
    let changes = before.map { patch!(state, $0) } ?? Patch()
    let failure = mutation.flatMap { reactor.failure(of: $0) }
    if failure != nil { tracker.markFailed() }
    sequencer.commit { seq in
      // The event is made once, around the transition: wrapping a transition for each
      // observer copied it, and destroyed both, through the generic type's value witnesses.
      let event = StoreEvent<R>.transition(
        StateTransition<R>(
          seq: seq, action: action, origin: tracker.origin, mutation: mutation, changes: changes, failure: failure))
      for observer in observers.values { observer(event, state) }
    }
    return reactor.feedback(state: state)
  }

  private func emit(_ event: StoreEvent<R>) {
    let observers = lock.withLock { self.observers }
    sequencer.exclusive {
      for observer in observers.values { observer(event, state) }
    }
  }

  // MARK: - Running effects

  /// A task started for an asynchronous part of an effect, with the run it belongs to.
  private typealias Child = (run: Run, task: Task<Void, any Error>)

  /// Runs the effect of an action being processed: its synchronous parts now, the rest as tasks.
  private func start(_ effect: Effect<R.Mutation>, action: R.Action?, tracker: ActionTracker) {
    // Most feedback is nothing: that needs no tracer check.
    if case .none = effect.operation { return }
    var none: [Child]? = nil
    // Checked here, not through `traced(by:)`, which copies the effect when tracing is off.
    if let tracer, tracer.isOn() {
      walk(effect.wrapped(by: tracer), in: nil, action: action, tracker: tracker, children: &none)
    } else {
      walk(effect, in: nil, action: action, tracker: tracker, children: &none)
    }
  }

  /// The one interpretation of an effect tree, for an action being processed (`run` nil) and
  /// inside an effect's task (`run`) alike.
  ///
  /// Applies the synchronous parts in order: an output commits now while the action is
  /// processed, and is queued as an item of `run` inside a task. Starts every asynchronous part
  /// as a task of its own, under the cancellation id that covers it; inside a run, those tasks
  /// are appended to `children` for the run to await. Of a `concatenate`, the parts after the
  /// synchronous ones run in order in one task, which the cancellation id of the first of them
  /// covers whole.
  private func walk(
    _ effect: Effect<R.Mutation>, in run: Run?, action: R.Action?, tracker: ActionTracker, children: inout [Child]?
  ) {
    switch effect.operation {
    case .none: return
    case .send(let mutation):
      if let run {
        enqueue(.mutation(mutation, run), run: run)
      } else {
        commit(mutation, action: action, tracker: tracker)
      }
    case .notice(let notice):
      if let run {
        enqueue(.notice(notice, run), run: run)
      } else {
        emit(.notice(notice, action: action, origin: tracker.origin))
      }
    case .cancel(let id): cancel(id: id)
    case .merge(let effects):
      for effect in effects { walk(effect, in: run, action: action, tracker: tracker, children: &children) }
    case .run:
      spawn(effect, id: nil, in: run, action: action, tracker: tracker, children: &children)
    case .cancellable(let id, let cancelInFlight, let inner):
      if cancelInFlight { cancel(id: id) }
      // While the action is processed, synchronous work is over before anything can cancel it.
      // Inside a task its outputs wait in the queue, where `id` must still reach them: it gets
      // a run of its own.
      if run == nil && inner.isSynchronous {
        walk(inner, in: nil, action: action, tracker: tracker, children: &children)
      } else {
        spawn(inner, id: id, in: run, action: action, tracker: tracker, children: &children)
      }
    case .cancellableRun(let id, let cancelInFlight, _):
      if cancelInFlight { cancel(id: id) }
      // The run performs the work in the effect itself, without a box for a `run` of its own.
      spawn(effect, id: id, in: run, action: action, tracker: tracker, children: &children, performsWork: true)
    case .pair(let first, let second) where first.isSynchronous:
      // As `concatenate` below: the synchronous first part now, then the second as it would
      // run alone, being the last.
      walk(first, in: run, action: action, tracker: tracker, children: &children)
      walk(second, in: run, action: action, tracker: tracker, children: &children)
    case .pair(let first, let second):
      walk(.concatenate([first, second]), in: run, action: action, tracker: tracker, children: &children)
    case .concatenate(let effects):
      var index = effects.startIndex
      while index < effects.endIndex, effects[index].isSynchronous {
        walk(effects[index], in: run, action: action, tracker: tracker, children: &children)
        index += 1
      }
      if index == effects.endIndex - 1 {
        // The common shape, `concatenate(send(...), run(...).cancellable(...))`: nothing waits
        // for the last part, so it starts as it would alone, its cancellation id registered (and
        // in-flight work cancelled) before any later item is processed.
        walk(effects[index], in: run, action: action, tracker: tracker, children: &children)
      } else if index < effects.endIndex {
        var rest = Array(effects[index...])
        var id: EffectID?
        if case .cancellable(let first, let cancelInFlight, let inner) = rest[0].operation {
          if cancelInFlight { cancel(id: first) }
          id = first
          rest[0] = inner
        } else if case .cancellableRun(let first, let cancelInFlight, let work) = rest[0].operation {
          if cancelInFlight { cancel(id: first) }
          id = first
          rest[0] = Effect(operation: .run(work))
        }
        spawn(.concatenate(rest), id: id, in: run, action: action, tracker: tracker, children: &children)
      }
    }
  }

  /// Registers a run of `effect` under `id` and starts its task; appends it to `children` when
  /// they are collected (inside a run, `parent`). Starts nothing if its action's effects, or its parent, have been
  /// cancelled already.
  /// With `performsWork`, `effect` is a `cancellableRun` whose work the run performs as if it
  /// were a `run`.
  ///
  /// Never inlined: making a task needs the resilient `TaskPriority?`'s metadata and stack room
  /// sized at run time, which inlined into `walk` it looked up at every step of every effect.
  @inline(never)
  private func spawn(
    _ effect: Effect<R.Mutation>, id: EffectID?, in parent: Run?, action: R.Action?, tracker: ActionTracker,
    children: inout [Child]?, performsWork: Bool = false
  ) {
    let run =
      if let action {
        ActionEffectRun(
          store: self, effect: effect, action: action, tracker: tracker, id: id, performsWork: performsWork)
      } else {
        Run(store: self, effect: effect, tracker: tracker, id: id, performsWork: performsWork)
      }
    let registered = lock.withLock { () -> Bool in
      guard !tracker.cancelRequested, parent?.cancelled != true else { return false }
      run.slot = running.count
      running.append(run)
      return true
    }
    guard registered else {
      tracker.markCancelled()
      return
    }
    tracker.retain()
    // On the global executor (the REPL, the daemon) the effect starts at once on this thread,
    // up to its first suspension (an HTTP request handed to its transfer thread, a sleep):
    // enqueueing it would wake another pool thread only to do that. What it sends meanwhile is
    // queued like any output, since this thread holds the draining role. On a task executor (a
    // replay's ManualExecutor, piped mode's loop thread) it is queued, in order, behind the
    // job that sent its action.
    // The closures are literals at each call, not one closure value passed to both: converting
    // a stored `() async -> Void` to the initializers' `@isolated(any)` operation allocates
    // reabstraction thunks. Each captures the run alone, which then serves as the closure's
    // context, so that no context is allocated. The tasks are typed as throwing though they
    // never throw: the task builtin takes a throwing operation, and a non-throwing one was
    // wrapped in a thunk whose context was allocated at every spawn.
    // The executor is passed as the stored property, not bound by `if let`: the binding copied
    // it, a retain and a release, besides the copy the task takes.
    let task: Task<Void, any Error>
    if executor != nil {
      task = Task(executorPreference: executor) { [run] in await run.store.perform(run) }
    } else {
      task = Task.immediate { [run] in await run.store.perform(run) }
    }
    lock.lock()
    run.task = task
    let cancelNow = run.cancelled
    lock.unlock()
    if cancelNow { task.cancel() }
    children?.append((run, task))
  }

  /// The body of an effect's task: runs its steps (the parts of a `concatenate`, one after
  /// another, or the effect itself), reports a failure, and deregisters the run.
  @inline(__always)
  fileprivate func perform(_ run: Run) async {
    var interrupted = false
    let work: Effect<R.Mutation>.Work? =
      switch run.effect.operation {
      case .run(let work): work
      case .cancellableRun(_, _, let work) where run.performsWork: work
      default: nil
      }
    do {
      if let work {
        // The usual effect, awaited here rather than through `step`: each async call and its
        // return is a task switch (a check of the task's executor preference).
        try await work(sender(run))
      } else {
        try await performSteps(of: run)
      }
    } catch {
      let cancelled = lock.withLock { run.cancelled }
      interrupted = cancelled || error is CancellationError || Task.isCancelled
      if !interrupted { enqueue(.failure(error, run), run: run) }
    }
    finish(run, interrupted: interrupted)
  }

  /// The steps of a run whose effect is not a single body of work. A function of its own, so
  /// that the usual task's async frame holds neither the effect nor a copy of the action.
  @inline(never)
  private func performSteps(of run: Run) async throws {
    if let effects = run.effect.sequence {
      for effect in effects {
        try checkLive(run)
        try await step(effect, run: run, action: run.action)
      }
    } else {
      try await step(run.effect, run: run, action: run.action)
    }
  }

  /// One step of a run. A `run` effect's body is awaited right here, on the run's own task;
  /// anything else is walked, and the tasks that starts are awaited, cancelled with this one.
  private func step(_ effect: Effect<R.Mutation>, run: Run, action: R.Action?) async throws {
    if case .run(let work) = effect.operation {
      try await work(sender(run))
      return
    }
    var children: [Child]? = []
    walk(effect, in: run, action: action, tracker: run.tracker, children: &children)
    guard let started = children, !started.isEmpty else { return }
    await withTaskCancellationHandler {
      for child in started { _ = await child.task.result }
    } onCancel: {
      cancelRuns { run in started.contains { $0.run === run } }
    }
  }

  /// Throws `CancellationError` once `run` has been cancelled, so its next step never starts.
  private func checkLive(_ run: Run) throws {
    if lock.withLock({ run.cancelled }) { throw CancellationError() }
  }

  /// A run counts as cancelled only if the cancellation cut its work short: it was interrupted,
  /// or an output it produced was dropped. A run cancelled after its last output landed (a
  /// feedback loop whose request the answer itself cleared) completed.
  private func finish(_ run: Run, interrupted: Bool) {
    let cancelled = lock.withLock {
      let last = running.removeLast()
      if last !== run {
        running[run.slot] = last
        last.slot = run.slot
      }
      return run.cancelled && (interrupted || run.dropped)
    }
    if cancelled { run.tracker.markCancelled() }
    run.tracker.release()
  }

  /// What a `run` effect's body sends through: its outputs are queued as items of `run`. The
  /// closure captures the run alone, its context, so that none is allocated.
  private func sender(_ run: Run) -> Send<R.Mutation> {
    Send { [run] mutation in run.store.enqueue(.mutation(mutation, run), run: run) }
  }

  /// Hands the drain an item from a running effect, unless the run has been cancelled; the item
  /// holds its action's tracker open until it has been processed, so `finish()` never returns
  /// before the effect's last result landed.
  private func enqueue(_ item: consuming Item, run: Run) {
    lock.lock()
    guard !run.cancelled else {
      run.dropped = true
      lock.unlock()
      return
    }
    run.tracker.retain()
    drainUnlocking(item, action: nil)
  }

  // MARK: - Cancelling

  /// Cancels the effects of every action whose tracker matches: its running effects now, and
  /// (through the tracker's mark, which `spawn` checks) those it starts later, since the action
  /// may still be queued, or processed by the draining thread between its first commit and the
  /// start of its effects. True if any matching action was queued, processed or running.
  @discardableResult
  private func cancelSends(where matches: (ActionTracker) -> Bool) -> Bool {
    var found = false
    func mark(_ tracker: ActionTracker) {
      tracker.cancelRequested = true
      found = true
    }
    let tasks = lock.withLock { () -> [Task<Void, any Error>] in
      if let processing, matches(processing) { mark(processing) }
      queue.visit { queued in
        if let tracker = queued.action, matches(tracker) { mark(tracker) }
      }
      return markCancelled { run in
        guard matches(run.tracker) else { return false }
        mark(run.tracker)
        return true
      }
    }
    for task in tasks { task.cancel() }
    return found
  }

  /// Cancels every running effect that matches.
  private func cancelRuns(where matches: (Run) -> Bool) {
    let tasks = lock.withLock { markCancelled(where: matches) }
    for task in tasks { task.cancel() }
  }

  /// Marks every running effect that matches (and is not cancelled yet) cancelled, and returns
  /// their tasks; and every ended one whose outputs still wait in the queue (an answer queued
  /// behind the action that replaces it, its effect ended before that action cancelled it),
  /// whose outputs are then dropped. The caller holds the lock, and cancels the tasks after
  /// releasing it: a task's cancellation handlers run inline and may take the lock themselves.
  private func markCancelled(where matches: (Run) -> Bool) -> [Task<Void, any Error>] {
    var tasks: [Task<Void, any Error>] = []
    for run in running where !run.cancelled && matches(run) {
      run.cancelled = true
      if let task = run.task { tasks.append(task) }
    }
    queue.visit { queued in
      // Any run still running was marked above: one found here has ended.
      guard let run = queued.item.run, !run.cancelled, matches(run) else { return }
      run.cancelled = true
      // Its work was cut short after all; the queued item keeps its action from finishing
      // before this is seen.
      run.tracker.markCancelled()
    }
    return tasks
  }
}

/// A state ``Store/restore(_:tag:)`` puts back, on its way through the queue.
final class PastState<State: Sendable>: Sendable {
  let state: State
  init(_ state: State) { self.state = state }
}

/// One running effect of a store: its task's only capture, and what its `Send` sends through.
/// Its mutable fields are guarded by the store's lock. Items it queued keep a reference, so a
/// result queued before a cancellation is still recognised as stale, and one queued just
/// before the effect finished is still committed, unless a cancellation reaches it in the
/// queue.
///
/// Not nested in the generic `Store`: the deinit of a nested class looked up the class's
/// metadata at every effect's end.
class EffectRun<R: Reactor>: @unchecked Sendable {  // its mutable fields are guarded by the store's lock
  let store: Store<R>
  /// The work its task performs.
  let effect: Effect<R.Mutation>
  /// The action whose effect this is; its outputs are committed on the action's behalf. Nil for
  /// the feedback of a restored state. (A subclass holds it: a stored optional made the deinit
  /// look up `Optional<Action>`'s metadata at every effect's end, 2% of the `search` profile.)
  var action: R.Action? { nil }
  let tracker: ActionTracker
  /// The cancellation id it runs under, if any.
  let id: EffectID?
  /// Its effect is a `cancellableRun` whose work it performs itself (the id is that effect's).
  let performsWork: Bool
  // Exclusivity unchecked for the store's reason (`search.store`): its lock keeps accesses apart.
  /// Its index in the store's `running` list while it runs.
  @exclusivity(unchecked) var slot = 0
  @exclusivity(unchecked) var task: Task<Void, any Error>?
  @exclusivity(unchecked) var cancelled = false
  /// An output of this run was dropped because the run had been cancelled.
  var dropped = false

  init(store: Store<R>, effect: Effect<R.Mutation>, tracker: ActionTracker, id: EffectID?, performsWork: Bool) {
    self.store = store
    self.effect = effect
    self.tracker = tracker
    self.id = id
    self.performsWork = performsWork
  }
}

/// A run of an action's effect, as every run is but the feedback of a restored state.
final class ActionEffectRun<R: Reactor>: EffectRun<R>, @unchecked Sendable {
  private let sentAction: R.Action

  override var action: R.Action? { sentAction }

  init(
    store: Store<R>, effect: Effect<R.Mutation>, action: R.Action, tracker: ActionTracker, id: EffectID?,
    performsWork: Bool
  ) {
    sentAction = action
    super.init(store: store, effect: effect, tracker: tracker, id: id, performsWork: performsWork)
  }
}
