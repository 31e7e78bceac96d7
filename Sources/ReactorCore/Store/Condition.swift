#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A ``Lock`` and a pthread condition variable on its mutex: what Foundation's `NSCondition`
/// offers, without linking Foundation (whose object files bring ICU into the binary, which
/// every start of `reactor` would pay to map and relocate). ThreadSanitizer intercepts both.
package final class Condition: @unchecked Sendable {  // so is a pthread condition, on its lock
  private let mutex = Lock()
  private let condition: UnsafeMutablePointer<pthread_cond_t>

  package init() {
    condition = .allocate(capacity: 1)
    condition.initialize(to: pthread_cond_t())
    pthread_cond_init(condition, nil)
  }

  deinit {
    pthread_cond_destroy(condition)
    condition.deinitialize(count: 1)
    condition.deallocate()
  }

  package func lock() { mutex.lock() }
  package func unlock() { mutex.unlock() }
  /// Waits for a signal; call with the lock held, which is held again on return (a wake-up may
  /// be spurious, so callers wait in a loop on their own predicate).
  package func wait() { pthread_cond_wait(condition, mutex.mutex) }
  package func signal() { pthread_cond_signal(condition) }
  package func broadcast() { pthread_cond_broadcast(condition) }
}
