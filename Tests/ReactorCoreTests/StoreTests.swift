import Foundation
import ReactorCore
import ReactorTesting
import TestSupport
import Testing

@Suite("Store")
struct StoreTests {
  @Test("processes actions in order and numbers every commit")
  func ordering() async {
    let store = Store(reactor: ProbeReactor())
    let recorder = Recorder(store)
    store.send(.increment)
    store.send(.add([1, 2, 3]))
    store.send(.increment)
    #expect(recorder.mutations == [.increment, .append(1), .append(2), .append(3), .increment])
    #expect(recorder.seqs == [1, 2, 3, 4, 5])
    #expect(store.currentState.count == 2)
    #expect(store.currentState.values.elements == [1, 2, 3])
  }

  @Test("an action sent from an observer is queued, not run inline")
  func reentrancy() async {
    let store = Store(reactor: ProbeReactor())
    let order = Locked<[String]>([])
    let sentOnce = Locked(false)
    store.observe { event, state in
      guard case .transition(let t) = event else { return }
      order.withLock { $0.append("commit \(t.mutation!) count=\(state.count)") }
      let first = sentOnce.withLock { sent in
        defer { sent = true }
        return !sent
      }
      if first {
        store.send(.add([7]))
        order.withLock { $0.append("send returned") }
      }
    }
    store.send(.add([1, 2]))
    #expect(
      order.withLock { $0 } == [
        "commit append(1) count=0", "send returned", "commit append(2) count=0", "commit append(7) count=0",
      ])
  }

  @Test("transform hooks: a dropped action does nothing; transform(state:) runs after every reduce")
  func transforms() async {
    let store = Store(reactor: ProbeReactor())
    let recorder = Recorder(store)
    store.send(.dropMe)
    #expect(recorder.mutations.isEmpty)
    store.send(.increment)
    store.send(.increment)
    #expect(store.currentState.transformed == 2)
  }

  @Test("finish waits for asynchronous effects")
  func finishWaits() async {
    let store = Store(reactor: ProbeReactor())
    let gate = AsyncGate()
    let task = store.send(.load("a", gate))
    #expect(!task.isFinished)
    gate.open()
    #expect(await task.finish() == .ok)
    #expect(store.currentState.loaded == "a")
    #expect(store.runningEffectCount == 0)
  }

  @Test("on the global executor an effect runs at once, up to its first suspension")
  func effectStartsAtOnce() async {
    let store = Store(reactor: ProbeReactor())
    let gate = AsyncGate()
    let task = store.send(.stepwise(gate))
    // Its first output was sent before it waited, on this thread, and committed before `send`
    // returned; the rest waits for the gate.
    #expect(store.currentState.values.elements == [1])
    #expect(!task.isFinished)
    gate.open()
    #expect(await task.finish() == .ok)
    #expect(store.currentState.values.elements == [1, 2])
    // An effect that never suspends is over when `send` returns: it failed inline.
    let failing = store.send(.fail("inline"))
    #expect(failing.isFinished)
    #expect(failing.completion == .error)
  }

  @Test("on a task executor an effect waits to be run, in order")
  func effectWaitsForItsExecutor() {
    let executor = ManualExecutor()
    let store = Store(reactor: ProbeReactor(), executor: executor)
    let gate = AsyncGate()
    let task = store.send(.stepwise(gate))
    #expect(store.currentState.values.elements.isEmpty)
    #expect(executor.pendingCount == 1)
    executor.runUntilIdle()
    #expect(store.currentState.values.elements == [1])
    gate.open()
    executor.runUntilIdle()
    #expect(task.isFinished)
    #expect(store.currentState.values.elements == [1, 2])
  }

  @Test("cancelInFlight: a newer load cancels the older one, whose late result never lands")
  func cancelInFlight() async {
    let store = Store(reactor: ProbeReactor())
    let recorder = Recorder(store)
    let first = AsyncGate()
    let second = AsyncGate()
    let old = store.send(.load("old", first))
    let new = store.send(.load("new", second))
    first.open()
    #expect(await old.finish() == .cancelled)
    second.open()
    #expect(await new.finish() == .ok)
    #expect(recorder.mutations == [.setLoaded("new")])
  }

  @Test("a result queued before cancellation is still dropped")
  func queuedResultDropped() async {
    // Effects run on a manual executor, so the test decides when the effect sends its result:
    // while a commit holds the drain, the result queues behind it. The effect is then waiting
    // on its gate, still running, and is cancelled directly (as Ctrl-C does) before the queue
    // reaches its result.
    let executor = ManualExecutor()
    let store = Store(reactor: ProbeReactor(), executor: executor)
    let recorder = Recorder(store)
    let gate = AsyncGate()
    let queued = Locked(false)
    store.observe { event, _ in
      guard case .transition(let t) = event, t.mutation == .increment else { return }
      executor.runUntilIdle()
      // At the gate, the effect has sent its first result, which the held drain queued.
      queued.withLock { $0 = gate.waiterCount == 1 && store.runningEffectCount == 1 }
      store.cancelAll()
    }
    let stepwise = store.send(.stepwise(gate))
    store.send(.increment)
    #expect(queued.withLock { $0 }, "the effect sent its result and waits at its gate, during the commit")
    gate.open()
    executor.runUntilIdle()
    #expect(stepwise.isFinished && stepwise.completion == .cancelled)
    #expect(recorder.mutations == [.increment])
    #expect(store.currentState.values.elements.isEmpty)
  }

  /// The live view's lost "cancelled: rust": the answer to "rus" landed while "rust" was
  /// processed, between its first commit and its cancellation of the search in flight, and the
  /// effect that sent it ended before that cancellation. The answer waits in the queue; the
  /// cancellation must still reach it, though its effect no longer runs.
  @Test("a result queued by an effect that has ended is dropped when a newer action cancels it")
  func queuedResultOfAnEndedEffectDropped() async {
    let executor = ManualExecutor()
    let store = Store(reactor: ProbeReactor(), executor: executor)
    let recorder = Recorder(store)
    let old = AsyncGate()
    let new = AsyncGate()
    let ended = Locked(false)
    store.observe { event, _ in
      guard case .transition(let t) = event, t.action == .announceThenReplace("new", new) else { return }
      guard t.mutation == .increment else { return }
      // The old load's answer arrives now: the held drain queues it, and its effect ends.
      old.open()
      executor.runUntilIdle()
      ended.withLock { $0 = store.runningEffectCount == 0 }
    }
    let oldTask = store.send(.announceThenReplace("old", old))
    executor.runUntilIdle()
    #expect(old.waiterCount == 1, "the old load waits for its answer")
    let newTask = store.send(.announceThenReplace("new", new))
    #expect(ended.withLock { $0 }, "the old load ended, its answer queued, before the new one cancelled it")
    #expect(!recorder.mutations.contains(.setLoaded("old")), "\(recorder.mutations)")
    #expect(store.currentState.loaded == nil)
    #expect(oldTask.isFinished && oldTask.completion == .cancelled)
    executor.runUntilIdle()
    new.open()
    executor.runUntilIdle()
    #expect(newTask.isFinished && newTask.completion == .ok)
    #expect(recorder.mutations == [.increment, .increment, .setLoaded("new")])
    #expect(store.runningEffectCount == 0)
  }

  @Test("cancel(id:) stops a running effect and its task reports cancelled")
  func cancelByID() async {
    let store = Store(reactor: ProbeReactor())
    let gate = AsyncGate()
    let task = store.send(.load("x", gate))
    store.send(.stop)
    gate.open()
    #expect(await task.finish() == .cancelled)
    #expect(store.currentState.loaded == nil)
  }

  @Test("cancel(task) and cancelAll stop uncancellable-by-id effects too")
  func cancelTask() async {
    let store = Store(reactor: ProbeReactor())
    let a = AsyncGate()
    let b = AsyncGate()
    let first = store.send(.loadUncancellable("a", a))
    let second = store.send(.loadUncancellable("b", b))
    store.cancel(first)
    a.open()
    #expect(await first.finish() == .cancelled)
    store.cancelAll()
    b.open()
    #expect(await second.finish() == .cancelled)
    #expect(store.currentState.loaded == nil)
    #expect(store.runningEffectCount == 0)
  }

  /// What an observer does here, a daemon's `cancel <id>` or a Ctrl-C does from another thread
  /// when it sees an action's first change: the action's synchronous mutation is committed and
  /// printed, and its effect is not started yet. The cancellation must still reach that effect.
  @Test(
    "cancel(tag:), cancel(task) and cancelAll reach an action between its first commit and its effect's start",
    arguments: ["tag", "task", "all"])
  func cancelBeforeTheEffectStarts(how: String) async {
    let store = Store(reactor: ProbeReactor())
    let gate = AsyncGate()
    let sent = Locked<StoreTask?>(nil)
    let found = Locked<Bool?>(nil)
    store.observe { event, _ in
      guard case .transition(let transition) = event else { return }
      switch transition.action {
      case .increment:
        // Queued behind `increment`, so its task is known before it is processed.
        let task = store.send(.announceThenLoad("a", gate), tag: .string("x"))
        sent.withLock { $0 = task }
      case .announceThenLoad:
        switch how {
        case "tag": found.withLock { $0 = store.cancel(tag: .string("x")) }
        case "task":
          store.cancel(sent.withLock { $0 }!)
          found.withLock { $0 = true }
        default:
          store.cancelAll()
          found.withLock { $0 = true }
        }
      default: break
      }
    }
    store.send(.increment)
    gate.open()
    #expect(await sent.withLock({ $0 })?.finish() == .cancelled)
    #expect(found.withLock { $0 } == true)
    #expect(store.currentState.count == 2)
    #expect(store.currentState.loaded == nil)
    #expect(store.runningEffectCount == 0)
  }

  @Test("cancel(tag:) reaches an action still queued: its effect never starts")
  func cancelAQueuedAction() async {
    let store = Store(reactor: ProbeReactor())
    let gate = AsyncGate()
    let queued = Locked<(task: StoreTask?, found: Bool?)>((nil, nil))
    store.observe { event, _ in
      // While the store processes `increment`, a tagged action arrives and is queued behind it;
      // then its cancellation.
      guard case .transition(let transition) = event, transition.action == .increment else { return }
      let task = store.send(.announceThenLoad("q", gate), tag: .string("q"))
      let found = store.cancel(tag: .string("q"))
      queued.withLock { $0 = (task, found) }
    }
    store.send(.increment)
    gate.open()
    let (task, found) = queued.withLock { $0 }
    #expect(found == true)
    #expect(await task?.finish() == .cancelled)
    #expect(store.currentState.count == 2)
    #expect(store.currentState.loaded == nil)
    #expect(store.cancel(tag: .string("q")) == false)
  }

  @Test("an effect's error is reported, never swallowed")
  func effectFailure() async {
    let store = Store(reactor: ProbeReactor())
    let recorder = Recorder(store)
    let task = store.send(.fail("boom"))
    #expect(await task.finish() == .error)
    #expect(recorder.failures.withLock { $0 }.first?.contains("boom") == true)
  }

  @Test("notices reach observers without a state change")
  func notices() async {
    let store = Store(reactor: ProbeReactor())
    let recorder = Recorder(store)
    store.send(.tell("hello"))
    #expect(recorder.notices.withLock { $0 } == ["hello"])
    #expect(recorder.mutations.isEmpty)
  }

  @Test("merged effects all land; seq stays strictly increasing")
  func merge() async {
    let store = Store(reactor: ProbeReactor())
    let recorder = Recorder(store)
    await store.send(.parallel(50)).finish()
    #expect(Set(store.currentState.values.elements) == Set(0..<50))
    #expect(recorder.seqs == Array(1...50))
  }

  @Test("concurrent senders: every action processed once, seq increasing in observer order")
  func concurrentSenders() async {
    let store = Store(reactor: ProbeReactor())
    let recorder = Recorder(store)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask { for _ in 0..<500 { store.send(.increment) } }
      }
    }
    #expect(store.currentState.count == 4000)
    #expect(recorder.seqs == Array(1...4000))
  }

  @Test("stores sharing a sequencer number their commits globally")
  func sharedSequencer() async {
    let sequencer = Sequencer()
    let a = Store(reactor: ProbeReactor(), sequencer: sequencer)
    let b = Store(reactor: ProbeReactor(), sequencer: sequencer)
    let ra = Recorder(a)
    let rb = Recorder(b)
    a.send(.increment)
    b.send(.increment)
    a.send(.increment)
    #expect(ra.seqs == [1, 3])
    #expect(rb.seqs == [2])
  }

  @Test("running effects end and are cancelled in any order, each one itself")
  func runsEndInAnyOrder() async {
    let store = Store(reactor: ProbeReactor())
    let gates = [AsyncGate(), AsyncGate(), AsyncGate()]
    let tasks = ["a", "b", "c"].enumerated().map { store.send(.loadUncancellable($1, gates[$0])) }
    #expect(store.runningEffectCount == 3)
    // The first ends: the last run takes its place in the store's registry.
    gates[0].open()
    #expect(await tasks[0].finish() == .ok)
    #expect(store.runningEffectCount == 2)
    // Cancelling the moved run must cancel it, not the one that was there.
    store.cancel(tasks[2])
    #expect(store.liveEffectCount == 1)
    gates[2].open()
    #expect(await tasks[2].finish() == .cancelled)
    gates[1].open()
    #expect(await tasks[1].finish() == .ok)
    #expect(store.currentState.loaded == "b")
    #expect(store.runningEffectCount == 0)
  }

  // A missed completion is a hang, which the time limit turns into a failure: half an hour,
  // since it counts the wall time of a test sharing the pool with the whole suite (under a
  // sanitizer on a loaded machine, one minute failed such tests elsewhere).
  @Test("finish() racing with the last completion never misses it", .timeLimit(.minutes(30)))
  func finishRacesCompletion() async {
    let store = Store(reactor: ProbeReactor())
    let outcomes = await withTaskGroup(of: StoreTask.Completion?.self) { group in
      for index in 0..<2_000 {
        let gate = AsyncGate()
        let task = store.send(.loadUncancellable("\(index)", gate))
        group.addTask { await task.finish() }
        group.addTask {
          gate.open()
          return nil
        }
      }
      var outcomes: [StoreTask.Completion] = []
      for await outcome in group { if let outcome { outcomes.append(outcome) } }
      return outcomes
    }
    #expect(outcomes.count == 2_000)
    #expect(outcomes.allSatisfy { $0 == .ok })
    #expect(await PatientDeadline.wait { store.runningEffectCount == 0 }, "an effect is still registered")
  }

  @Test("10,000 loads each cancelling the previous leave no running effect")
  func noLeakedEffects() async {
    let store = Store(reactor: ProbeReactor())
    var last: StoreTask?
    var gates: [AsyncGate] = []
    let loads = SanitizerRun.cases(10_000)
    for index in 0..<loads {
      let gate = AsyncGate()
      gates.append(gate)
      last = store.send(.load("q\(index)", gate))
    }
    for gate in gates { gate.open() }
    await last?.finish()
    #expect(await PatientDeadline.wait { store.runningEffectCount == 0 }, "an effect is still registered")
    #expect(store.currentState.loaded == "q\(loads - 1)")
  }

  @Test("a failure recorded by a mutation marks the task as failed")
  func mutationFailure() async {
    struct ErrorReactor: Reactor {
      typealias State = ProbeReactor.State
      let initialState = State()
      func mutate(action: Int, state: State) -> Effect<ProbeReactor.Mutation> { .send(.setError("bad")) }
      func reduce(state: inout State, mutation: ProbeReactor.Mutation) {
        ProbeReactor().reduce(state: &state, mutation: mutation)
      }
      func failure(of mutation: ProbeReactor.Mutation) -> (any Error)? { ProbeReactor().failure(of: mutation) }
    }
    let store = Store(reactor: ErrorReactor())
    #expect(await store.send(1).finish() == .error)
  }
}
