import ReactorCore
import ReactorJSON
import ReactorTesting
import Testing

// Time travel through ReactorCore's public API alone, on the README's counter: what the shell's
// `history`, `diff`, `goto`, `undo`, `redo`, `why`, `watch` and `trace` do for its features,
// any reactor gets from `History` and `EffectTrace`.

/// The README's counter (`Tests/ReactorTestingTests/CounterExampleTests.swift`), with what time
/// travel needs of a reactor: a state that diffs itself into patches, case names for its
/// mutations, and a restored state settled (no fetch survives a jump); its store traces its
/// effects.
private struct Counter: Reactor {
  enum Action: Sendable {
    case increment, decrement, fetch
  }
  enum Mutation: Sendable, Equatable, CaseNamed {
    case add(Int)
    case setLoading(Bool)
  }
  struct State: Sendable, Equatable, PatchableState {
    var count = 0
    var isLoading = false

    static let patchFields: [PatchField<State>] = [.value("count", \.count), .value("isLoading", \.isLoading)]
  }

  var number: @Sendable () async throws -> Int
  var initialState: State { State() }

  func mutate(action: Action, state: State) -> Effect<Mutation> {
    switch action {
    case .increment: .send(.add(1))
    case .decrement: .send(.add(-1))
    case .fetch:
      .concatenate(.send(.setLoading(true)), .run { send in send(.add(try await number())) }, .send(.setLoading(false)))
    }
  }

  func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .add(let amount): state.count += amount
    case .setLoading(let loading): state.isLoading = loading
    }
  }

  func restoring(_ past: State, replacing current: State) -> State {
    var state = past
    state.isLoading = false
    return state
  }
}

@Suite("time travel on the README's counter")
struct CounterTimeTravelTests {
  /// A counter attached to a history, after four commands: +1, +1, +1, -1 (seqs 1 to 4).
  private func counted(limit: Int = 100) -> (History, Store<Counter>) {
    let history = History(limit: limit)
    let store = Store(reactor: Counter(number: { 40 }))
    history.attach(store, feature: "counter")
    for (command, action) in [("increment", Counter.Action.increment), ("+", .increment), ("+", .increment)]
      + [("decrement", .decrement)]
    {
      history.begin(command: command)
      store.send(action)
    }
    return (history, store)
  }

  private func counter(_ count: Int, loading: Bool = false) -> JSONValue {
    .object(["count": .int(count), "isLoading": .bool(loading)])
  }

  @Test("history keeps every change: its seq, feature, command and mutation")
  func recordsChanges() {
    let (history, store) = counted()
    let (kept, dropped) = history.entries
    #expect(kept.map(\.seq) == [1, 2, 3, 4])
    #expect(kept.map(\.feature) == ["counter", "counter", "counter", "counter"])
    #expect(kept.map(\.command) == ["increment", "+", "+", "decrement"])
    #expect(kept.map(\.mutation) == ["add", "add", "add", "add"])
    #expect(dropped == 0)
    #expect(history.entry(3)?.command == "+" && history.entry(9) == nil)
    #expect(store.currentState.count == 2)
    // Past states are rebuilt from the mutations; now is the store's.
    #expect((0...4).map { history.state(of: "counter", after: $0) } == [0, 1, 2, 3, 2].map { counter($0) })
    #expect(history.state(of: "counter") == counter(2))
    #expect(history.state(of: "nobody") == nil)
  }

  @Test("goto puts a past state back as a change of its own, which undo takes back and redo puts again")
  func jumps() {
    let (history, store) = counted()
    #expect(history.goto(1))
    #expect(store.currentState.count == 1)
    #expect(history.entries.kept.last.map { [$0.seq: $0.mutation] } == [5: "restore"])
    #expect(history.entry(5)?.command == "goto 1")

    #expect(history.undo())  // the goto
    #expect(store.currentState.count == 2)
    #expect(history.undo())  // the decrement
    #expect(store.currentState.count == 3)
    #expect(history.redo())
    #expect(store.currentState.count == 2)
    #expect(history.redo())
    #expect(store.currentState.count == 1)
    #expect(!history.redo())

    // A new command after an undo ends what redo could put back.
    #expect(history.undo())
    #expect(store.currentState.count == 2)
    history.begin(command: "increment")
    store.send(.increment)
    #expect(!history.redo())
    #expect(store.currentState.count == 3)
    #expect(!history.goto(99))
  }

  @Test("a jump cancels the fetch in flight, and the restored state is settled: nothing left loading")
  func jumpCancelsAndSettles() async {
    let gate = AsyncGate()
    let history = History(limit: 100)
    let store = Store(
      reactor: Counter(number: {
        await gate.wait()
        return 40
      }))
    history.attach(store, feature: "counter")
    let seen = Locked<[String]>([])
    store.observe { event, state in
      guard case .transition(let change) = event else { return }
      let name = change.mutation?.caseName ?? "restore(action: \(change.action == nil ? "none" : "some"))"
      let patch = change.patch.map { "\($0.path)=\($0.value?.jsonText ?? "-")" }.joined(separator: ",")
      seen.withLock { $0.append("\(change.seq) \(name) [\(patch)] count=\(state.count)") }
    }
    history.begin(command: "increment")
    store.send(.increment)
    history.begin(command: "fetch")
    let fetch = store.send(.fetch)
    // After the fetch's setLoading(true) (seq 2): the state after it was loading.
    #expect(history.goto(2))
    // The gate ignores cancellation: the fetch's answer comes, and is dropped.
    gate.open()
    #expect(await fetch.finish() == .cancelled)
    #expect(store.runningEffectCount == 0)
    #expect(store.currentState == Counter.State(count: 1, isLoading: false))
    #expect(
      seen.withLock { $0 } == [
        "1 add [/count=1] count=1", "2 setLoading [/isLoading=true] count=1",
        "3 restore(action: none) [/isLoading=false] count=1",
      ])
    // History rebuilds states across the restore, and takes it back.
    #expect(history.state(of: "counter", after: 3) == counter(1))
    #expect(history.undo())
    #expect(store.currentState == Counter.State(count: 1, isLoading: false))
    #expect(history.entries.kept.map(\.mutation) == ["add", "setLoading", "restore", "restore"])
  }

  @Test("diff gives the operations from one past state to another, or to now")
  func diffs() throws {
    let (history, _) = counted()
    let (old, operations) = try #require(history.diff("counter", from: 1, to: 3))
    #expect(old == counter(1))
    #expect(operations.map(\.op) == [.replace] && operations.map(\.path) == ["/count"])
    #expect(try JSONPatch.apply(operations, to: old) == counter(3))
    let sinceTwo = try #require(history.diff("counter", from: 2))
    #expect(try JSONPatch.apply(sinceTwo.operations, to: sinceTwo.old) == counter(2))
    #expect(sinceTwo.operations.isEmpty)
    #expect(history.diff("nobody", from: 1) == nil)
  }

  @Test("why names the last change that changed a value, and the value before it")
  func explains() throws {
    let (history, _) = counted()
    let why = try #require(history.why("counter", pointer: "/count"))
    #expect(why.change.seq == 4 && why.change.command == "decrement")
    #expect(why.before == .int(3))
    // Nothing ever changed isLoading; a malformed pointer explains nothing.
    #expect(history.why("counter", pointer: "/isLoading") == nil)
    #expect(history.why("counter", pointer: "count") == nil)
  }

  @Test("a watch reports each change of its value, with the old and the new, until unwatched")
  func watches() {
    let (history, store) = counted()
    let seen = Locked<[String]>([])
    let count = history.watch("counter", pointer: "/count") { seq, old, new in
      seen.withLock { $0.append("\(seq): \(old?.jsonText ?? "-") -> \(new?.jsonText ?? "-")") }
    }
    let again = history.watch("counter", pointer: "/count") { _, _, _ in }
    let loading = history.watch("counter", pointer: "/isLoading") { seq, _, _ in
      seen.withLock { $0.append("\(seq): loading") }
    }
    #expect(count && !again && loading)
    #expect(!history.watch("nobody", pointer: "/count") { _, _, _ in })
    store.send(.increment)
    store.send(.decrement)
    _ = history.goto(5)
    #expect(history.unwatch("counter", pointer: "/count") == 1)
    store.send(.increment)
    #expect(seen.withLock { $0 } == ["5: 2 -> 3", "6: 3 -> 2", "7: 2 -> 3"])
    #expect(history.unwatch() == 1)
  }

  @Test("past the limit the oldest changes go, and their states cannot be put back")
  func drops() {
    let (history, store) = counted(limit: 2)
    #expect(history.entries.kept.map(\.seq) == [3, 4])
    #expect(history.entries.dropped == 2)
    #expect(history.state(of: "counter", after: 1) == nil)
    #expect(history.state(of: "counter", after: 3) == counter(3))
    #expect(!history.goto(1))
    #expect(history.goto(3))
    #expect(store.currentState.count == 3)
  }

  @Test("trace reports an effect's start and end, with the seq before it started")
  func traces() async {
    let sequencer = Sequencer()
    let events = Locked<[EffectTrace.Event]>([])
    let trace = EffectTrace(
      sequencer: sequencer, now: { 0 }, report: { event in events.withLock { $0.append(event) } })
    let store = Store(
      reactor: Counter(number: { 40 }), sequencer: sequencer, differ: .patches, tracer: trace.tracer(feature: "counter")
    )
    #expect(await store.send(.fetch).finish() == .ok)
    #expect(events.withLock { $0 }.isEmpty)

    trace.isOn = true
    #expect(await store.send(.fetch).finish() == .ok)
    let seen = events.withLock { $0 }
    #expect(seen.map(\.kind) == [.start, .end])
    #expect(seen.map(\.feature) == ["counter", "counter"])
    // The effect started after the fetch's `setLoading(true)`, the fourth change.
    #expect(seen.map(\.seq) == [4, 4])
    #expect(seen.map(\.duration) == [nil, 0])
    #expect(store.currentState == Counter.State(count: 80, isLoading: false))
  }
}
