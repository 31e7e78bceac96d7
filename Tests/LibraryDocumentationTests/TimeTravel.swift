import ReactorCore
import ReactorJSON
import Testing

// snippet: tally-reactor
/// A tally that time travel can rewind: its state diffs itself into JSON patches and its
/// mutations have names. Putting a past state back is the store's work, not the reactor's.
struct Tally: Reactor {
  enum Action: Sendable {
    case add(Int)
  }

  enum Mutation: Sendable, CaseNamed {
    case add(Int)
  }

  struct State: Sendable, PatchableState {
    var total = 0
    static let patchFields: [PatchField<State>] = [.value("total", \.total)]
  }

  var initialState: State { State() }

  func mutate(action: Action, state: State) -> Effect<Mutation> {
    switch action {
    case .add(let amount): .send(.add(amount))
    }
  }

  func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .add(let amount): state.total += amount
    }
  }
}
// snippet-end

@Suite("the Time Travel article")
struct TimeTravelTests {
  @Test("history lists, rewinds, compares and explains a store's changes")
  func travel() throws {
    // snippet: tally-history
    let history = History(limit: 100)
    let store = Store(reactor: Tally())
    history.attach(store, feature: "tally")
    for amount in [1, 2, 3] {
      history.begin(command: "add \(amount)")
      store.send(.add(amount))
    }
    print(history.entries.kept.map { "\($0.seq) \($0.command ?? "") \($0.mutation)" })
    // ["1 add 1 add", "2 add 2 add", "3 add 3 add"]
    history.undo()  // takes back "add 3": the total is 3 again
    history.goto(1)  // puts back the state after change 1: the total is 1
    let past = history.state(of: "tally", after: 2)  // the JSON {"total": 3}
    let cause = history.why("tally", pointer: "/total")?.change.command  // "goto 1"
    // snippet-end
    #expect(store.currentState.total == 1)
    #expect(past == .object(["total": .int(3)]))
    #expect(cause == "goto 1")
    #expect(history.entries.kept.count == 5)
  }
}
