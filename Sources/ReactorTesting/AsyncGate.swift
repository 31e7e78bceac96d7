public import ReactorCore

/// A gate that asynchronous test code waits on until the test opens it; it can be closed
/// again. Equal only to itself, so it can ride in an `Equatable` action.
public final class AsyncGate: Sendable, Equatable {
  private let state = Locked<(open: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

  public init() {}

  /// Suspends until the gate is open (returns at once if it is).
  public func wait() async {
    await withCheckedContinuation { continuation in
      let ready = state.withLock { state in
        if state.open { return true }
        state.waiters.append(continuation)
        return false
      }
      if ready { continuation.resume() }
    }
  }

  /// Opens the gate and releases everything waiting.
  public func open() {
    let waiters = state.withLock { state in
      state.open = true
      defer { state.waiters.removeAll() }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  /// How many tasks wait at the gate now: a test can tell that an effect reached it.
  package var waiterCount: Int { state.withLock { $0.waiters.count } }

  /// Closes the gate for later waiters.
  public func close() { state.withLock { $0.open = false } }

  public static func == (lhs: AsyncGate, rhs: AsyncGate) -> Bool { lhs === rhs }
}

/// Values appended from any task, read back by the test.
public final class Recorder<Value: Sendable>: Sendable {
  private let storage = Locked<[Value]>([])

  public init() {}
  public func append(_ value: Value) { storage.withLock { $0.append(value) } }
  public var values: [Value] { storage.withLock { $0 } }
}

extension VirtualClock {
  /// Waits until `count` tasks are asleep on the clock, so a test can advance time knowing the
  /// effect under test is waiting. `timeout` is real time spent looking; stalls of a busy
  /// machine do not count (see `PatientDeadline`).
  public func waitForSleepers(_ count: Int = 1, timeout: Duration = .seconds(20)) async -> Bool {
    await PatientDeadline.wait(timeout: timeout) { sleeperCount >= count }
  }
}
