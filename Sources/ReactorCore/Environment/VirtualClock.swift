/// A clock whose time moves only when told to, for deterministic replays and tests.
///
/// `sleep(until:)` suspends until ``advance(to:)`` (or ``advance(by:)``, or
/// ``advanceToNextDeadline()``) moves time past the deadline; sleepers wake in deadline order,
/// ties in the order they went to sleep. Cancelling a sleeping task wakes it at once with
/// `CancellationError` and removes it. Thread-safe.
public final class VirtualClock: Clock, Sendable {
  public struct Instant: InstantProtocol, Sendable {
    /// Time since the clock's start.
    public var offset: Duration

    public init(offset: Duration) { self.offset = offset }
    public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    public func duration(to other: Instant) -> Duration { other.offset - offset }
    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private struct Sleeper {
    var id: UInt64
    var deadline: Instant
    var continuation: CheckedContinuation<Void, any Error>
  }

  private struct Storage {
    var now = Instant(offset: .zero)
    var nextID: UInt64 = 0
    var sleepers: [Sleeper] = []
    var cancelledBeforeSleep: Set<UInt64> = []
  }

  private let storage = Locked(Storage())

  public init() {}

  public var now: Instant { storage.withLock { $0.now } }
  public var minimumResolution: Duration { .nanoseconds(1) }

  /// How many tasks are asleep on this clock.
  public var sleeperCount: Int { storage.withLock { $0.sleepers.count } }

  /// The earliest deadline of a sleeping task, if any.
  public var nextDeadline: Instant? {
    storage.withLock { storage in
      var earliest: Instant?
      for sleeper in storage.sleepers where earliest.map({ sleeper.deadline < $0 }) ?? true {
        earliest = sleeper.deadline
      }
      return earliest
    }
  }

  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let id = storage.withLock { storage in
      storage.nextID += 1
      return storage.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let outcome: Result<Void, any Error>? = storage.withLock { storage in
          if storage.cancelledBeforeSleep.remove(id) != nil { return .failure(CancellationError()) }
          if deadline <= storage.now { return .success(()) }
          storage.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          return nil
        }
        if let outcome { continuation.resume(with: outcome) }
      }
    } onCancel: {
      let continuation = storage.withLock { storage -> CheckedContinuation<Void, any Error>? in
        guard let index = storage.sleepers.firstIndex(where: { $0.id == id }) else {
          storage.cancelledBeforeSleep.insert(id)
          return nil
        }
        return storage.sleepers.remove(at: index).continuation
      }
      continuation?.resume(throwing: CancellationError())
    }
  }

  /// Moves time forward by `duration`, waking every sleeper whose deadline has come.
  public func advance(by duration: Duration) { advance(to: now.advanced(by: duration)) }

  /// Moves time to `instant` (never backwards), waking sleepers in deadline order.
  public func advance(to instant: Instant) {
    let due = storage.withLock { storage -> [Sleeper] in
      if instant > storage.now { storage.now = instant }
      let now = storage.now
      guard storage.sleepers.contains(where: { $0.deadline <= now }) else { return [] }
      // Sleepers are kept in the order they went to sleep; the due ones keep that order, then
      // a stable insertion sort puts them in deadline order (usually there is one).
      var due: [Sleeper] = []
      var waiting: [Sleeper] = []
      for sleeper in storage.sleepers {
        if sleeper.deadline <= now { due.append(sleeper) } else { waiting.append(sleeper) }
      }
      storage.sleepers = waiting
      for index in due.indices.dropFirst() {
        let sleeper = due[index]
        var slot = index
        while slot > 0, sleeper.deadline < due[slot - 1].deadline {
          due[slot] = due[slot - 1]
          slot -= 1
        }
        due[slot] = sleeper
      }
      return due
    }
    for sleeper in due { sleeper.continuation.resume() }
  }

  /// Moves time to the earliest deadline and wakes the tasks due then; false if none sleeps.
  @discardableResult
  public func advanceToNextDeadline() -> Bool {
    guard let deadline = nextDeadline else { return false }
    advance(to: deadline)
    return true
  }
}

extension Duration {
  /// The duration in seconds, as a Double.
  public var seconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}
