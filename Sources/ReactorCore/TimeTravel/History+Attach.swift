import ReactorJSON

extension History {
  /// What a store's observer calls with every transition: records it, and returns the watches
  /// it changed, with their old values.
  package typealias Recorder<R: Reactor> = @Sendable (StateTransition<R>, R.State) -> [WatchHit]

  /// Records `store`'s changes as `feature`'s: keeps its past (when ``limit`` is above 0), and
  /// lets ``goto(_:tag:)``, ``undo(tag:)`` and ``redo(tag:)`` put a past state back
  /// (``Store/restore(_:tag:)``). Attaching another store under the same name starts that
  /// feature's past anew. Returns the observer's token (``Store/removeObserver(_:)``).
  ///
  /// Watches set with ``watch(_:pointer:onChange:)`` report from this observer, after the
  /// change is recorded. A store needs patches (``PatchableState``): history keeps what each
  /// change touched, not the values.
  @discardableResult
  public func attach<R: Reactor>(_ store: Store<R>, feature: String) -> UInt64
  where R.State: PatchableState, R.Mutation: CaseNamed {
    let recorder = recorder(store, feature: feature)
    return store.observe { event, state in
      guard case .transition(let transition) = event else { return }
      for hit in recorder(transition, state) { hit.watch.onChange?(transition.seq, hit.old, hit.watch.last) }
    }
  }

  /// Registers `store` as `feature`, as ``attach(_:feature:)`` does, and returns what
  /// the caller's own observer calls with each transition (the shell renders a change, then
  /// records it, then prints the watches it changed, all in one observer).
  package func recorder<R: Reactor>(_ store: Store<R>, feature: String) -> Recorder<R>
  where R.State: PatchableState, R.Mutation: CaseNamed {
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
          store.restore(state, tag: tag)
          return true
        }))
    return { [self] transition, state in
      guard isActive else { return [] }
      if keeps { timeline.record(seq: transition.seq, transition.mutation.map { .mutation($0) } ?? .state(state)) }
      return record(
        feature: feature, seq: transition.seq, origin: transition.origin.id,
        mutation: transition.mutation?.caseName ?? Self.restoreName, patch: transition.changes,
        value: { state.value(at: $0) })
    }
  }
}

extension History {
  /// What history, `history` and NDJSON `change` records call a restore's mutation.
  package static let restoreName = "restore"
}

extension PatchableState {
  /// The value a JSON Pointer's tokens lead to, reading only the field they start in.
  func value(at tokens: [String]) -> JSONValue? {
    guard let first = tokens.first else { return jsonValue }
    return jsonValue(ofField: first)?.value(at: tokens.dropFirst())
  }
}
