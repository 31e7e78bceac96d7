import ReactorJSON

/// How a store describes state changes: not at all, or as RFC 6902 patches.
public struct StateDiffer<State>: Sendable {
  let fingerprint: (@Sendable (State) -> Fingerprint)?
  let patch: (@Sendable (State, Fingerprint) -> Patch)?

  /// Transitions carry an empty patch; the cheapest option.
  public static var none: StateDiffer { StateDiffer(fingerprint: nil, patch: nil) }
}

extension StateDiffer where State: PatchableState {
  /// Transitions carry the patch from the previous state, at a cost proportional to the change.
  public static var patches: StateDiffer {
    StateDiffer(
      fingerprint: { (state: State) -> Fingerprint in state.fingerprint },
      patch: { (state: State, old: Fingerprint) -> Patch in state.changes(since: old) })
  }
}
