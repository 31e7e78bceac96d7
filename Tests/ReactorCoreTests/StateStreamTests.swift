import ReactorCore
import ReactorTesting
import Testing

/// A search-shaped reactor: a query, a list, a counter.
private struct Form: Reactor {
  enum Action: Sendable {
    case setQuery(String)
    case addRepo(String)
    case increment
  }
  enum Mutation: Sendable {
    case setQuery(String)
    case addRepo(String)
    case increment
  }
  struct State: Sendable, Equatable {
    var query = ""
    var repos: [String] = []
    var count = 0
  }

  var initialState: State { State() }

  func mutate(action: Action, state: State) -> Effect<Mutation> {
    switch action {
    case .setQuery(let query): .send(.setQuery(query))
    case .addRepo(let repo): .send(.addRepo(repo))
    case .increment: .send(.increment)
    }
  }

  func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .setQuery(let query): state.query = query
    case .addRepo(let repo): state.repos.append(repo)
    case .increment: state.count += 1
    }
  }
}

/// Actions that arrive when a gate opens, and do not end when the task is cancelled: what a
/// binding must still not send after its task was cancelled.
private struct GatedActions: AsyncSequence {
  let gate: AsyncGate
  let actions: [Form.Action]

  struct AsyncIterator: AsyncIteratorProtocol {
    let gate: AsyncGate
    var actions: ArraySlice<Form.Action>
    mutating func next() async -> Form.Action? {
      await gate.wait()
      return actions.popFirst()
    }
  }

  func makeAsyncIterator() -> AsyncIterator { AsyncIterator(gate: gate, actions: actions[...]) }
}

@Suite("states as an asynchronous sequence, and actions from one")
struct StateStreamTests {
  @Test("states gives the state now, then the state after each commit")
  func currentThenEachCommit() async {
    let store = Store(reactor: Form())
    store.send(.increment)
    var states = store.states.makeAsyncIterator()
    #expect(await states.next()?.count == 1)
    store.send(.increment)
    #expect(await states.next()?.count == 2)
    store.send(.setQuery("swift"))
    #expect(await states.next() == Form.State(query: "swift", repos: [], count: 2))
  }

  @Test("a consumer that waits is resumed by the next commit")
  func waitingConsumer() async {
    let store = Store(reactor: Form())
    let started = AsyncGate()
    let reader = Task {
      var states = store.states(\.count).makeAsyncIterator()
      _ = await states.next()
      started.open()
      return await states.next()
    }
    await started.wait()
    // The reader may not be waiting yet: either way it is given the commit.
    store.send(.increment)
    #expect(await reader.value == 1)
  }

  @Test("a slow consumer is given the latest state only: nothing is buffered for it, the store never waits")
  func latestWins() async {
    let store = Store(reactor: Form())
    var states = store.states.makeAsyncIterator()
    for _ in 0..<1000 { store.send(.increment) }
    // The value now replaced the initial one, and each commit replaced the last.
    #expect(await states.next()?.count == 1000)
    store.send(.increment)
    #expect(await states.next()?.count == 1001)
  }

  @Test("the key-path form offers a value only when it changed, and ignores other fields")
  func keyPathChanges() async {
    let store = Store(reactor: Form())
    var queries = store.states(\.query).makeAsyncIterator()
    #expect(await queries.next() == "")
    store.send(.addRepo("apple/swift"))
    store.send(.increment)
    store.send(.setQuery("swift"))
    #expect(await queries.next() == "swift")
    // A change and its undoing while the consumer is busy is no change to it.
    store.send(.setQuery("rust"))
    store.send(.setQuery("swift"))
    store.send(.addRepo("rust-lang/rust"))
    store.send(.setQuery("zig"))
    #expect(await queries.next() == "zig")
    store.send(.setQuery("zig"))
    store.send(.setQuery("go"))
    #expect(await queries.next() == "go")
  }

  @Test("a commit that leaves the value as the consumer has it offers nothing")
  func repeatsAreNotOffered() async {
    var store: Store<Form>? = Store(reactor: Form())
    var queries = store!.states(\.query).makeAsyncIterator()
    #expect(await queries.next() == "")
    store!.send(.addRepo("apple/swift"))
    store!.send(.setQuery("swift"))
    store!.send(.setQuery(""))
    // The store gone, the iteration gives what waits for it, if anything, then ends.
    store = nil
    #expect(await queries.next() == nil)
  }

  @Test("each iteration is a subscription of its own, from the value at its start")
  func iterationsAreIndependent() async {
    let store = Store(reactor: Form())
    let counts = store.states(\.count)
    var first = counts.makeAsyncIterator()
    store.send(.increment)
    var second = counts.makeAsyncIterator()
    #expect(store.observerCount == 2)
    #expect(await first.next() == 1)
    #expect(await second.next() == 1)
    store.send(.increment)
    #expect(await first.next() == 2)
    #expect(await second.next() == 2)
  }

  @Test("cancelling the iterating task ends the iteration at once and the store forgets it")
  func cancelledConsumer() async {
    let store = Store(reactor: Form())
    let seen = ReactorTesting.Recorder<Int>()
    let reader = Task {
      for await count in store.states(\.count) { seen.append(count) }
      return "ended"
    }
    #expect(await PatientDeadline.wait { seen.values == [0] })
    reader.cancel()
    #expect(await reader.value == "ended")
    #expect(store.observerCount == 0)
    store.send(.increment)
    #expect(seen.values == [0])
  }

  @Test("a cancelled task gets nil even with a value waiting")
  func cancelledBeforeNext() async {
    let store = Store(reactor: Form())
    let gate = AsyncGate()
    let reader = Task {
      var states = store.states.makeAsyncIterator()
      await gate.wait()
      return await states.next()?.count
    }
    reader.cancel()
    gate.open()
    #expect(await reader.value == nil)
    #expect(store.observerCount == 0)
  }

  @Test("leaving the loop (the iterator discarded) ends the subscription")
  func discardedIterator() async {
    let store = Store(reactor: Form())
    for await count in store.states(\.count) where count == 0 { break }
    #expect(store.observerCount == 0)
    do {
      var states = store.states.makeAsyncIterator()
      _ = await states.next()
      #expect(store.observerCount == 1)
    }
    #expect(store.observerCount == 0)
  }

  @Test("when the store goes away, the value waiting is still given, then the iteration ends")
  func storeGoesAway() async {
    var store: Store<Form>? = Store(reactor: Form())
    let stream = store!.states(\.count)
    var counts = stream.makeAsyncIterator()
    #expect(await counts.next() == 0)
    store!.send(.increment)
    weak let gone = store
    store = nil
    #expect(gone == nil, "a stream keeps its store alive")
    #expect(await counts.next() == 1)
    #expect(await counts.next() == nil)
    // A stream whose store went away before it was iterated ends at once.
    var late = stream.makeAsyncIterator()
    #expect(await late.next() == nil)
  }

  @Test("a consumer waiting when the store goes away is resumed with the end")
  func storeGoesAwayWhileWaiting() async {
    var store: Store<Form>? = Store(reactor: Form())
    let stream = store!.states
    let waiting = AsyncGate()
    let reader = Task {
      var states = stream.makeAsyncIterator()
      _ = await states.next()
      waiting.open()
      return await states.next()?.count
    }
    await waiting.wait()
    store = nil
    #expect(await reader.value == nil)
  }

  @Test("send(contentsOf:) sends each action in order until the sequence ends")
  func bindsASequence() async {
    let store = Store(reactor: Form())
    let (actions, input) = AsyncStream.makeStream(of: Form.Action.self)
    for query in ["s", "sw", "swift"] { input.yield(.setQuery(query)) }
    input.yield(.addRepo("apple/swift"))
    input.finish()
    await store.send(contentsOf: actions)
    #expect(store.currentState == Form.State(query: "swift", repos: ["apple/swift"], count: 0))
  }

  @Test("a binding whose task is cancelled sends nothing more, even from a sequence that ignores cancellation")
  func cancelledBinding() async {
    let store = Store(reactor: Form())
    let gate = AsyncGate()
    let binding = Task { await store.send(contentsOf: GatedActions(gate: gate, actions: [.increment, .increment])) }
    // The binding waits at the gate for its first action.
    #expect(await PatientDeadline.wait { gate.waiterCount == 1 })
    binding.cancel()
    gate.open()
    await binding.value
    #expect(store.currentState.count == 0)
  }

  @Test("a binding ends with the error of a sequence that throws, after the actions before it")
  func throwingSequence() async {
    struct Broken: Error {}
    let store = Store(reactor: Form())
    let (actions, input) = AsyncThrowingStream.makeStream(of: Form.Action.self)
    input.yield(.increment)
    input.finish(throwing: Broken())
    await #expect(throws: Broken.self) { try await store.send(contentsOf: actions) }
    #expect(store.currentState.count == 1)
  }
}
