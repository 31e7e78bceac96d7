import ReactorCore
import Testing

@Suite("VirtualClock")
struct VirtualClockTests {
  /// A clock, and one task per (label, deadline in ms) started in order on a manual executor,
  /// each sleeping until its deadline and then logging its label ("label!" when cancelled).
  struct Sleepers {
    let clock = VirtualClock()
    let executor = ManualExecutor()
    private let log = Locked<[String]>([])
    private(set) var tasks: [Task<Void, Never>] = []

    /// Starts the sleepers after moving the clock by `start`; returns once all are asleep.
    init(_ deadlines: [(String, Int)], start: Duration = .zero) {
      clock.advance(by: start)
      let (clock, log) = (clock, log)
      tasks = deadlines.map { label, milliseconds in
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
    }

    /// What woke so far, in order, once the woken tasks have run.
    var woken: [String] {
      executor.runUntilIdle()
      return log.withLock { $0 }
    }

    static func at(_ milliseconds: Int) -> VirtualClock.Instant {
      VirtualClock.Instant(offset: .milliseconds(milliseconds))
    }
  }

  @Test("sleepers wake in deadline order, ties in the order they went to sleep")
  func wakeOrder() {
    let sleepers = Sleepers([("a", 30), ("b", 10), ("c", 20), ("d", 10), ("e", 30), ("f", 5)])
    #expect(sleepers.clock.sleeperCount == 6 && sleepers.clock.nextDeadline == Sleepers.at(5))
    sleepers.clock.advance(to: Sleepers.at(30))
    #expect(sleepers.woken == ["f", "b", "d", "c", "a", "e"])
    #expect(sleepers.clock.sleeperCount == 0 && sleepers.clock.nextDeadline == nil)
  }

  @Test("advancing wakes only the sleepers that are due, and time never goes back")
  func partialAdvance() {
    let sleepers = Sleepers([("late", 20), ("early", 10), ("early2", 10)])
    sleepers.clock.advance(by: .milliseconds(15))
    #expect(sleepers.woken == ["early", "early2"])
    #expect(sleepers.clock.nextDeadline == Sleepers.at(20))
    sleepers.clock.advance(to: Sleepers.at(1))
    #expect(sleepers.clock.now == Sleepers.at(15))
    #expect(sleepers.clock.advanceToNextDeadline())
    #expect(sleepers.woken == ["early", "early2", "late"])
    #expect(!sleepers.clock.advanceToNextDeadline())
  }

  @Test("a cancelled sleeper wakes at once with CancellationError and leaves the clock")
  func cancellation() {
    let sleepers = Sleepers([("kept", 10), ("cancelled", 10)])
    sleepers.tasks[1].cancel()
    #expect(sleepers.woken == ["cancelled!"] && sleepers.clock.sleeperCount == 1)
    sleepers.clock.advance(by: .milliseconds(10))
    #expect(sleepers.woken == ["cancelled!", "kept"])
  }

  @Test("a deadline that has passed returns at once")
  func pastDeadline() {
    let sleepers = Sleepers([("now", 1_000), ("before", 500)], start: .seconds(1))
    #expect(sleepers.woken == ["now", "before"] && sleepers.clock.sleeperCount == 0)
  }
}
