import ReactorCore
import ReactorTesting
import Testing

/// A store nobody observes builds no transitions, yet numbers its commits and records failures
/// as an observed one does.
@Suite("Store without observers")
struct UnobservedStoreTests {
  @Test("unobserved commits take numbers, so an observed store sharing the sequencer sees gaps, in order")
  func numbersAreShared() {
    let sequencer = Sequencer()
    let observed = Store(reactor: ProbeReactor(), sequencer: sequencer)
    let unobserved = Store(reactor: ProbeReactor(), sequencer: sequencer)
    let recorder = Recorder(observed)
    observed.send(.increment)
    unobserved.send(.increment)
    unobserved.send(.add([1, 2]))
    observed.send(.increment)
    #expect(recorder.entries.withLock { $0.map(\.seq) } == [1, 5])
    #expect(sequencer.last == 5)
    #expect(Array(unobserved.currentState.values) == [1, 2])
  }

  @Test("an effect's output that records an error marks the task as failed with no observer")
  func asyncFailureWithoutObserver() {
    struct LateErrorReactor: Reactor {
      typealias State = ProbeReactor.State
      let initialState = State()
      func mutate(action: Int, state: State) -> Effect<ProbeReactor.Mutation> {
        .concatenate(.send(.increment), .run { send in send(.setError("late")) })
      }
      func reduce(state: inout State, mutation: ProbeReactor.Mutation) {
        ProbeReactor().reduce(state: &state, mutation: mutation)
      }
      func failure(of mutation: ProbeReactor.Mutation) -> (any Error)? { ProbeReactor().failure(of: mutation) }
    }
    let executor = ManualExecutor()
    let store = Store(reactor: LateErrorReactor(), executor: executor)
    let task = store.send(1)
    #expect(task.completion == .ok)
    executor.runUntilIdle()
    #expect(task.isFinished)
    #expect(task.completion == .error)
    #expect(store.currentState.error == "late")
    #expect(store.sequencer.last == 2)
  }

  @Test("an output of a cancelled effect is dropped on the quiet path too, and the task says cancelled")
  func cancelledOutputDropped() async {
    let store = Store(reactor: ProbeReactor())
    let gate = AsyncGate()
    let task = store.send(.load("late", gate))
    store.send(.stop)
    gate.open()
    #expect(await task.finish() == .cancelled)
    #expect(store.currentState.loaded == nil)
    #expect(store.sequencer.last == 0)
  }
}
