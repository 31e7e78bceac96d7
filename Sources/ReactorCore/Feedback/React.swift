// RxFeedback's spelling of the loops, for ``FeedbackSystem``'s list of feedbacks:
//
//     FeedbackSystem(initialState: State(), reduce: State.reduce, feedback: [
//       react(id: "load", request: { $0.pageToLoad }) { page in .run { send in ... } },
//       react(id: "watch", requests: { $0.watched }) { name in .run { send in ... } },
//     ])

// MARK: - Loops as closures

/// A ``FeedbackLoop`` as a feedback closure: one effect for the request `state` derives;
/// a changed request restarts it and nil cancels it.
public func react<State, Request: Hashable & Sendable, Event: Sendable>(
  id: EffectID, request: @escaping @Sendable (State) -> Request?,
  effects: @escaping @Sendable (Request) -> Effect<Event>
) -> @Sendable (State) -> Effect<Event> {
  let loop = FeedbackLoop(id: id, request: request, effects: effects)
  return { loop($0) }
}

/// A ``FeedbackSetLoop`` as a feedback closure: one effect per request in the set `state`
/// derives; requests that appear start, requests that disappear are cancelled.
public func react<State, Request: Hashable & Sendable, Event: Sendable>(
  id: EffectID, requests: @escaping @Sendable (State) -> Set<Request>,
  effects: @escaping @Sendable (Request) -> Effect<Event>
) -> @Sendable (State) -> Effect<Event> {
  let loop = FeedbackSetLoop(id: id, requests: requests, effects: effects)
  return { loop($0) }
}
