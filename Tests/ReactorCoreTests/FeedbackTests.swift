import ReactorCore
import ReactorJSON
import ReactorTesting
import Testing

// FeedbackLoop, FeedbackSetLoop and FeedbackSystem on a real Store: every effect waits on a
// gate the test opens, and records that it started, so restarts can be counted.

/// The state of the probe system: one request (`wanted`) and a set of them (`watched`).
private struct LoopState: Sendable, Equatable, PatchableState {
  var wanted: String?
  var watched: Set<String> = []
  var loaded = TrackedArray<String>()
  var ticks = 0

  static let patchFields: [PatchField<LoopState>] = [
    .value("wanted", \.wanted), .list("loaded", \.loaded), .value("ticks", \.ticks),
  ]
}

private enum LoopEvent: Sendable, Equatable {
  case want(String?)
  case watch(Set<String>)
  case tick
  case loaded(String)
}

/// Gates by name, and the names of the effects that started, in order.
private final class Lab: Sendable {
  let starts = Locked<[String]>([])
  private let gates = Locked<[String: AsyncGate]>([:])

  func gate(_ name: String) -> AsyncGate {
    gates.withLock { gates in
      if let gate = gates[name] { return gate }
      let gate = AsyncGate()
      gates[name] = gate
      return gate
    }
  }

  func work(_ name: String) -> Effect<LoopEvent> {
    .run { [self] send in
      starts.withLock { $0.append(name) }
      await gate(name).wait()
      send(.loaded(name))
    }
  }

  func startCount(_ name: String) -> Int { starts.withLock { $0.filter { $0 == name }.count } }

  /// A system whose `wanted` drives one loop and whose `watched` drives a set loop.
  func system() -> FeedbackSystem<LoopState, LoopEvent> {
    FeedbackSystem(
      initialState: LoopState(),
      reduce: { state, event in
        switch event {
        case .want(let name): state.wanted = name
        case .watch(let names): state.watched = names
        case .tick: state.ticks += 1
        case .loaded(let name): state.loaded.append(name)
        }
      },
      feedback: [
        react(id: "one", request: { $0.wanted }, effects: work),
        react(id: "many", requests: { $0.watched }, effects: work),
      ])
  }
}

/// Waits until `condition` holds, then expects it; gives up after 20 s of looking, so a stall
/// of a busy machine is not taken for a missing effect (see `PatientDeadline`).
private func eventually(
  _ condition: @Sendable () -> Bool, sourceLocation: SourceLocation = #_sourceLocation
) async {
  #expect(await PatientDeadline.wait(until: condition), sourceLocation: sourceLocation)
}

@Suite("Feedback loops")
struct FeedbackTests {
  @Test("a request that appears starts its effect, on behalf of the action that caused it")
  func start() async {
    let lab = Lab()
    let store = Store(reactor: lab.system())
    let task = store.send(.want("a"))
    #expect(!task.isFinished)
    lab.gate("a").open()
    #expect(await task.finish() == .ok)
    #expect(store.currentState.loaded.elements == ["a"])
    #expect(lab.starts.withLock { $0 } == ["a"])
  }

  @Test("a changed request cancels the previous effect, whose late result is ignored")
  func change() async {
    let lab = Lab()
    let store = Store(reactor: lab.system())
    let old = store.send(.want("a"))
    let new = store.send(.want("b"))
    lab.gate("a").open()
    #expect(await old.finish() == .cancelled)
    lab.gate("b").open()
    #expect(await new.finish() == .ok)
    #expect(store.currentState.loaded.elements == ["b"])
    #expect(lab.startCount("b") == 1)
  }

  @Test("a request that becomes nil cancels its effect")
  func becomesNil() async {
    let lab = Lab()
    let store = Store(reactor: lab.system())
    let task = store.send(.want("a"))
    await eventually { lab.startCount("a") == 1 }
    #expect(await store.send(.want(nil)).finish() == .ok)
    lab.gate("a").open()
    #expect(await task.finish() == .cancelled)
    #expect(store.currentState.loaded.isEmpty)
    #expect(store.runningEffectCount == 0)
  }

  @Test("the same request, derived again from changed state, is not restarted")
  func sameRequest() async {
    let lab = Lab()
    let store = Store(reactor: lab.system())
    let task = store.send(.want("a"))
    await eventually { lab.startCount("a") == 1 }
    store.send(.tick)
    #expect(await store.send(.want("a")).finish() == .ok)
    lab.gate("a").open()
    #expect(await task.finish() == .ok)
    #expect(lab.starts.withLock { $0 } == ["a"])
    #expect(store.currentState.loaded.elements == ["a"])
    #expect(store.currentState.ticks == 1)
  }

  @Test("a set of requests runs concurrently; removing one cancels only its effect")
  func setOfRequests() async {
    let lab = Lab()
    let store = Store(reactor: lab.system())
    let both = store.send(.watch(["x", "y"]))
    await eventually { lab.startCount("x") == 1 && lab.startCount("y") == 1 }
    #expect(store.currentState.loaded.isEmpty)
    let onlyY = store.send(.watch(["y", "z"]))
    lab.gate("x").open()
    lab.gate("y").open()
    lab.gate("z").open()
    #expect(await both.finish() == .cancelled)
    #expect(await onlyY.finish() == .ok)
    #expect(Set(store.currentState.loaded.elements) == ["y", "z"])
    #expect(lab.startCount("y") == 1)
    #expect(store.runningEffectCount == 0)
  }

  @Test("a set loop names each effect after its loop and request")
  func setLoopIDs() {
    let loop = FeedbackSetLoop<LoopState, String, LoopEvent>(
      id: "many", requests: { $0.watched }, effects: { _ in .none })
    #expect(loop.effectID(for: "x") == EffectID("many#x"))
    var state = LoopState()
    state.watched = ["x"]
    _ = loop(state)
    #expect(loop.currentRequests == ["x"])
  }

  @Test("a restore cancels the loops' work, and the restored state's feedback starts what it asks for, for no action")
  func restoreRunsFeedback() async {
    let lab = Lab()
    let store = Store(reactor: lab.system())
    let seen = Locked<[String]>([])
    store.observe { event, state in
      guard case .transition(let t) = event else { return }
      let cause = t.action.map { "\($0)" } ?? "none"
      seen.withLock {
        $0.append("\(t.seq) \(t.mutation.map { "\($0)" } ?? "restore") by \(cause): \(state.loaded.elements)")
      }
    }
    let wantA = store.send(.want("a"))
    #expect(lab.startCount("a") == 1)
    let restore = store.restore(LoopState(wanted: "b"))
    lab.gate("a").open()
    lab.gate("b").open()
    #expect(await wantA.finish() == .cancelled)
    #expect(await restore.finish() == .ok)
    #expect(lab.startCount("b") == 1)
    #expect(
      seen.withLock { $0 } == [
        #"1 want(Optional("a")) by want(Optional("a")): []"#, "2 restore by none: []",
        #"3 loaded("b") by none: ["b"]"#,
      ])
  }

  @Test("a feedback system on a store commits numbered transitions with patches")
  func systemOnAStore() async throws {
    let lab = Lab()
    let store = Store(reactor: lab.system())
    typealias Seen = (seq: UInt64, action: LoopEvent, event: LoopEvent, patch: [PatchOperation])
    let seen = Locked<[Seen]>([])
    store.observe { event, _ in
      guard case .transition(let t) = event else { return }
      guard let action = t.action, let mutation = t.mutation else {
        Issue.record("unexpected restore")
        return
      }
      seen.withLock { $0.append((t.seq, action, mutation, t.patch)) }
    }
    lab.gate("a").open()
    await store.send(.want("a")).finish()
    await store.send(.tick).finish()
    let transitions = seen.withLock { $0 }
    #expect(transitions.map(\.seq) == [1, 2, 3])
    #expect(transitions.map(\.event) == [.want("a"), .loaded("a"), .tick])
    #expect(transitions.map(\.action) == [.want("a"), .want("a"), .tick])
    #expect(
      transitions[1].patch == [PatchOperation(op: .add, path: "/loaded/-", value: .string("a"))])
    let rebuilt = try JSONPatch.apply(transitions.flatMap(\.patch), to: LoopState().jsonValue)
    #expect(rebuilt == store.currentState.jsonValue)
  }
}
