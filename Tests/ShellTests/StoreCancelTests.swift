import FeatureKit
import ReactorCore
import ReactorJSON
import Testing

/// Ctrl-C and `cancel <id>` through a View's store: the reset action, when the View has one,
/// leaves honest state; a View without one only cancels.
@Suite("Store cancel with a reset")
struct StoreCancelTests {
  /// `wait` starts an effect that never ends by itself; `reset` clears the flag it set.
  private struct Waiting: Reactor {
    enum Action: Sendable { case wait, reset }
    struct State: Sendable { var waiting = false }
    var initialState: State { State() }

    func mutate(action: Action, state: State) -> Effect<Bool> {
      switch action {
      case .wait: .concatenate(.send(true), .run { _ in try await Task.sleep(for: .seconds(3600)) })
      case .reset: .send(false)
      }
    }

    func reduce(state: inout State, mutation: Bool) { state.waiting = mutation }
  }

  @Test("cancelAll sends the reset, if any, then cancels every effect")
  func cancelAll() async {
    for reset in [Waiting.Action.reset, nil] {
      let store = Store(reactor: Waiting())
      let task = store.send(.wait)
      #expect(store.currentState.waiting && store.liveEffectCount == 1)
      store.cancelAll(resetting: reset)
      #expect(await task.finish() == .cancelled)
      #expect(store.currentState.waiting == (reset == nil))
    }
  }

  @Test("cancel(tag:) resets only when a request was cancelled and nothing else runs")
  func cancelTag() async {
    for reset in [Waiting.Action.reset, nil] {
      let store = Store(reactor: Waiting())
      #expect(!store.cancel(tag: .string("r1"), resetting: reset, by: nil))
      let task = store.send(.wait, tag: .string("r1"))
      #expect(store.cancel(tag: .string("r1"), resetting: reset, by: nil))
      #expect(await task.finish() == .cancelled)
      #expect(store.currentState.waiting == (reset == nil))
    }
  }
}
