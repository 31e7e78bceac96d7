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
public final class Lock: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>

  public init() {
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
  @inlinable
  public func withLock<T>(_ body: () throws -> T) rethrows -> T {
    lock()
    defer { unlock() }
    return try body()
  }

  @usableFromInline
  func lock() { pthread_mutex_lock(mutex) }

  @usableFromInline
  func unlock() { pthread_mutex_unlock(mutex) }
}

/// A value that only one thread at a time can read or change, guarded by a pthread mutex.
///
/// The project uses this rather than Synchronization's `Mutex`: on Linux `Mutex` waits on a
/// futex inside the uninstrumented standard library, so ThreadSanitizer cannot see the
/// happens-before edge it creates and reports false "Swift access races" on the guarded value.
/// A pthread mutex is intercepted by the sanitizer, and costs the same when uncontended.
///
/// The value and the mutex share one allocation (a `ManagedBuffer`), so a `Locked` costs one
/// `malloc`; copies of a `Locked` share the value.
public struct Locked<Value>: @unchecked Sendable {
  final class Buffer: ManagedBuffer<Value, pthread_mutex_t> {
    deinit {
      withUnsafeMutablePointerToElements { mutex in
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
      }
    }
  }

  let buffer: Buffer

  public init(_ value: Value) {
    buffer = unsafeDowncast(Buffer.create(minimumCapacity: 1) { _ in value }, to: Buffer.self)
    buffer.withUnsafeMutablePointerToElements { mutex in
      mutex.initialize(to: pthread_mutex_t())
      pthread_mutex_init(mutex, nil)
    }
  }

  /// Runs `body` with exclusive access to the value.
  public func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
    try buffer.withUnsafeMutablePointers { value, mutex in
      pthread_mutex_lock(mutex)
      defer { pthread_mutex_unlock(mutex) }
      return try body(&value.pointee)
    }
  }
}
