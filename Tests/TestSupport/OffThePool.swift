import Foundation

/// Runs blocking work (waiting for a child process, reading a pipe to its end) on a thread of
/// its own and suspends the calling task until it is done.
///
/// Swift Testing runs every test on the cooperative pool, which has one thread per core: two
/// on the CI machines. Two tests blocked in `waitUntilExit` would hold the whole pool, so every
/// other test's effects would stop running; under AddressSanitizer a child process can take
/// long enough for an unrelated receive to time out. Suspending here leaves the pool free.
///
/// At most one such job per core runs at once; the others wait (suspended) for a turn, so the
/// many cases of the fault matrix do not start all their sanitized child processes at once and
/// starve a large download past its client's timeout.
public func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
  await BlockingSlots.shared.acquire()
  return try await withCheckedThrowingContinuation { continuation in
    let thread = Thread {
      let result = Result { try body() }
      BlockingSlots.shared.release()
      continuation.resume(with: result)
    }
    thread.stackSize = 8 << 20
    thread.start()
  }
}

/// A counting semaphore whose waiters suspend instead of blocking a thread.
final class BlockingSlots: @unchecked Sendable {
  static let shared = BlockingSlots(ProcessInfo.processInfo.activeProcessorCount)

  private let lock = NSLock()
  private var free: Int
  private var waiters: [CheckedContinuation<Void, Never>] = []

  init(_ count: Int) { free = max(count, 1) }

  func acquire() async {
    await withCheckedContinuation { continuation in
      let granted = lock.withLock {
        if free > 0 {
          free -= 1
          return true
        }
        waiters.append(continuation)
        return false
      }
      if granted { continuation.resume() }
    }
  }

  /// Hands the slot to the first waiter, or frees it.
  func release() {
    let next = lock.withLock { () -> CheckedContinuation<Void, Never>? in
      if waiters.isEmpty {
        free += 1
        return nil
      }
      return waiters.removeFirst()
    }
    next?.resume()
  }
}

/// Suspends (never blocks) until `condition` holds or `timeout` of looking is spent (stalls of
/// a busy machine do not count, see ``Patience``); true if it held.
@discardableResult
public func poll(
  every interval: Duration = .milliseconds(5), timeout: Duration, until condition: () -> Bool
) async -> Bool {
  var patience = Patience(timeout)
  while true {
    if condition() { return true }
    if patience.expired() { return condition() }
    try? await Task.sleep(for: interval)
  }
}
