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

  /// Nanoseconds per action through `Store.send` with one subscriber: an `observe` callback
  /// that reads each state.
  static func observed(actions: Int) -> Double {
    let store = Store(reactor: CounterReactor())
    store.observe { _, state in blackhole(state) }
    let elapsed = seconds {
      for _ in 0..<actions { store.send(.increment) }
    }
    precondition(store.currentState == actions, "the store lost actions")
    return elapsed / Double(actions) * 1e9
  }

  /// Nanoseconds per action through `Store.send` with one subscriber: a task iterating
  /// `store.states` on another thread, until it has seen the last state.
  static func streamed(actions: Int) async -> Double {
    let store = Store(reactor: CounterReactor())
    let subscriber = Task.detached {
      var seen = 0
      for await count in store.states {
        seen += 1
        if count == actions { break }
      }
      return seen
    }
    // The sends are timed with the subscription in place.
    while store.observerCount == 0 { await Task.yield() }
    let elapsed = await asyncSeconds {
      for _ in 0..<actions { store.send(.increment) }
      _ = await subscriber.value
    }
    return elapsed / Double(actions) * 1e9
  }

  static func run(_ context: Context) async -> [Row] {
    let actions = context.count(full: 1_000_000, quick: 200_000)
    progress("counter: \(actions) actions, best of \(context.runs)")
    let plainTime = best(of: context.runs) { plain(actions: actions) }
    let storeTime = best(of: context.runs) { store(actions: actions) }
    let observedTime = best(of: context.runs) { observed(actions: actions) }
    let streamedTime = await best(of: context.runs) { await streamed(actions: actions) }
    return [
      Row(
        id: "counter", scenario: "counter: \(actions.grouped) sync actions via Store", ours: storeTime,
        baseline: plainTime, baselineName: "reduce in a loop", unit: "ns/action", target: .atMost(100, on: .ratio)),
      Row(
        id: "counter.stream", scenario: "counter: the same with a subscriber iterating store.states",
        ours: streamedTime, baseline: observedTime, baselineName: "an observe callback", unit: "ns/action",
        target: .atMost(5, on: .ratio)),
    ]
  }
}
