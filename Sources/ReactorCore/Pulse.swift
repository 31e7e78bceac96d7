/// A one-shot value in state, after ReactorKit's `@Pulse`.
///
/// Assigning a value bumps ``version`` even when the value is equal to the previous one, so an
/// observer that remembers the last version it saw reacts exactly once per assignment; repeated
/// state changes elsewhere do not replay it.
public struct Pulse<Value: Sendable>: Sendable {
  /// The latest value.
  public private(set) var value: Value
  /// How many times a value was assigned since creation.
  public private(set) var version: UInt64 = 0

  public init(_ value: Value) { self.value = value }

  /// Assigns a value and bumps the version.
  public mutating func emit(_ newValue: Value) {
    value = newValue
    version &+= 1
  }
}

extension Pulse: Equatable where Value: Equatable {}
