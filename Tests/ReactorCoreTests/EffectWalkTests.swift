import ReactorCore
import ReactorTesting
import Testing

/// Effects of every shape mean the same while an action is processed and inside an effect's
/// task: the store has one walk of the effect tree.
@Suite("Store: one walk of every effect shape")
struct EffectWalkTests {
  /// A reactor whose action is the effect to run, and whose mutations append numbers.
  struct ShapeReactor: Reactor {
    struct Action: Sendable { var effect: Effect<Int> }
    struct Boom: Error {}

    var initialState: [Int] { [] }
    func mutate(action: Action, state: [Int]) -> Effect<Int> { action.effect }
    func reduce(state: inout [Int], mutation: Int) { state.append(mutation) }
  }

  static func sendLater(_ value: Int) -> Effect<Int> { .run { send in send(value) } }

  @Test("a concatenate's rest under a cancelInFlight id runs whole, cancelling only older work")
  func concatenateRestUnderCancelInFlight() {
    let executor = ManualExecutor()
    let store = Store(reactor: ShapeReactor(), executor: executor)
    let effect = Effect<Int>.concatenate(
      .send(1), Self.sendLater(2).cancellable(id: "x", cancelInFlight: true), .send(3), Self.sendLater(4))
    let task = store.send(.init(effect: effect))
    executor.runUntilIdle()
    #expect(store.currentState == [1, 2, 3, 4])
    #expect(task.completion == .ok)
    #expect(store.runningEffectCount == 0)
  }

  @Test("the same effect inside a task gives the same outputs in the same order")
  func sameInsideATask() {
    let executor = ManualExecutor()
    let store = Store(reactor: ShapeReactor(), executor: executor)
    let inner = Effect<Int>.concatenate(
      .send(1), Self.sendLater(2).cancellable(id: "x", cancelInFlight: true), .send(3),
      .merge(.send(4), Self.sendLater(5)), .send(6))
    let task = store.send(.init(effect: .concatenate(Self.sendLater(0), inner)))
    executor.runUntilIdle()
    #expect(store.currentState == [0, 1, 2, 3, 4, 5, 6])
    #expect(task.completion == .ok)
    #expect(store.runningEffectCount == 0)
  }

  @Test("two effects in a concatenate run in order in every arrangement, with or without nones")
  func pairsInEveryArrangement() {
    let executor = ManualExecutor()
    let store = Store(reactor: ShapeReactor(), executor: executor)
    let shapes: [Effect<Int>] = [
      .concatenate(.send(1), Self.sendLater(2)),
      .concatenate(Self.sendLater(1), .send(2)),
      .concatenate(Self.sendLater(1), Self.sendLater(2)),
      .concatenate(.none, Self.sendLater(1), .none, .send(2)),
      .concatenate(Self.sendLater(1), .concatenate(.send(2), .none)).cancellable(id: "p", cancelInFlight: true),
      .concatenate(Self.sendLater(0), .concatenate(Self.sendLater(1), .send(2))),
      .concatenate(Self.sendLater(0), Self.sendLater(1), .send(2)),
      .concatenate(.send(0), .send(1), Self.sendLater(2)),
      .concatenate(Self.sendLater(1), .send(2), .none),
    ]
    for shape in shapes {
      let before = store.currentState.count
      let task = store.send(.init(effect: shape))
      executor.runUntilIdle()
      #expect(task.completion == .ok)
      let added = Array(store.currentState[before...])
      #expect(added == [1, 2] || added == [0, 1, 2])
    }
    #expect(store.runningEffectCount == 0)
    #expect(Effect<Int>.concatenate(.none, .send(1), .none, .send(2)).synchronousOutputs == [1, 2])
    #expect(Effect<Int>.concatenate(.none, .none).isSynchronous)
    #expect(Effect<Int>.concatenate(.send(1), .none, .send(2)).synchronousOutputs == [1, 2])
    #expect(Effect<Int>.concatenate(.send(1), .send(2), .send(3)).synchronousOutputs == [1, 2, 3])
    #expect(!Effect<Int>.concatenate(.send(1), .send(2), Self.sendLater(3)).isSynchronous)
  }

  @Test("an effect that fails first in a pair stops it: the second part never runs")
  func pairStopsAtFailure() {
    let executor = ManualExecutor()
    let store = Store(reactor: ShapeReactor(), executor: executor)
    let task = store.send(.init(effect: .concatenate(.run { _ in throw ShapeReactor.Boom() }, .send(1))))
    executor.runUntilIdle()
    #expect(task.completion == .error)
    #expect(store.currentState == [])
    #expect(store.runningEffectCount == 0)
  }

  @Test("in a merge, one part's failure is reported and the others still run, in a task or not")
  func mergeFailureLeavesSiblings() {
    let executor = ManualExecutor()
    let store = Store(reactor: ShapeReactor(), executor: executor)
    let merge = Effect<Int>.merge(.run { _ in throw ShapeReactor.Boom() }, Self.sendLater(1))
    let top = store.send(.init(effect: merge))
    executor.runUntilIdle()
    let nested = store.send(.init(effect: .concatenate(Self.sendLater(2), merge)))
    executor.runUntilIdle()
    #expect(store.currentState == [1, 2, 1])
    #expect(top.completion == .error)
    #expect(nested.completion == .error)
  }

  @Test("cancelling an id stops the task awaiting it and every part it started")
  func cancelReachesChildren() async {
    let store = Store(reactor: ShapeReactor())
    let gate = AsyncGate()
    let waiting = Effect<Int>.run { send in
      await gate.wait()
      send(9)
    }
    let effect = Effect<Int>.concatenate(Self.sendLater(1), .merge(waiting, waiting)).cancellable(id: "y")
    let task = store.send(.init(effect: effect))
    store.send(.init(effect: .cancel(id: "y")))
    gate.open()
    #expect(await task.finish() == .cancelled)
    #expect(store.currentState == [1])
    #expect(store.runningEffectCount == 0)
  }
}
