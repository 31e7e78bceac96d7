// The code of the DocC articles (Sources/*/*.docc): each region between `// snippet:` and
// `// snippet-end` is one code block of an article, word for word (ArticleCodeTests checks), so
// every block compiles here, and the tests below run it.
import ReactorCore
import ReactorTesting
import Testing

// snippet: todos-reactor
/// A to-do list: add an item, toggle it, and load the saved list from somewhere slow.
struct Todos: Reactor {
  enum Action: Sendable {
    case add(String)
    case toggle(Int)
    case load
  }

  enum Mutation: Sendable, Equatable {
    case append(String)
    case toggle(Int)
    case setItems([Item])
    case setLoading(Bool)
  }

  struct Item: Sendable, Equatable {
    var title: String
    var done = false
  }

  struct State: Sendable, Equatable {
    var items: [Item] = []
    var isLoading = false
  }

  /// Where the saved list comes from: a file, a server; a test passes an answer.
  var savedItems: @Sendable () async throws -> [Item]
  var initialState: State { State() }

  func mutate(action: Action, state: State) -> Effect<Mutation> {
    switch action {
    case .add(let title): .send(.append(title))
    case .toggle(let index): .send(.toggle(index))
    case .load:
      .concatenate(
        .send(.setLoading(true)),
        .run { send in send(.setItems(try await savedItems())) },
        .send(.setLoading(false)))
    }
  }

  func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .append(let title): state.items.append(Item(title: title))
    case .toggle(let index): state.items[index].done.toggle()
    case .setItems(let items): state.items = items
    case .setLoading(let loading): state.isLoading = loading
    }
  }
}
// snippet-end

@Suite("the Getting Started article")
struct GettingStartedTests {
  @Test("a store runs the reactor: send, read, observe")
  func runAStore() async {
    // snippet: todos-store
    let store = Store(reactor: Todos(savedItems: { [Todos.Item(title: "Write the docs")] }))
    store.observe { event, state in
      if case .transition(let change) = event, let mutation = change.mutation { print("\(change.seq): \(mutation)") }
    }
    store.send(.add("Buy milk"))
    store.send(.toggle(0))
    await store.send(.load).finish()
    print(store.currentState.items)  // [Item(title: "Write the docs", done: false)]
    // snippet-end
    #expect(store.currentState.items == [Todos.Item(title: "Write the docs")])
    #expect(!store.currentState.isLoading)
  }
}

// snippet: todos-test
@Test func todosLoadTheSavedList() async {
  let store = TestStore(reactor: Todos(savedItems: { [Todos.Item(title: "Write the docs")] }))
  await store.send(.add("Buy milk"))
  await store.receive(.append("Buy milk")) { $0.items = [Todos.Item(title: "Buy milk")] }
  await store.send(.load)
  await store.receive(.setLoading(true)) { $0.isLoading = true }
  await store.receive(.setItems([Todos.Item(title: "Write the docs")])) {
    $0.items = [Todos.Item(title: "Write the docs")]
  }
  await store.receive(.setLoading(false)) { $0.isLoading = false }
  await store.finish()
}
// snippet-end
