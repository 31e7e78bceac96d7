import Synchronization

/// A handle on everything one `send` started: the action and all the effects it spawned.
public struct StoreTask: Sendable {
  let tracker: ActionTracker

  /// Identifies the `send` call; transitions and events carry it too.
  public var origin: Origin { tracker.origin }

  /// Waits until the action and every effect it started completed or was cancelled.
  @discardableResult
  public func finish() async -> Completion { await tracker.wait() }

  /// True once ``finish()`` would return at once.
  public var isFinished: Bool { tracker.isFinished }

  /// How it ended, so far.
  public var completion: Completion { tracker.completion }

  /// How the work of one `send` ended; a shell command and a daemon request end the same way
  /// (their raw values are the daemon's `end` statuses).
  public enum Completion: String, Sendable, Equatable {
    /// Everything completed and no mutation recorded a failure.
    case ok
    /// An effect failed or a mutation recorded an error in state.
    case error
    /// An effect was cancelled before it completed (and nothing failed).
    case cancelled
  }
}

/// Counts the pending work of one `send` and wakes waiters when it reaches zero.
///
/// One allocation per `send`: the counter and the outcome flags are atomics inside the object.
/// Waiting is rare (a caller that awaits `finish()`), so the waiters live under one lock that
/// all trackers share. A waiter registers under that lock after checking the count, and the
/// release that brings the count to zero takes the lock before resuming, so none is missed.
final class ActionTracker: Sendable {
  let origin: Origin

  private let pending = Atomic<Int>(1)
  private let failed = Atomic<Bool>(false)
  private let cancelled = Atomic<Bool>(false)
  /// Set (under `waiting`) before a waiter reads `pending`: a release that brings the count to
  /// zero takes the lock only when someone may wait. Both sides use sequentially consistent
  /// ordering, so either the waiter sees zero or the release sees the flag.
  private let hasWaiters = Atomic<Bool>(false)
  /// Guarded by `ActionTracker.waiting`.
  nonisolated(unsafe) private var waiters: [CheckedContinuation<StoreTask.Completion, Never>] = []

  private static let waiting = Lock()

  /// A `cancel(tag:)`, `cancel(_:)` or `cancelAll()` reached this action: effects it starts
  /// from now on never run. Guarded by the lock of the store the action was sent to, which
  /// keeps accesses apart, for the store's reason (`search.store`).
  @exclusivity(unchecked) nonisolated(unsafe) var cancelRequested = false

  init(origin: Origin) { self.origin = origin }

  var isFinished: Bool { pending.load(ordering: .acquiring) == 0 }

  var completion: StoreTask.Completion {
    failed.load(ordering: .acquiring) ? .error : cancelled.load(ordering: .acquiring) ? .cancelled : .ok
  }

  func retain() { pending.wrappingAdd(1, ordering: .relaxed) }

  func markFailed() { failed.store(true, ordering: .releasing) }

  func markCancelled() { cancelled.store(true, ordering: .releasing) }

  /// Ends one unit of pending work.
  func release() {
    guard pending.wrappingSubtract(1, ordering: .sequentiallyConsistent).newValue == 0 else { return }
    guard hasWaiters.load(ordering: .sequentiallyConsistent) else { return }
    wakeWaiters()
  }

  /// Resumes whoever waits in ``wait()``. Apart from `release`, whose every call otherwise
  /// paid for the continuations' type metadata and stack room.
  @inline(never)
  private func wakeWaiters() {
    let resumed = Self.waiting.withLock { () -> [CheckedContinuation<StoreTask.Completion, Never>] in
      defer { waiters.removeAll() }
      return waiters
    }
    guard !resumed.isEmpty else { return }
    let completion = completion
    for waiter in resumed { waiter.resume(returning: completion) }
  }

  func wait() async -> StoreTask.Completion {
    await withCheckedContinuation { continuation in
      let ready = Self.waiting.withLock { () -> Bool in
        hasWaiters.store(true, ordering: .sequentiallyConsistent)
        if pending.load(ordering: .sequentiallyConsistent) == 0 { return true }
        waiters.append(continuation)
        return false
      }
      if ready { continuation.resume(returning: completion) }
    }
  }
}
