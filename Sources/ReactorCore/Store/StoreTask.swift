
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

  /// How the work of one `send` ended.
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
final class ActionTracker: Sendable {
  let origin: Origin

  private struct Storage {
    var pending = 1
    var failed = false
    var cancelled = false
    var waiters: [CheckedContinuation<StoreTask.Completion, Never>] = []
  }
  private let storage = Locked(Storage())

  init(origin: Origin) { self.origin = origin }

  var isFinished: Bool { storage.withLock { $0.pending == 0 } }

  var completion: StoreTask.Completion {
    storage.withLock { Self.completion(of: $0) }
  }

  private static func completion(of storage: Storage) -> StoreTask.Completion {
    storage.failed ? .error : storage.cancelled ? .cancelled : .ok
  }

  func retain() { storage.withLock { $0.pending += 1 } }

  func markFailed() { storage.withLock { $0.failed = true } }

  func markCancelled() { storage.withLock { $0.cancelled = true } }

  /// Ends one unit of pending work.
  func release() {
    let (waiters, completion) = storage.withLock { storage in
      storage.pending -= 1
      guard storage.pending == 0 else { return ([CheckedContinuation<StoreTask.Completion, Never>](), StoreTask.Completion.ok) }
      defer { storage.waiters.removeAll() }
      return (storage.waiters, Self.completion(of: storage))
    }
    for waiter in waiters { waiter.resume(returning: completion) }
  }

  func wait() async -> StoreTask.Completion {
    await withCheckedContinuation { continuation in
      let ready: StoreTask.Completion? = storage.withLock { storage in
        if storage.pending == 0 { return Self.completion(of: storage) }
        storage.waiters.append(continuation)
        return nil
      }
      if let ready { continuation.resume(returning: ready) }
    }
  }
}
