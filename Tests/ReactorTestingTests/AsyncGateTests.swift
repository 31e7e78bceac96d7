import ReactorCore
import Testing

@testable import ReactorTesting

// The gate effects wait on, and the waits of the test helpers built on it.

@Suite("AsyncGate")
struct AsyncGateTests {
  @Test("an open gate lets waiters through at once; a closed one holds them until it opens")
  func openAndClose() async {
    let gate = AsyncGate()
    let passed = Recorder<String>()
    let early = Task {
      await gate.wait()
      passed.append("early")
    }
    #expect(await PatientDeadline.wait { gate.waiterCount == 1 })
    #expect(passed.values.isEmpty)
    gate.open()
    await early.value
    #expect(gate.waiterCount == 0)
    await gate.wait()
    passed.append("open")
    gate.close()
    let late = Task {
      await gate.wait()
      passed.append("late")
    }
    #expect(await PatientDeadline.wait { gate.waiterCount == 1 })
    #expect(passed.values == ["early", "open"])
    gate.open()
    await late.value
    #expect(passed.values == ["early", "open", "late"])
  }

  @Test("a gate is equal only to itself")
  func identity() {
    let gate = AsyncGate()
    #expect(gate == gate)
    #expect(gate != AsyncGate())
  }

  @Test("waitForSleepers sees a task asleep on the clock, and gives up when none is")
  func waitForSleepers() async {
    let clock = VirtualClock()
    #expect(!(await clock.waitForSleepers(1, timeout: .milliseconds(20))))
    let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
    #expect(await clock.waitForSleepers(1))
    clock.advance(by: .seconds(1))
    #expect((try? await sleeper.value) != nil)
    #expect(clock.sleeperCount == 0)
  }
}
