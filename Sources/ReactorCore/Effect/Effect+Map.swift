extension Effect {
  /// Transforms every output of this effect, keeping its structure, ids and timing.
  public func map<NewOutput: Sendable>(
    _ transform: @escaping @Sendable (Output) -> NewOutput
  ) -> Effect<NewOutput> {
    switch operation {
    case .none: return .none
    case .send(let output): return .send(transform(output))
    case .notice(let notice): return Effect<NewOutput>(operation: .notice(notice))
    case .run(let work):
      return .run { send in
        try await work(Send { output in send(transform(output)) })
      }
    case .concatenate(let effects): return .concatenate(effects.map { $0.map(transform) })
    case .pair(let first, let second): return .concatenate(first.map(transform), second.map(transform))
    case .merge(let effects): return .merge(effects.map { $0.map(transform) })
    case .cancellable(let id, let cancelInFlight, let effect):
      return effect.map(transform).cancellable(id: id, cancelInFlight: cancelInFlight)
    case .cancellableRun(let id, let cancelInFlight, let work):
      return Effect(operation: .run(work)).map(transform).cancellable(id: id, cancelInFlight: cancelInFlight)
    case .cancel(let id): return .cancel(id: id)
    }
  }
}
