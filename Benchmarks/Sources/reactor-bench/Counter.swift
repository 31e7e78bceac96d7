import ReactorCore

/// The smallest reactor: every action increments an `Int`, synchronously.
struct CounterReactor: Reactor {
  enum Action: Sendable { case increment }
  enum Mutation: Sendable { case add(Int) }

  var initialState: Int { 0 }
  func mutate(action: Action, state: Int) -> Effect<Mutation> { .send(.add(1)) }
  func reduce(state: inout Int, mutation: Mutation) {
    switch mutation {
    case .add(let amount): state &+= amount
    }
  }
}

/// Scenario `counter`: synchronous actions through the Store against the reduce in a loop.
enum CounterBench {
  /// Nanoseconds per action through `Store.send`.
  static func store(actions: Int) -> Double {
    let store = Store(reactor: CounterReactor())
    let elapsed = seconds {
      for _ in 0..<actions { store.send(.increment) }
    }
    precondition(store.currentState == actions, "the store lost actions")
    return elapsed / Double(actions) * 1e9
  }

  /// Nanoseconds per call of the same reduce in a plain loop on `inout` state.
  static func plain(actions: Int) -> Double {
    let reactor = CounterReactor()
    var state = reactor.initialState
    let elapsed = seconds {
      for _ in 0..<actions { reactor.reduce(state: &state, mutation: opaque(.add(1))) }
    }
    precondition(state == actions)
    return elapsed / Double(actions) * 1e9
  }

  static func run(_ context: Context) -> [Row] {
    let actions = context.quick ? 200_000 : 1_000_000
    progress("counter: \(actions) actions, best of \(context.runs)")
    let plainTime = best(of: context.runs) { plain(actions: actions) }
    let storeTime = best(of: context.runs) { store(actions: actions) }
    return [
      Row(
        id: "counter", scenario: "counter: \(actions.grouped) sync actions via Store", ours: storeTime,
        baseline: plainTime, baselineName: "reduce in a loop", unit: "ns/action", target: .atMost(100, on: .ratio))
    ]
  }
}
