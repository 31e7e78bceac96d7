/// A state-driven set of effects, after RxFeedback's `react(requests:effects:)`: one effect
/// per request in the set the state derives.
///
/// Called with every new state, it compares the set with the one it derived last time and
/// returns one effect that
/// - cancels the effect of every request that disappeared,
/// - starts `effects(request)` for every request that appeared, under its own id
///   (``effectID(for:)``), and
/// - leaves the effects of the requests that stayed alone.
///
/// Contract:
/// - Cancellations come before starts, and each group is ordered by effect id, so a run is
///   deterministic whatever the order of the set.
/// - Two requests must not share a description: the description names the effect.
/// - As with ``FeedbackLoop``, the loop belongs to one store, and a request that its own answer
///   removes cancels its own finishing effect (its action then reports `.cancelled`).
public final class FeedbackSetLoop<State, Request: Hashable & Sendable, Event: Sendable>: Sendable {
  /// The prefix of the ids the loop's effects run under.
  public let id: EffectID
  private let requests: @Sendable (State) -> Set<Request>
  private let effects: @Sendable (Request) -> Effect<Event>
  private let last = Locked<Set<Request>>([])

  /// - Parameters:
  ///   - id: the prefix of the effects' cancellation ids; unique among one reactor's loops.
  ///   - requests: everything the state asks for at once.
  ///   - effects: the work that answers one request with events.
  public init(
    id: EffectID, requests: @escaping @Sendable (State) -> Set<Request>,
    effects: @escaping @Sendable (Request) -> Effect<Event>
  ) {
    self.id = id
    self.requests = requests
    self.effects = effects
  }

  /// The id the effect of `request` runs under: `<id>#<request>`.
  public func effectID(for request: Request) -> EffectID {
    EffectID("\(id.name)#\(String(describing: request))")
  }

  // MARK: - Reacting

  /// The effect that brings what runs in line with the set of requests `state` derives.
  public func callAsFunction(_ state: State) -> Effect<Event> {
    let new = requests(state)
    let old = last.withLock { last in
      defer { last = new }
      return last
    }
    if old == new { return .none }
    let removed = old.subtracting(new).map { effectID(for: $0) }.sorted { $0.name < $1.name }
    let added = new.subtracting(old).map { (id: effectID(for: $0), request: $0) }
      .sorted { $0.id.name < $1.id.name }
    let effects =
      removed.map { Effect<Event>.cancel(id: $0) }
      + added.map { self.effects($0.request).cancellable(id: $0.id, cancelInFlight: true) }
    return effects.count == 1 ? effects[0] : .merge(effects)
  }

  /// The requests the loop derived last, empty before the first call.
  package var currentRequests: Set<Request> { last.withLock { $0 } }
}
