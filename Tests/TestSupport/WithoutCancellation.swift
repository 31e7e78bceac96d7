@testable public import ReactorCore

/// A reactor as it would be if it cancelled nothing: every effect of `inner` with its
/// cancellation ids and cancels taken out. For the tests that prove a race test can fail
/// (a stale search's answer then lands), without a switch in the reactor itself.
public struct WithoutCancellation<Inner: Reactor>: Reactor {
  public typealias Action = Inner.Action
  public typealias Mutation = Inner.Mutation
  public typealias State = Inner.State

  public let inner: Inner

  public init(_ inner: Inner) { self.inner = inner }

  public var initialState: State { inner.initialState }

  public func mutate(action: Action, state: State) -> Effect<Mutation> {
    Self.uncancellable(inner.transform(mutation: inner.mutate(action: action, state: state)))
  }

  public func reduce(state: inout State, mutation: Mutation) { inner.reduce(state: &state, mutation: mutation) }

  public func transform(action: Action) -> Action? { inner.transform(action: action) }

  public func transform(state: inout State) { inner.transform(state: &state) }

  public func feedback(state: State) -> Effect<Mutation> { Self.uncancellable(inner.feedback(state: state)) }

  public func failure(of mutation: Mutation) -> (any Error)? { inner.failure(of: mutation) }

  public func restoring(_ past: State, replacing current: State) -> State {
    inner.restoring(past, replacing: current)
  }

  /// `effect` with the same work, outputs and order, none of it cancellable and cancelling nothing.
  static func uncancellable(_ effect: Effect<Mutation>) -> Effect<Mutation> {
    switch effect.operation {
    case .none, .send, .notice, .run: effect
    case .cancel: .none
    case .concatenate(let effects): Effect(operation: .concatenate(effects.map(uncancellable)))
    case .pair(let first, let second): Effect(operation: .pair(uncancellable(first), uncancellable(second)))
    case .merge(let effects): Effect(operation: .merge(effects.map(uncancellable)))
    case .cancellable(_, _, let inner): uncancellable(inner)
    case .cancellableRun(_, _, let work): Effect(operation: .run(work))
    }
  }
}
