#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A plain mutual-exclusion lock around a pthread mutex.
///
/// Used where the guarded data are several stored properties of one object rather than one
/// value, which `Mutex` does not express well.
package final class Lock: @unchecked Sendable {  // a pthread mutex is made to be shared
  /// Internal, for a ``Condition`` to wait on.
  let mutex: UnsafeMutablePointer<pthread_mutex_t>

  package init() {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Runs `body` while holding the lock.
  package func withLock<T>(_ body: () throws -> T) rethrows -> T {
    lock()
    defer { unlock() }
    return try body()
  }

  func lock() { pthread_mutex_lock(mutex) }

  func unlock() { pthread_mutex_unlock(mutex) }
}

/// A value that only one thread at a time can read or change, guarded by a pthread mutex.
///
/// The project uses this rather than Synchronization's `Mutex`: on Linux `Mutex` waits on a
/// futex inside the uninstrumented standard library, so ThreadSanitizer cannot see the
/// happens-before edge it creates and reports false "Swift access races" on the guarded value.
/// A pthread mutex is intercepted by the sanitizer, and costs the same when uncontended.
/// The value and the mutex are two objects, not one `ManagedBuffer`: ThreadSanitizer reports
/// races on such a buffer's header from the reactor binary.
public final class Locked<Value> {
  private let lock = Lock()
  private var value: Value

  public init(_ value: Value) { self.value = value }

  /// Runs `body` with exclusive access to the value.
  public func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}

/// The lock makes sharing the box safe, but the value itself crosses threads through it, so the
/// box is only as sendable as its value.
extension Locked: @unchecked Sendable where Value: Sendable {}
