import ReactorJSON

/// Where a feature's tracer reads the tag of the action whose effect is being made: the
/// store's, set once the store exists (the reactor, and its tracer, are made before it).
package final class TraceOrigin: Sendable {
  private let source = Locked<(@Sendable () -> Origin?)?>(nil)

  package init() {}

  /// Follows `store`, without keeping it alive.
  package func follow<R: Reactor>(_ store: Store<R>) {
    source.withLock { $0 = { [weak store] in store?.processingOrigin } }
  }

  /// The tag of the action the store is processing now, if any.
  var tag: JSONValue? { source.withLock { $0 }?()?.tag }
}
