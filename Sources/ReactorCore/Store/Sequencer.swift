import Synchronization

/// Serialises commits across stores and numbers them.
///
/// Every store of a session shares one sequencer, so sequence numbers are global and strictly
/// increasing, and observers see events in exactly that order even when effects of several
/// stores complete on different threads at once.
public final class Sequencer: Sendable {
  private let counter = Mutex<UInt64>(0)

  public init() {}

  /// The last number handed out (0 before the first commit).
  public var last: UInt64 { counter.withLock { $0 } }

  /// Runs `body` with the next sequence number while no other commit can run.
  @inlinable
  public func commit<T>(_ body: (UInt64) throws -> T) rethrows -> T {
    try withLock { value in
      value &+= 1
      return try body(value)
    }
  }

  /// Runs `body` while no commit can run, without taking a number.
  @inlinable
  public func exclusive<T>(_ body: () throws -> T) rethrows -> T {
    try withLock { _ in try body() }
  }

  @usableFromInline
  func withLock<T>(_ body: (inout UInt64) throws -> T) rethrows -> T {
    try counter.withLock { value in try body(&value) }
  }
}
