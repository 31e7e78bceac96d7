import Foundation

/// Runs blocking work (waiting for a child process, reading a pipe to its end) on a thread of
/// its own and suspends the calling task until it is done.
///
/// Swift Testing runs every test on the cooperative pool, which has one thread per core: two
/// on the CI machines. Two tests blocked in `waitUntilExit` used to hold the whole pool, so
/// every other test's effects stopped running; under AddressSanitizer a child process can take
/// long enough for an unrelated 20 s receive to time out. Suspending here leaves the pool free.
public func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    let thread = Thread { continuation.resume(with: Result { try body() }) }
    thread.stackSize = 8 << 20
    thread.start()
  }
}

/// Suspends (never blocks) until `condition` holds or `timeout` passes; true if it held.
@discardableResult
public func poll(
  every interval: Duration = .milliseconds(5), timeout: Duration, until condition: () -> Bool
) async -> Bool {
  let deadline = ContinuousClock.now + timeout
  while true {
    if condition() { return true }
    if ContinuousClock.now >= deadline { return false }
    try? await Task.sleep(for: interval)
  }
}
