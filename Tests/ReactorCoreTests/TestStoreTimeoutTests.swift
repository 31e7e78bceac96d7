import Foundation
import ReactorCore
import Testing

@testable import ReactorTesting

// The test store's timeouts: they must expire on a real hang, and must not charge a stall of
// the whole machine to the effect under test.

@Suite("TestStore timeouts")
struct TestStoreTimeoutTests {
  @Test("a stall between two looks counts as one step, not its length")
  func stallCountsAsOneStep() async {
    var deadline = PatientDeadline(.milliseconds(250))
    // What a busy pool does to a waiter: it does not run for longer than a step.
    var spent: [Bool] = []
    for _ in 0..<3 {
      try? await Task.sleep(for: .milliseconds(400))
      spent.append(deadline.expired())
    }
    // Each 400 ms stall counts 100 ms: the budget lasts two stalls and is spent by the third.
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

  @Test("receive records an issue when nothing arrives, after its timeout")
  func receiveTimesOut() async {
    let store = TestStore(reactor: ProbeReactor())
    await withKnownIssue {
      await store.receive(.increment, timeout: .milliseconds(50))
    } matching: { issue in
      "\(issue)".contains("nothing arrived within")
    }
  }

  @Test("finish records an issue for an effect that never ends")
  func finishTimesOut() async {
    let store = TestStore(reactor: ProbeReactor())
    let gate = AsyncGate()
    await store.send(.load("never", gate))
    await withKnownIssue {
      await store.finish(timeout: .milliseconds(50))
    } matching: { issue in
      "\(issue)".contains("still running")
    }
    // Let it end, so the suite leaves nothing running; its mutation was never asserted.
    store.store.cancelAll()
    gate.open()
  }
}
