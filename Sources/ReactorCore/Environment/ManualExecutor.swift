/// A task executor that runs jobs only when asked, one at a time, on the caller's thread.
///
/// Replays give every task they create this executor as preference, so all effect work runs
/// serially inside ``runUntilIdle()``: when it returns, every task is suspended (on the
/// ``VirtualClock`` or a continuation), and what happened is the same on every run.
public final class ManualExecutor: TaskExecutor, Sendable {
  private let jobs = Locked<[UnownedJob]>([])

  public init() {}

  public func enqueue(_ job: consuming ExecutorJob) {
    let unowned = UnownedJob(job)
    jobs.withLock { $0.append(unowned) }
  }

  /// How many jobs wait to run.
  public var pendingCount: Int { jobs.withLock { $0.count } }

  /// Runs jobs in the order they were enqueued until none is left; returns how many ran.
  @discardableResult
  public func runUntilIdle() -> Int {
    var count = 0
    while true {
      let next = jobs.withLock { $0.isEmpty ? nil : $0.removeFirst() }
      guard let next else { return count }
      next.runSynchronously(on: asUnownedTaskExecutor())
      count += 1
    }
  }
}
