import ReactorCore
import ReactorJSON

extension History {
  /// What a store's observer calls with every transition: records it, and returns the watches
  /// it changed, with their old values.
  typealias Recorder<R: Reactor> = @Sendable (StateTransition<R>, R.State) -> [(watch: Watch, old: JSONValue?)]

  /// Registers `store` as `feature`: keeps its past (when history is on), and lets `goto`,
  /// `undo` and `redo` put its state back with the action `restore` makes.
  func attach<R: Reactor>(
    _ store: Store<R>, feature: String, restore: @escaping @Sendable (R.State) -> R.Action
  ) -> Recorder<R> where R.State: PatchableState, R.Mutation: CaseNamed {
    let timeline = Timeline(reactor: store.reactor)
    let keeps = isOn
    register(
      feature,
      handle: FeatureHandle(
        dropOldest: { timeline.dropOldest() },
        horizon: { timeline.horizon },
        stateJSON: { seq in
          guard let seq else { return store.currentState.jsonValue }
          return timeline.state(through: seq)?.jsonValue
        },
        restore: { seq, tag in
          guard let state = timeline.state(through: seq) else { return false }
          store.cancelAll()
          store.send(restore(state), tag: tag)
          return true
        }))
    return { [self] transition, state in
      guard isActive else { return [] }
      if keeps { timeline.record(seq: transition.seq, mutation: transition.mutation) }
      return record(
        feature: feature, seq: transition.seq, origin: transition.origin.id, mutation: transition.mutation.caseName,
        patch: transition.changes, value: { state.value(at: $0) })
    }
  }
}

extension PatchableState {
  /// The value a JSON Pointer's tokens lead to, reading only the field they start in.
  func value(at tokens: [String]) -> JSONValue? {
    guard let first = tokens.first else { return jsonValue }
    return jsonValue(ofField: first)?.value(at: tokens.dropFirst())
  }
}

extension JSONValue {
  /// The value at a JSON Pointer's tokens inside this one, or nil if there is none.
  func value(at tokens: ArraySlice<String>) -> JSONValue? {
    var current = self
    for token in tokens {
      switch current.resolved {
      case .object(let object):
        guard let next = object[token] else { return nil }
        current = next
      case .array(let items):
        guard let index = Int(token), items.indices.contains(index) else { return nil }
        current = items[index]
      default:
        return nil
      }
    }
    return current
  }
}
