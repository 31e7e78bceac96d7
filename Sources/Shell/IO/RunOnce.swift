import ReactorCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a body once, whichever thread asks first. A thread that asks while it runs waits for it
/// and gets its result, so that, say, a SIGTERM's handler does not exit the process while the
/// session's own last save is half done; the running thread itself gets `reentered` at once (an
/// `atexit` handler that the body's `exit` called).
package final class RunOnce<Result: Sendable>: @unchecked Sendable {  // `state` is guarded by `condition`
  private let condition = Condition()
  private var state = State.idle
  private var waiters = 0

  private enum State {
    case idle
    case running(ThreadIdentity)
    case done(Result)
  }

  package init() {}

  /// Runs `body` if it never ran; else waits for the run under way, or returns its result.
  package func run(reentered: Result, _ body: () -> Result) -> Result {
    condition.lock()
    while true {
      switch state {
      case .idle:
        state = .running(ThreadIdentity())
        condition.unlock()
        let result = body()
        condition.lock()
        state = .done(result)
        condition.broadcast()
        condition.unlock()
        return result
      case .running(let thread) where thread.isCurrent:
        condition.unlock()
        return reentered
      case .running:
        waiters += 1
        condition.wait()
        waiters -= 1
      case .done(let result):
        condition.unlock()
        return result
      }
    }
  }

  /// How many threads wait for the run under way (for tests).
  package var waiting: Int {
    condition.lock()
    defer { condition.unlock() }
    return waiters
  }
}

/// A thread, to tell later whether the caller runs on it. (`pthread_t` is a pointer on Darwin,
/// which is why this is unchecked.)
package struct ThreadIdentity: @unchecked Sendable {
  private let thread = pthread_self()

  /// The calling thread.
  package init() {}

  /// Whether the caller runs on this thread.
  package var isCurrent: Bool { pthread_equal(thread, pthread_self()) != 0 }
}
