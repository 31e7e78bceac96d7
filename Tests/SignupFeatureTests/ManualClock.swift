import Synchronization

/// A clock whose time moves only when a test advances it.
///
/// `sleep(until:)` suspends until ``advance(by:)`` moves time to or past the deadline, so a
/// 1.5 s latency takes no real time. Cancelling a sleeping task wakes it with
/// `CancellationError`. ``waitForSleepers(_:)`` lets a test wait until an effect is asleep
/// before it advances.
final class ManualClock: Clock, Sendable {
  struct Instant: InstantProtocol {
    var offset: Duration
    func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    func duration(to other: Instant) -> Duration { other.offset - offset }
    static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private struct Sleeper {
    var id: Int
    var deadline: Instant
    var continuation: CheckedContinuation<Void, any Error>
  }

  private struct Storage {
    var now = Instant(offset: .zero)
    var nextID = 0
    var sleepers: [Sleeper] = []
    var cancelled: Set<Int> = []
  }

  private let storage = Mutex(Storage())

  var now: Instant { storage.withLock { $0.now } }
  var minimumResolution: Duration { .zero }
  var sleeperCount: Int { storage.withLock { $0.sleepers.count } }

  func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    let id = storage.withLock { storage in
      storage.nextID += 1
      return storage.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let outcome: Result<Void, any Error>? = storage.withLock { storage in
          if storage.cancelled.remove(id) != nil { return .failure(CancellationError()) }
          if deadline <= storage.now { return .success(()) }
          storage.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          return nil
        }
        if let outcome { continuation.resume(with: outcome) }
      }
    } onCancel: {
      let continuation = storage.withLock { storage -> CheckedContinuation<Void, any Error>? in
        guard let index = storage.sleepers.firstIndex(where: { $0.id == id }) else {
          storage.cancelled.insert(id)
          return nil
        }
        return storage.sleepers.remove(at: index).continuation
      }
      continuation?.resume(throwing: CancellationError())
    }
  }

  /// Moves time forward and wakes every sleeper whose deadline has come.
  func advance(by duration: Duration) {
    let due = storage.withLock { storage in
      storage.now = storage.now.advanced(by: duration)
      let now = storage.now
      let due = storage.sleepers.filter { $0.deadline <= now }
      storage.sleepers.removeAll { $0.deadline <= now }
      return due
    }
    for sleeper in due { sleeper.continuation.resume() }
  }

  /// Waits (in real time, up to `timeout`) until `count` tasks are asleep on the clock.
  @discardableResult
  func waitForSleepers(_ count: Int = 1, timeout: Duration = .seconds(2)) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while sleeperCount < count {
      if ContinuousClock.now >= deadline { return false }
      try? await Task.sleep(for: .milliseconds(1))
    }
    return true
  }
}
