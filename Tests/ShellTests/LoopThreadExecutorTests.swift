import Foundation
import ReactorCore
import Shell
import Testing

@Suite("LoopThreadExecutor")
struct LoopThreadExecutorTests {
  /// The thread the current job runs on.
  static func thread() -> ObjectIdentifier { ObjectIdentifier(Thread.current) }

  @Test("tasks that prefer it run one at a time, in the order they were started, on its one thread")
  func orderAndThread() async {
    let executor = LoopThreadExecutor()
    defer { executor.stop() }
    let seen = Locked<[(Int, ObjectIdentifier)]>([])
    let running = Locked(0)
    let overlapped = Locked(false)
    var tasks: [Task<Void, Never>] = []
    for index in 0..<200 {
      tasks.append(
        Task(executorPreference: executor) {
          running.withLock { count in
            count += 1
            if count > 1 { overlapped.withLock { $0 = true } }
          }
          seen.withLock { $0.append((index, Self.thread())) }
          running.withLock { $0 -= 1 }
        })
    }
    for task in tasks { await task.value }
    let log = seen.withLock { $0 }
    #expect(log.map(\.0) == Array(0..<200))
    #expect(Set(log.map(\.1)).count == 1)
    #expect(log.first?.1 != Self.thread())
    #expect(!overlapped.withLock { $0 })
  }

  @Test("run(_:) runs the operation on the calling thread, resumptions included, and returns its result")
  func runOnCallingThread() async {
    // A thread of its own plays the daemon's main thread: the test's own may not be blocked.
    let outcome = Locked<(result: Int, threads: Set<ObjectIdentifier>, caller: ObjectIdentifier)?>(nil)
    let done = Locked<CheckedContinuation<Void, Never>?>(nil)
    await withCheckedContinuation { continuation in
      done.withLock { $0 = continuation }
      Thread {
        let caller = Self.thread()
        let threads = Locked<Set<ObjectIdentifier>>([])
        let result = LoopThreadExecutor.run {
          threads.withLock { _ = $0.insert(Self.thread()) }
          // Suspends until a task on the shared pool answers, then resumes here.
          let answer = await Task.detached { 41 }.value
          threads.withLock { _ = $0.insert(Self.thread()) }
          return answer + 1
        }
        outcome.withLock { $0 = (result, threads.withLock { $0 }, caller) }
        done.withLock { $0 }?.resume()
      }.start()
    }
    let seen = outcome.withLock { $0 }
    #expect(seen?.result == 42)
    #expect(seen.map { $0.threads == [$0.caller] } == true)
  }

  @Test("a task resumed from another thread continues on the executor's thread")
  func resumption() async {
    let executor = LoopThreadExecutor()
    defer { executor.stop() }
    let threads = await Task(executorPreference: executor) {
      () -> (ObjectIdentifier, ObjectIdentifier, ObjectIdentifier) in
      let before = Self.thread()
      // Resumed by a plain thread, as a libcurl transfer's thread resumes a request.
      let resumer = await withCheckedContinuation { (continuation: CheckedContinuation<ObjectIdentifier, Never>) in
        Thread { continuation.resume(returning: Self.thread()) }.start()
      }
      return (before, resumer, Self.thread())
    }.value
    #expect(threads.0 == threads.2)
    #expect(threads.1 != threads.0)
  }

  // A job that never runs is a hang, which the time limit turns into a failure; see
  // ByteLineReaderTests for why it is half an hour.
  @Test(
    "a job queued while the thread spins, as its spin ends, or while it sleeps still runs",
    .timeLimit(.minutes(30)))
  func jobsAroundTheSpin() async {
    let executor = LoopThreadExecutor()
    defer { executor.stop() }
    var generator = SystemRandomNumberGenerator()
    var sum = 0
    for index in 0..<300 {
      // Gaps around the spin time (100 us), and some long enough for the thread to sleep.
      let gap = index % 50 == 0 ? 5_000 : Int.random(in: 0...250, using: &generator)
      usleep(UInt32(gap))
      sum += await Task(executorPreference: executor) { index }.value
    }
    #expect(sum == (0..<300).reduce(0, +))
  }
}
