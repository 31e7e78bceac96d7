/// A unit of unidirectional state flow, after ReactorKit: actions become mutations through
/// effects, and mutations are reduced into state.
///
/// Contract:
/// - `mutate` is the only place with side effects. It returns an ``Effect`` value, so ordering
///   and cancellation are data that tests can inspect. It may read the current state for guards,
///   but an effect must not capture the whole state: holding a second reference to a large array
///   makes the next `reduce` copy it.
/// - `reduce` is pure, total and synchronous, and mutates the state in place.
/// - The transform hooks run in the order of ReactorKit's: `transform(action:)` before `mutate`,
///   `transform(mutation:)` on every effect `mutate` returns, `transform(state:)` after every
///   `reduce`. Their defaults change nothing.
/// - `failure(of:)` names the mutations that carry an error into state, so that a session can
///   report a command as failed without the reactor swallowing the error.
/// - `restoring(_:replacing:)` settles a past state that time travel puts back
///   (``Store/restore(_:tag:)``), its effects cancelled. Its default changes nothing.
public protocol Reactor: Sendable {
  associatedtype Action: Sendable
  associatedtype Mutation: Sendable
  associatedtype State: Sendable

  /// The state before any action.
  var initialState: State { get }

  // MARK: - Flow

  /// Turns an action into an effect that produces mutations.
  func mutate(action: Action, state: State) -> Effect<Mutation>

  /// Applies one mutation to the state, in place.
  func reduce(state: inout State, mutation: Mutation)

  // MARK: - Transform hooks

  /// Rewrites or drops (`nil`) an action before `mutate` sees it.
  func transform(action: Action) -> Action?

  /// Decorates every effect returned by `mutate`, for example to merge in a global stream.
  func transform(mutation: Effect<Mutation>) -> Effect<Mutation>

  /// Adjusts the state after every `reduce`, for example to keep a derived field in step.
  func transform(state: inout State)

  // MARK: - Feedback

  /// State-driven effects, RxFeedback's style: called after every committed change with the
  /// new state; the effect it returns runs on behalf of the action that caused the change.
  /// ``FeedbackLoop`` turns "the request derived from state changed" into start, restart and
  /// cancel. The default does nothing.
  func feedback(state: State) -> Effect<Mutation>

  // MARK: - Failures

  /// The error a mutation records in state, if it records one.
  func failure(of mutation: Mutation) -> (any Error)?

  // MARK: - Time travel

  /// The state ``Store/restore(_:tag:)`` puts in place of `current` when it puts `past` back:
  /// every effect has been cancelled, so a load `past` was waiting for will not come (clear its
  /// flag); `current` holds what must not go back (a counter that keeps requests unique). The
  /// restored state's feedback runs as after any change, and a ``FeedbackLoop`` whose request
  /// it derives unchanged does not start it again: settle such a state here (no request, or a
  /// newly numbered one). The default is `past` as it was.
  func restoring(_ past: State, replacing current: State) -> State
}

extension Reactor {
  public func transform(action: Action) -> Action? { action }
  public func transform(mutation: Effect<Mutation>) -> Effect<Mutation> { mutation }
  public func transform(state: inout State) {}
  public func feedback(state: State) -> Effect<Mutation> { .none }
  public func failure(of mutation: Mutation) -> (any Error)? { nil }
  public func restoring(_ past: State, replacing current: State) -> State { past }
}

/// A value that has a stable, human-readable name for its case, used in NDJSON records
/// (`"action":"next"`, `"mutation":"appendRepos"`).
///
/// An enum gets the name it is declared with (`case add(Int)` is `add`), read by reflection.
/// That costs about a microsecond a name, and a type that customizes its description or
/// mirror (to hide a password, say) reads back those instead: such a type, and one whose
/// names are on a hot path, writes `caseName` as a switch.
public protocol CaseNamed {
  /// The case's name, without associated values.
  var caseName: String { get }
}

extension CaseNamed {
  public var caseName: String {
    // A case with values is a mirror with one child, labelled with the case's name; a case
    // without is its own description.
    Mirror(reflecting: self).children.first?.label ?? String(describing: self)
  }
}
