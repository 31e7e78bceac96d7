/// A reactor written RxFeedback's way: a state, a pure `reduce` of events, and feedback loops
/// that turn state into effects that produce more events.
///
/// Actions and mutations are the same events: `mutate` sends the event as it is, `reduce`
/// applies it, and after every committed change ``feedback(state:)`` merges what the loops
/// ask for. It runs on the ordinary ``Store``, so it gets the same sequence numbers,
/// transitions, patches and cancellation as any reactor, and renderers, transcripts and the
/// daemon need no special case.
///
/// Contract:
/// - The loops are called in order with the state after each change; their effects start on
///   behalf of the action that caused the change, so `StoreTask.finish()` of that action waits
///   for them.
/// - Loops remember their last request (see ``FeedbackLoop``): build one system per store.
/// - `failure` names the events that carry an error into state (see ``Reactor/failure(of:)``).
public struct FeedbackSystem<State: Sendable, Event: Sendable>: Reactor {
  public typealias Action = Event
  public typealias Mutation = Event

  public let initialState: State
  private let reducer: @Sendable (inout State, Event) -> Void
  private let loops: [@Sendable (State) -> Effect<Event>]
  private let failure: @Sendable (Event) -> (any Error)?

  /// - Parameters:
  ///   - initialState: the state before any event.
  ///   - reduce: applies one event to the state, in place; pure, total and synchronous.
  ///   - feedback: the loops, usually built with `react(id:request:effects:)` and
  ///     `react(id:requests:effects:)`.
  ///   - failure: the error an event records in state, if it records one.
  public init(
    initialState: State, reduce: @escaping @Sendable (inout State, Event) -> Void,
    feedback: [@Sendable (State) -> Effect<Event>],
    failure: @escaping @Sendable (Event) -> (any Error)? = { _ in nil }
  ) {
    self.initialState = initialState
    self.reducer = reduce
    self.loops = feedback
    self.failure = failure
  }

  // MARK: - mutate

  /// Sends the event unchanged.
  public func mutate(action: Event, state: State) -> Effect<Event> { .send(action) }

  // MARK: - reduce

  public func reduce(state: inout State, mutation: Event) { reducer(&state, mutation) }

  // MARK: - Feedback

  /// Every loop's effect for `state`, merged; `.none` when no loop asks for anything.
  public func feedback(state: State) -> Effect<Event> {
    let effects = loops.map { $0(state) }.filter { !$0.isNone }
    switch effects.count {
    case 0: return .none
    case 1: return effects[0]
    default: return .merge(effects)
    }
  }

  // MARK: - Failures

  public func failure(of mutation: Event) -> (any Error)? { failure(mutation) }
}

extension Effect {
  /// True for `.none`, which the store skips without starting anything.
  fileprivate var isNone: Bool {
    if case .none = operation { return true }
    return false
  }
}
