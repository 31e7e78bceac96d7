import Testing

@testable import ReactorTesting

// The deadline behind every wait of the test store: it must expire on a real hang, and must
// not charge a stall of the whole machine to the effect under test.

/// A clock reading the test moves by hand.
private final class HandClock {
  var now = ContinuousClock.now
}

@Suite("PatientDeadline")
struct PatientDeadlineTests {
  @Test("a stall between two looks counts as one step, not its length")
  func stallCountsAsOneStep() {
    let clock = HandClock()
    var deadline = PatientDeadline(.milliseconds(250), now: { clock.now })
    // What a busy pool does to a waiter: it does not run for longer than a step.
    var spent: [Bool] = []
    for _ in 0..<3 {
      clock.now += .milliseconds(400)
      spent.append(deadline.expired())
    }
    // Each 400 ms stall counts 100 ms: the budget lasts two stalls and is spent by the third.
    #expect(spent == [false, false, true])
  }

  @Test("short gaps count in full")
  func shortGapsCountInFull() {
    let clock = HandClock()
    var deadline = PatientDeadline(.milliseconds(10), now: { clock.now })
    var spent = [deadline.expired()]
    clock.now += .milliseconds(9)
    spent.append(deadline.expired())
    clock.now += .milliseconds(1)
    spent.append(deadline.expired())
    #expect(spent == [false, false, true])
  }

  @Test("looking often, the budget lasts about as long as the timeout")
  func expiresAfterTheTimeoutOfLooking() async {
    let clock = ContinuousClock()
    let start = clock.now
    var deadline = PatientDeadline(.milliseconds(200))
    var looks = 0
    while !deadline.expired() {
      looks += 1
      try? await Task.sleep(for: .milliseconds(1))
    }
    let elapsed = start.duration(to: clock.now)
    #expect(elapsed >= .milliseconds(200))
    #expect(looks > 1)
  }

  @Test("wait returns true once the condition holds, false when it never does")
  func wait() async {
    #expect(await PatientDeadline.wait(timeout: .zero) { true })
    #expect(!(await PatientDeadline.wait(timeout: .milliseconds(20)) { false }))
    // Made true by another task after the waiter has looked a few times.
    let gate = AsyncGate()
    let looks = Recorder<Int>()
    let opener = Task {
      await gate.wait()
      looks.append(0)
    }
    var count = 0
    let held = await PatientDeadline.wait {
      count += 1
      if count == 3 { gate.open() }
      return !looks.values.isEmpty
    }
    await opener.value
    #expect(held && count > 3)
  }
}
