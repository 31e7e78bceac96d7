import ReactorCore

/// Runs `body` and returns what it returns, and whether it hung: if it has not returned after
/// `bound` of looking (the stalls of a busy machine do not count, see ``poll``), `unblock` runs
/// (stopping the server `body` waits on, say), so that a hang ends as a failed expectation
/// instead of a stuck suite. A bound here only tells a hang from a slow run: set it far above
/// what the slowest correct run takes, and make what it guards against take far longer.
public func unlessHung<T: Sendable>(
  _ bound: Duration, unblock: @escaping @Sendable () -> Void, _ body: @escaping @Sendable () async -> T
) async -> (value: T, hung: Bool) {
  let finished = Locked(false)
  let task = Task {
    let value = await body()
    finished.withLock { $0 = true }
    return value
  }
  let inTime = await poll(timeout: bound) { finished.withLock { $0 } }
  if !inTime { unblock() }
  return (await task.value, !inTime)
}
