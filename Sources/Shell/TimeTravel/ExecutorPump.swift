import Foundation
import ReactorCore

/// Keeps a handed-over replay's session running: runs its ``ManualExecutor``'s jobs on a thread
/// of its own, and when none is left moves the ``VirtualClock`` to its next deadline (time stays
/// virtual, so a `sleep` or a recorded latency takes no real time). With nothing to run and no
/// deadline, it waits a moment for a job from elsewhere (an answer over the network).
final class ExecutorPump: Sendable {
  private let executor: ManualExecutor
  private let clock: VirtualClock
  private let stopped = Locked(false)
  private let done = DispatchSemaphore(value: 0)

  init(executor: ManualExecutor, clock: VirtualClock) {
    self.executor = executor
    self.clock = clock
  }

  func start() {
    let thread = Thread { [self] in
      while !stopped.withLock({ $0 }) {
        if executor.runUntilIdle() == 0 && !clock.advanceToNextDeadline() {
          // Nothing can move until a job arrives from another thread; a short nap, not a spin.
          usleep(1000)
        }
      }
      done.signal()
    }
    thread.name = "reactor.replay-pump"
    thread.start()
  }

  func stop() {
    stopped.withLock { $0 = true }
    done.wait()
  }
}
