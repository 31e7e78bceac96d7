import ReactorCore
import ReactorTesting
import Testing

// snippet: search-reactor
/// Search as you type: each query waits 300 ms before it is searched, and a newer query
/// cancels it, so only the query the user paused at reaches the server.
struct Search: Reactor {
  enum Action: Sendable {
    case type(String)
    case stop
  }

  enum Mutation: Sendable, Equatable {
    case setQuery(String)
    case setResults([String])
  }

  struct State: Sendable, Equatable {
    var query = ""
    var results: [String] = []
  }

  var clock: any Clock<Duration>
  var search: @Sendable (String) async throws -> [String]
  var initialState: State { State() }

  static let searchID: EffectID = "search"

  func mutate(action: Action, state: State) -> Effect<Mutation> {
    switch action {
    case .type(let query):
      .concatenate(
        .send(.setQuery(query)),
        .run(cancellableAs: Self.searchID, cancelInFlight: true) { send in
          try await clock.sleep(for: .milliseconds(300))
          send(.setResults(try await search(query)))
        })
    case .stop:
      .cancel(id: Self.searchID)
    }
  }

  func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .setQuery(let query): state.query = query
    case .setResults(let results): state.results = results
    }
  }
}
// snippet-end

@Suite("the Effects and Cancellation article")
struct EffectsAndCancellationTests {
  @Test("a task says how the work of one send ended")
  func storeTasks() async {
    let clock = VirtualClock()
    // snippet: search-task
    let store = Store(reactor: Search(clock: clock, search: { ["\($0) results"] }))
    let first = store.send(.type("sw"))
    let second = store.send(.type("swift"))  // cancels the first one's search
    #expect(await first.finish() == .cancelled)
    store.cancel(second)  // or store.send(.stop), or store.cancelAll()
    #expect(await second.finish() == .cancelled)
    // snippet-end
  }

  @Test("an effect that throws is reported as a failure of its action")
  func failures() async {
    struct Offline: Error {}
    // snippet: search-failure
    let store = Store(reactor: Search(clock: ContinuousClock(), search: { _ in throw Offline() }))
    store.observe { event, _ in
      if case .failure(let error, let action?, _) = event { print("\(action) failed: \(error)") }
    }
    #expect(await store.send(.type("swift")).finish() == .error)
    // snippet-end
  }
}

// snippet: search-test
@Test func onlyThePausedQueryIsSearched() async {
  let clock = VirtualClock()
  let store = TestStore(reactor: Search(clock: clock, search: { ["\($0) results"] }))
  await store.send(.type("sw"))
  await store.receive(.setQuery("sw")) { $0.query = "sw" }
  await store.send(.type("swift"))
  await store.receive(.setQuery("swift")) { $0.query = "swift" }
  #expect(await clock.waitForSleepers(1))
  clock.advance(by: .milliseconds(300))
  await store.receive(.setResults(["swift results"])) { $0.results = ["swift results"] }
  await store.finish()
}
// snippet-end
