/// A state-driven effect, after RxFeedback's `react(request:effects:)`: the request derived
/// from state decides what runs.
///
/// Call it with every new state (a reactor's ``Reactor/feedback(state:)`` does). It compares
/// the request derived from that state with the one it derived last time and returns:
/// - `effects(request).cancellable(id:cancelInFlight: true)` when the request became non-nil
///   or changed (`!=`), which cancels the previous request's effect and starts the new one;
/// - `.cancel(id:)` when the request became nil;
/// - `.none` when the request is unchanged, so a running effect is never restarted.
///
/// Contract:
/// - A loop remembers the last request, so it belongs to one store: give every store its own
///   reactor value (and so its own loop). A store calls it after commits only, so a request
///   derived from the initial state starts with the first committed change.
/// - The store counts an effect cancelled while it is still registered as a cancellation of
///   the action that started it, even when the effect has just delivered its last output. So
///   a request its own answer makes nil (or changes) cancels its own finishing effect, and that
///   action reports `.cancelled`. Derive requests that only user events end: keep the request
///   after its answer lands and number each load, so that a repeat is a new request (see
///   `SearchReactor`'s feedback style).
public final class FeedbackLoop<State, Request: Hashable & Sendable, Event: Sendable>: Sendable {
  /// The id the loop's effect runs under; `store.cancel(id:)` stops it too.
  public let id: EffectID
  private let request: @Sendable (State) -> Request?
  private let effects: @Sendable (Request) -> Effect<Event>
  private let last = Locked<Request?>(nil)

  /// - Parameters:
  ///   - id: the cancellation id of the effect; unique among the loops of one reactor.
  ///   - request: what the state asks for, or nil for nothing.
  ///   - effects: the work that answers a request with events.
  public init(
    id: EffectID, request: @escaping @Sendable (State) -> Request?,
    effects: @escaping @Sendable (Request) -> Effect<Event>
  ) {
    self.id = id
    self.request = request
    self.effects = effects
  }

  // MARK: - Reacting

  /// The effect that brings what runs in line with the request `state` derives.
  public func callAsFunction(_ state: State) -> Effect<Event> {
    let new = request(state)
    let old = last.withLock { last in
      defer { last = new }
      return last
    }
    switch (old, new) {
    case (nil, nil): return .none
    case (.some, nil): return .cancel(id: id)
    case (let old, .some(let new)):
      if old == new { return .none }
      return effects(new).cancellable(id: id, cancelInFlight: true)
    }
  }
}
