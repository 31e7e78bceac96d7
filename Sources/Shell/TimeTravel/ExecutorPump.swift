import ReactorCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Keeps a handed-over replay's session running: runs its ``ManualExecutor``'s jobs on a thread
/// of its own, and when none is left moves the ``VirtualClock`` to its next deadline (time stays
/// virtual, so a `sleep` or a recorded latency takes no real time). With nothing to run and no
/// deadline, it waits a moment for a job from elsewhere (an answer over the network).
final class ExecutorPump: Sendable {
  private let executor: ManualExecutor
  private let clock: VirtualClock
  private let stopped = Locked(false)
  private let done = Condition()
  private let finished = Locked(false)

  init(executor: ManualExecutor, clock: VirtualClock) {
    self.executor = executor
    self.clock = clock
  }

  func start() {
    startDetachedThread(stackBytes: 8 << 20) { [self] in
      while !stopped.withLock({ $0 }) {
        if executor.runUntilIdle() == 0 && !clock.advanceToNextDeadline() {
          // Nothing can move until a job arrives from another thread; a short nap, not a spin.
          usleep(1000)
        }
      }
      done.lock()
      finished.withLock { $0 = true }
      done.signal()
      done.unlock()
    }
  }

  func stop() {
    stopped.withLock { $0 = true }
    done.lock()
    while !finished.withLock({ $0 }) { done.wait() }
    done.unlock()
  }
}
