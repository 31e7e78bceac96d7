import ReactorCore
import Rendering
import Synchronization
import Testing

// `StoreMaker.store(_:text:)`: a feature that prints its state after each change needs no
// renderer of its own; records are named from the action and mutation cases.

private struct Tally: Reactor {
  enum Action: Sendable, CaseNamed { case inc, dec }
  enum Mutation: Sendable, CaseNamed { case add(Int) }
  struct State: Sendable, PatchableState {
    var count = 0
    static let patchFields: [PatchField<State>] = [.value("count", \.count)]
  }

  let initialState = State()

  func mutate(action: Action, state: State) -> Effect<Mutation> { .send(.add(action == .inc ? 1 : -1)) }

  func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .add(let delta): state.count += delta
    }
  }
}

private final class Lines: OutputSink {
  let lines = Mutex<[String]>([])
  func write(_ lines: [OutputLine]) { self.lines.withLock { $0 += lines.map(\.text) } }
}

/// Runs `inc`, `inc`, `dec`, then puts seq 2's state back, and returns what was printed.
private func printed(_ mode: RenderOptions.Mode) async -> [String] {
  let sink = Lines()
  let sequencer = Sequencer()
  let history = History(limit: 10)
  let maker = StoreMaker(
    feature: "tally", sequencer: sequencer, executor: nil, sink: sink,
    records: Records(options: RenderOptions(mode: mode)),
    history: history, trace: EffectTrace(sequencer: sequencer, now: { 0 }, report: { _ in }),
    watchLines: { _, _ in [] })
  let store = maker.store(Tally()) { state in ["count: \(state.count)"] }
  for action in [Tally.Action.inc, .inc, .dec] { _ = await store.send(action).finish() }
  #expect(history.goto(2))
  return sink.lines.withLock { $0 }
}

@Suite struct PlainStoreTests {
  @Test func textIsTheStateAfterEachChangeAndARestoreSaysSo() async {
    #expect(await printed(.text) == ["count: 1", "count: 2", "count: 1", "tally restored:", "count: 2"])
  }

  @Test func jsonRecordsNameTheCases() async {
    #expect(
      await printed(.json) == [
        #"{"action":"inc","feature":"tally","mutation":"add","patch":[{"op":"replace","path":"/count","value":1}],"seq":1,"type":"change"}"#,
        #"{"action":"inc","feature":"tally","mutation":"add","patch":[{"op":"replace","path":"/count","value":2}],"seq":2,"type":"change"}"#,
        #"{"action":"dec","feature":"tally","mutation":"add","patch":[{"op":"replace","path":"/count","value":1}],"seq":3,"type":"change"}"#,
        #"{"action":"goto","feature":"tally","mutation":"restore","patch":[{"op":"replace","path":"/count","value":2}],"seq":4,"type":"change"}"#,
      ])
  }
}
