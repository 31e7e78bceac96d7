import Synchronization

/// Serialises commits across stores and numbers them.
///
/// Every store of a session shares one sequencer, so sequence numbers are global and strictly
/// increasing, and observers see events in exactly that order even when effects of several
/// stores complete on different threads at once.
///
/// It uses a pthread lock rather than `Synchronization.Mutex`: ThreadSanitizer on Linux
/// reports false races on `Mutex`'s closure access, which hid real reports in the noise.
public final class Sequencer: Sendable {
  let lock = Lock()
  /// Changed only atomically: under `lock` by commits, without it by ``skip()``. The lock keeps
  /// the numbers observers see in the order they see them; a skipped number is one that no
  /// observer sees, so taking it needs no order with them.
  let value = Atomic<UInt64>(0)

  public init() {}

  /// The last number handed out (0 before the first commit).
  public var last: UInt64 { lock.withLock { value.load(ordering: .relaxed) } }

  /// Runs `body` with the next sequence number while no other commit can run.
  public func commit<T>(_ body: (UInt64) throws -> T) rethrows -> T {
    try lock.withLock {
      try body(value.wrappingAdd(1, ordering: .relaxed).newValue)
    }
  }

  /// Takes the next number for a commit that no observer sees, without waiting for the commit
  /// under way: numbers stay strictly increasing in the order observers see them.
  package func skip() { value.wrappingAdd(1, ordering: .relaxed) }

  /// Runs `body` while no commit can run, without taking a number.
  public func exclusive<T>(_ body: () throws -> T) rethrows -> T {
    try lock.withLock { try body() }
  }
}
