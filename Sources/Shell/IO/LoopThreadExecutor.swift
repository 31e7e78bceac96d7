import FoundationEssentials
import ReactorCore
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A task executor with a thread of its own that runs its jobs one at a time, in order.
///
/// Piped mode runs its whole session here: the read-run loop, every effect and every commit.
/// On the shared pool each command crossed threads three times (the loop's thread handed the
/// request to libcurl's, whose answer woke a pool thread to decode and commit it, whose
/// completion woke another to read the next line), and on a virtual machine a wake-up of an
/// idle core is costly. Here the loop and the effects share one thread, so a
/// request costs two crossings: to the transfer's thread and back.
///
/// Work that blocks (a transfer, a read of standard input that may wait) must stay off this
/// thread, or everything queued behind it waits too.
///
/// Out of jobs, the thread first spins for up to ``spinTime``, yielding its core at each
/// look, and only then sleeps on its condition: the answer to a request on a fast network (or
/// the next piped line) usually comes within that time, and waking a sleeping thread is what
/// costs (Benchmarks/README.md has the figures). With one CPU the spin would only take time
/// from the thread it waits for, so it is off.
package final class LoopThreadExecutor: TaskExecutor, @unchecked Sendable {  // state under `condition`
  private let condition = Condition()
  // Guarded by `condition`.
  private var jobs: [UnownedJob] = []
  private var sleeping = false
  private var stopping = false
  /// Set when a job is queued or the thread should stop; read without the lock while spinning.
  private let signalled = Atomic<Bool>(false)

  /// How long the thread looks for work before it sleeps: longer than a loopback transfer of
  /// a large page on this kind of machine, short against any real network's latency.
  static let spinTime: Duration = .microseconds(100)
  static let spins = ProcessInfo.processInfo.activeProcessorCount > 1
  /// Whether this executor spins when out of jobs: not on a calling thread (see ``run(_:)``),
  /// which waits for lines, not for answers, and need not count the CPUs as it starts.
  private let spinning: Bool

  /// Starts the thread (8 MB of stack, as a process's main thread has).
  package init() {
    spinning = Self.spins
    startDetachedThread(stackBytes: 8 << 20) { [self] in run() }
  }

  /// An executor whose jobs the thread of ``run(_:)`` runs, rather than one of its own.
  private init(onCallingThread: Void) { spinning = false }

  /// Runs `operation` as a task whose jobs run on the calling thread, which blocks until it
  /// ends, and returns its result.
  ///
  /// For the daemon's read loop on the main thread: on Linux, the first job handed to the
  /// shared pool starts its worker threads and its manager thread, and an async `main` that
  /// suspends parks the main thread with `pthread_exit`, which loads libgcc_s to unwind it.
  package static func run<Result: Sendable>(_ operation: sending @escaping () async -> Result) -> Result {
    let executor = LoopThreadExecutor(onCallingThread: ())
    let result = Mutex<Result?>(nil)
    Task(executorPreference: executor) {
      let value = await operation()
      result.withLock { $0 = value }
      executor.stop()
    }
    executor.run()
    return result.withLock { $0 }!
  }

  package func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.lock()
    jobs.append(job)
    signalled.store(true, ordering: .releasing)
    let wake = sleeping
    condition.unlock()
    if wake { condition.signal() }
  }

  /// Lets the thread end once no job is left (jobs enqueued later never run).
  package func stop() {
    condition.lock()
    stopping = true
    signalled.store(true, ordering: .releasing)
    let wake = sleeping
    condition.unlock()
    if wake { condition.signal() }
  }

  private func run() {
    var batch: [UnownedJob] = []
    while true {
      if spinning { spinUntilSignalled() }
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
      if !stopping { signalled.store(false, ordering: .relaxed) }
      condition.unlock()
      for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
      batch.removeAll(keepingCapacity: true)
    }
  }

  /// Returns once a job is queued (or the thread is asked to stop), or after the spin time.
  private func spinUntilSignalled() {
    if signalled.load(ordering: .acquiring) { return }
    let deadline = ContinuousClock.now + Self.spinTime
    while !signalled.load(ordering: .acquiring) {
      sched_yield()
      if ContinuousClock.now > deadline { return }
    }
  }
}
