import ReactorCore
import Testing

@Suite("VirtualClock")
struct VirtualClockTests {
  /// Starts one task per (label, deadline in ms), in order, each sleeping until its deadline
  /// and then logging its label (or "label!" when cancelled); returns once all are asleep.
  static func sleepers(
    _ deadlines: [(String, Int)], clock: VirtualClock, executor: ManualExecutor, log: Locked<[String]>
  ) -> [Task<Void, Never>] {
    let tasks = deadlines.map { label, milliseconds in
      Task(executorPreference: executor) {
        do {
          try await clock.sleep(until: VirtualClock.Instant(offset: .milliseconds(milliseconds)))
          log.withLock { $0.append(label) }
        } catch {
          log.withLock { $0.append(label + "!") }
        }
      }
    }
    executor.runUntilIdle()
    return tasks
  }

  @Test("sleepers wake in deadline order, ties in the order they went to sleep")
  func wakeOrder() {
    let clock = VirtualClock()
    let executor = ManualExecutor()
    let log = Locked<[String]>([])
    let tasks = Self.sleepers([("a", 30), ("b", 10), ("c", 20), ("d", 10), ("e", 30), ("f", 5)], clock: clock, executor: executor, log: log)
    #expect(clock.sleeperCount == 6 && clock.nextDeadline == VirtualClock.Instant(offset: .milliseconds(5)))
    clock.advance(to: VirtualClock.Instant(offset: .milliseconds(30)))
    executor.runUntilIdle()
    #expect(log.withLock { $0 } == ["f", "b", "d", "c", "a", "e"])
    #expect(clock.sleeperCount == 0 && clock.nextDeadline == nil)
    _ = tasks
  }

  @Test("advancing wakes only the sleepers that are due, and time never goes back")
  func partialAdvance() {
    let clock = VirtualClock()
    let executor = ManualExecutor()
    let log = Locked<[String]>([])
    let tasks = Self.sleepers([("late", 20), ("early", 10), ("early2", 10)], clock: clock, executor: executor, log: log)
    clock.advance(by: .milliseconds(15))
    executor.runUntilIdle()
    #expect(log.withLock { $0 } == ["early", "early2"])
    #expect(clock.nextDeadline == VirtualClock.Instant(offset: .milliseconds(20)))
    clock.advance(to: VirtualClock.Instant(offset: .milliseconds(1)))
    #expect(clock.now == VirtualClock.Instant(offset: .milliseconds(15)))
    #expect(clock.advanceToNextDeadline())
    executor.runUntilIdle()
    #expect(log.withLock { $0 } == ["early", "early2", "late"])
    #expect(!clock.advanceToNextDeadline())
    _ = tasks
  }

  @Test("a cancelled sleeper wakes at once with CancellationError and leaves the clock")
  func cancellation() {
    let clock = VirtualClock()
    let executor = ManualExecutor()
    let log = Locked<[String]>([])
    let tasks = Self.sleepers([("kept", 10), ("cancelled", 10)], clock: clock, executor: executor, log: log)
    tasks[1].cancel()
    executor.runUntilIdle()
    #expect(log.withLock { $0 } == ["cancelled!"] && clock.sleeperCount == 1)
    clock.advance(by: .milliseconds(10))
    executor.runUntilIdle()
    #expect(log.withLock { $0 } == ["cancelled!", "kept"])
  }

  @Test("a deadline that has passed returns at once")
  func pastDeadline() {
    let clock = VirtualClock()
    let executor = ManualExecutor()
    let log = Locked<[String]>([])
    clock.advance(by: .seconds(1))
    let tasks = Self.sleepers([("now", 1_000), ("before", 500)], clock: clock, executor: executor, log: log)
    #expect(log.withLock { $0 } == ["now", "before"] && clock.sleeperCount == 0)
    _ = tasks
  }
}
