public import ReactorJSON

/// One committed state change, stamped with its sequence number.
///
/// It carries no copy of the state: holding one would make the next `reduce` copy large arrays.
/// Observers receive the state beside the event, borrowed for the duration of the call.
public struct StateTransition<R: Reactor>: Sendable {
  /// Strictly increasing across every store that shares a ``Sequencer``.
  public let seq: UInt64
  /// The action whose effects produced the mutation; nil for a restore (``Store/restore(_:tag:)``),
  /// which no action caused, and for a change the feedback of a restored state made.
  public let action: R.Action?
  /// Identifies the `send` call that started it (see ``StoreTask/origin``).
  public let origin: Origin
  /// The mutation reduced; nil for a restore, which put a past state back whole.
  public let mutation: R.Mutation?
  /// RFC 6902 operations from the previous state to this one; empty when diffing is off.
  /// Appends to a list are kept as one run; writers print it with `Patch.write(to:)`.
  public let changes: Patch
  /// The same operations, one by one.
  public var patch: [PatchOperation] { changes.operations }
  /// The error this mutation recorded in state, if any (``Reactor/failure(of:)``).
  public let failure: (any Error)?
  /// Whether this change put a past state back (``Store/restore(_:tag:)``) rather than reduce a
  /// mutation.
  public var isRestore: Bool { mutation == nil }
}

/// What a store tells its observers, in the order things happened.
public enum StoreEvent<R: Reactor>: Sendable {
  /// The state changed.
  case transition(StateTransition<R>)
  /// An effect asked to tell the user something (an `info` record); state did not change.
  /// `action` is nil for an effect of a restored state's feedback.
  case notice(Notice, action: R.Action?, origin: Origin)
  /// An effect failed with an error it did not map into state.
  case failure(any Error, action: R.Action?, origin: Origin)
}

/// Which `send` call something came from: a number unique in its store, and the caller's tag
/// (a daemon request id, say), which follows the action into every effect it starts.
public struct Origin: Sendable, Equatable {
  public let id: UInt64
  public let tag: JSONValue?

  public init(id: UInt64, tag: JSONValue? = nil) {
    self.id = id
    self.tag = tag
  }
}
