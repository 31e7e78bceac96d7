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

  @Test("a cancellable run made as one value runs as run(...).cancellable(...) does, in every position")
  func cancellableRunShapes() {
    let executor = ManualExecutor()
    let store = Store(reactor: ShapeReactor(), executor: executor)
    let later = { (value: Int) in Effect<Int>.run(cancellableAs: "c") { send in send(value) } }
    let shapes: [Effect<Int>] = [
      .concatenate(.send(1), later(2)),
      .concatenate(Effect.run(cancellableAs: "c", cancelInFlight: true) { send in send(1) }, .send(2)),
      .concatenate(Self.sendLater(0), later(1), .send(2)),
      later(1).cancellable(id: "outer").map { $0 }, .concatenate(later(1).map { $0 + 1 }, .send(2)).map { $0 - 1 },
    ]
    for (index, shape) in shapes.enumerated() {
      let task = store.send(.init(effect: shape))
      executor.runUntilIdle()
      #expect(task.completion == .ok, "\(index)")
    }
    #expect(store.currentState == [1, 2, 1, 2, 0, 1, 2, 1, 1, 1])
    #expect(store.runningEffectCount == 0)
    #expect(!later(1).isSynchronous && later(1).synchronousOutputs.isEmpty)
  }

  @Test("a cancellable run made as one value is cancelled by its id, by cancelInFlight, and through an outer id")
  func cancellableRunCancels() async {
    let store = Store(reactor: ShapeReactor())
    let gate = AsyncGate()
    let waiting = { (id: EffectID, cancelInFlight: Bool, value: Int) in
      Effect<Int>.run(cancellableAs: id, cancelInFlight: cancelInFlight) { send in
        await gate.wait()
        send(value)
      }
    }
    let byID = store.send(.init(effect: waiting("a", false, 1)))
    store.send(.init(effect: .cancel(id: "a")))
    let stale = store.send(.init(effect: waiting("b", false, 2)))
    let fresh = store.send(.init(effect: waiting("b", true, 3)))
    let inner = store.send(.init(effect: waiting("c", false, 4).cancellable(id: "outer")))
    store.send(.init(effect: .cancel(id: "c")))
    let outer = store.send(.init(effect: waiting("d", false, 5).cancellable(id: "outer2")))
    store.send(.init(effect: .cancel(id: "outer2")))
    gate.open()
    #expect(await byID.finish() == .cancelled)
    #expect(await stale.finish() == .cancelled)
    #expect(await fresh.finish() == .ok)
    #expect(await inner.finish() == .cancelled)
    #expect(await outer.finish() == .cancelled)
    #expect(store.currentState == [3])
    #expect(store.runningEffectCount == 0)
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
