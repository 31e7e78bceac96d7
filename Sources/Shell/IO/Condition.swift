#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A pthread mutex and condition variable: what Foundation's `NSCondition` offers, without
/// linking Foundation (whose object files bring ICU into the binary, which every start of
/// `reactor` would pay to map and relocate). ThreadSanitizer intercepts both calls.
final class Condition: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private let condition: UnsafeMutablePointer<pthread_cond_t>

  init() {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
    condition = .allocate(capacity: 1)
    condition.initialize(to: pthread_cond_t())
    pthread_cond_init(condition, nil)
  }

  deinit {
    pthread_cond_destroy(condition)
    condition.deinitialize(count: 1)
    condition.deallocate()
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  func lock() { pthread_mutex_lock(mutex) }
  func unlock() { pthread_mutex_unlock(mutex) }
  /// Waits for a signal; call with the lock held, which is held again on return (a wake-up may
  /// be spurious, so callers wait in a loop on their own predicate).
  func wait() { pthread_cond_wait(condition, mutex) }
  func signal() { pthread_cond_signal(condition) }
  func broadcast() { pthread_cond_broadcast(condition) }
}
