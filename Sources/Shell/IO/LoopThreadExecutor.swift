import Foundation

/// A task executor with a thread of its own that runs its jobs one at a time, in order.
///
/// Piped mode runs its whole session here: the read-run loop, every effect and every commit.
/// On the shared pool each command crossed threads three times (the loop's thread handed the
/// request to libcurl's, whose answer woke a pool thread to decode and commit it, whose
/// completion woke another to read the next line), and on a virtual machine a wake-up of an
/// idle core costs tens of microseconds. Here the loop and the effects share one thread, so a
/// request costs two crossings: to the transfer's thread and back.
///
/// Work that blocks (a transfer, a read of standard input that may wait) must stay off this
/// thread, or everything queued behind it waits too.
public final class LoopThreadExecutor: TaskExecutor, @unchecked Sendable {
  private let condition = NSCondition()
  // Guarded by `condition`.
  private var jobs: [UnownedJob] = []
  private var sleeping = false
  private var stopping = false

  /// Starts the thread (8 MB of stack, as a process's main thread has).
  public init() {
    startDetachedThread(stackBytes: 8 << 20) { [self] in run() }
  }

  public func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.lock()
    jobs.append(job)
    let wake = sleeping
    condition.unlock()
    if wake { condition.signal() }
  }

  /// Lets the thread end once no job is left (jobs enqueued later never run).
  public func stop() {
    condition.lock()
    stopping = true
    let wake = sleeping
    condition.unlock()
    if wake { condition.signal() }
  }

  private func run() {
    var batch: [UnownedJob] = []
    while true {
      condition.lock()
      while jobs.isEmpty && !stopping {
        sleeping = true
        condition.wait()
        sleeping = false
      }
      if jobs.isEmpty {
        condition.unlock()
        return
      }
      swap(&batch, &jobs)
      condition.unlock()
      for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
      batch.removeAll(keepingCapacity: true)
    }
  }
}
