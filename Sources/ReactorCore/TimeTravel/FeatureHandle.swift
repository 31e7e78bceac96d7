import ReactorJSON

/// What ``History`` needs of one feature's store and ``Timeline``, with their types erased.
struct FeatureHandle: Sendable {
  /// Folds the feature's oldest kept change into its snapshot.
  let dropOldest: @Sendable () -> Void
  /// The oldest seq whose state can be rebuilt.
  let horizon: @Sendable () -> UInt64
  /// The state's JSON after every change up to `seq` (nil: now), or nil if that was dropped.
  let stateJSON: @Sendable (UInt64?) -> JSONValue?
  /// Puts the feature's state back to what it was after `seq` (``Store/restore(_:tag:)``, which
  /// cancels its work in flight). False if that state was dropped.
  let restore: @Sendable (UInt64, JSONValue?) -> Bool
}
