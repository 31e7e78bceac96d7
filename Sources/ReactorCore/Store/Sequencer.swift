/// Serialises commits across stores and numbers them.
///
/// Every store of a session shares one sequencer, so sequence numbers are global and strictly
/// increasing, and observers see events in exactly that order even when effects of several
/// stores complete on different threads at once.
///
/// It uses a pthread ``Lock`` rather than `Synchronization.Mutex`: ThreadSanitizer on Linux
/// reports false races on `Mutex`'s closure access, which hid real reports in the noise.
public final class Sequencer: @unchecked Sendable {
  @usableFromInline let lock = Lock()
  /// Guarded by `lock`, which keeps accesses apart: the runtime's exclusivity check is off.
  @usableFromInline @exclusivity(unchecked) var value: UInt64 = 0

  public init() {}

  /// The last number handed out (0 before the first commit).
  public var last: UInt64 { lock.withLock { value } }

  /// Runs `body` with the next sequence number while no other commit can run.
  @inlinable
  public func commit<T>(_ body: (UInt64) throws -> T) rethrows -> T {
    try lock.withLock {
      value &+= 1
      return try body(value)
    }
  }

  /// Runs `body` while no commit can run, without taking a number.
  @inlinable
  public func exclusive<T>(_ body: () throws -> T) rethrows -> T {
    try lock.withLock { try body() }
  }
}
