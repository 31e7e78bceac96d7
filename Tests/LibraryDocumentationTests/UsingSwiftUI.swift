import Observation
import ReactorCore
import ReactorObservation
import Testing

#if canImport(SwiftUI)
  import SwiftUI
#else
  /// SwiftUI's `Binding(get:set:)`, where SwiftUI is missing (Linux): the article's binding
  /// compiles against this, and is tested through it.
  struct Binding<Value> {
    let get: @Sendable () -> Value
    let set: @Sendable (Value) -> Void

    init(get: @escaping @Sendable () -> Value, set: @escaping @Sendable (Value) -> Void) {
      self.get = get
      self.set = set
    }

    var wrappedValue: Value {
      get { get() }
      nonmutating set { set(newValue) }
    }
  }
#endif

// snippet: swiftui-binding
extension ObservableStore {
  /// A binding that reads `keyPath` and sends the action `action` makes of each new value,
  /// delivered before the setter returns: SwiftUI sets bindings on the main actor.
  func binding<Value: Equatable & Sendable>(
    _ keyPath: any KeyPath<R.State, Value> & Sendable, send action: @escaping @Sendable (Value) -> R.Action
  ) -> Binding<Value> {
    Binding(
      get: { self[dynamicMember: keyPath] },
      set: { value in MainActor.assumeIsolated { _ = self.send(action(value)) } })
  }
}
// snippet-end

#if canImport(SwiftUI)
  // Compiled where SwiftUI is (macOS); ArticleCodeTests still checks the article shows it.
  // snippet: swiftui-view
  struct SearchScreen: View {
    let model: ObservableStore<Search>

    var body: some View {
      List(model.results, id: \.self) { Text($0) }
        .searchable(text: model.binding(\.query, send: { .type($0) }))
    }
  }
// snippet-end
#endif

@Suite("the Using SwiftUI article")
struct UsingSwiftUITests {
  @MainActor
  @Test("the binding reads the state and sends an action; a reader of results is not told of the query")
  func binding() {
    // snippet: swiftui-model
    let model = ObservableStore(Store(reactor: Search(clock: ContinuousClock(), search: { [$0] })))
    // snippet-end
    let query = model.binding(\.query, send: { .type($0) })
    let resultsChanged = Locked(false)
    withObservationTracking {
      _ = model.results
    } onChange: {
      resultsChanged.withLock { $0 = true }
    }
    query.wrappedValue = "swift"
    #expect(query.wrappedValue == "swift")
    #expect(model.query == "swift")
    #expect(!resultsChanged.withLock { $0 })
    model.store.cancelAll()
  }
}
