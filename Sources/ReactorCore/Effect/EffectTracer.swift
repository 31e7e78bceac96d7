// Public, never package: a package import of ReactorJSON anywhere in this module keeps
// cross-module optimization from offering the store's code to clients (the `counter` row:
// 5.9x its instructions). `@usableFromInline` below only makes this import count as used.
public import ReactorJSON

/// Watches effects start and end (`trace on`): what an effect tree becomes under
/// ``Effect/traced(by:)``. The closures are the observer's; the effect calls them from its
/// task. An ``EffectTrace`` makes them (``EffectTrace/tracer(feature:)``).
public struct EffectTracer: Sendable {
  /// How an effect's work ended.
  package enum Outcome: Sendable {
    case ended
    case cancelled
    case failed
  }

  /// False while tracing is off: effects are left as they are.
  package let isOn: @Sendable () -> Bool
  /// The tag of the action whose effect is being made (a daemon request id), read once per
  /// effect while its action is processed.
  @usableFromInline package let currentTag: @Sendable () -> JSONValue?
  /// An effect's work starts, under the cancellation id that covers it (if any), for the
  /// action tagged as given; returns a token for ``finish``.
  package let start: @Sendable (EffectID?, JSONValue?) -> UInt64
  package let finish: @Sendable (UInt64, Outcome) -> Void
  /// Effects under this id are about to be cancelled by the action being processed.
  package let cancelling: @Sendable (EffectID) -> Void

  package init(
    isOn: @escaping @Sendable () -> Bool, currentTag: @escaping @Sendable () -> JSONValue? = { nil },
    start: @escaping @Sendable (EffectID?, JSONValue?) -> UInt64, finish: @escaping @Sendable (UInt64, Outcome) -> Void,
    cancelling: @escaping @Sendable (EffectID) -> Void
  ) {
    self.isOn = isOn
    self.currentTag = currentTag
    self.start = start
    self.finish = finish
    self.cancelling = cancelling
  }
}
