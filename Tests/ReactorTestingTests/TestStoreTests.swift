import ReactorCore
import Testing

@testable import ReactorTesting

// The test store: it must catch every mutation a test did not expect, and its waits must
// expire on a real hang.

@Suite("TestStore")
struct TestStoreTests {
  @Test("every mutation is received in order, with the state after it")
  func receives() async {
    let store = TestStore(reactor: GatedCounter())
    let gate = AsyncGate()
    await store.send(.increment)
    await store.receive(.increment) { $0.count = 1 }
    await store.send(.load("a", gate))
    store.assertNothingPending()
    gate.open()
    await store.receive(.setLoaded("a")) { $0.loaded = "a" }
    await store.finish()
    #expect(store.state == GatedCounter.State(count: 1, loaded: "a"))
  }

  @Test("a restore cancels the load in flight and must be received, with the state it put back")
  func restores() async {
    let store = TestStore(reactor: GatedCounter())
    let gate = AsyncGate()
    await store.send(.increment)
    await store.receive(.increment) { $0.count = 1 }
    await store.send(.load("a", gate))
    await store.restore(GatedCounter.State(count: 5))
    // The load's answer comes after the restore cancelled it: it is dropped.
    gate.open()
    await store.receiveRestore { $0.count = 5 }
    await store.finish()
    #expect(store.state == GatedCounter.State(count: 5, loaded: nil))
    // A restore where a mutation is expected, and the reverse, are issues.
    await store.restore(GatedCounter.State(count: 6))
    await withKnownIssue {
      await store.receive(.increment)
    } matching: { issue in
      "\(issue)".contains("but received a restore")
    }
    await store.send(.increment)
    await withKnownIssue {
      await store.receiveRestore()
    } matching: { issue in
      "\(issue)".contains("Expected a restore")
    }
  }

  @Test("a state that differs from the expected one is an issue that shows the difference")
  func stateMismatch() async {
    let store = TestStore(reactor: GatedCounter())
    await store.send(.increment)
    await withKnownIssue {
      await store.receive(.increment) { $0.count = 2 }
    } matching: { issue in
      "\(issue)".contains("- ") && "\(issue)".contains("count: 2") && "\(issue)".contains("count: 1")
    }
    // The store now expects what actually happened, so later steps are checked from there.
    #expect(store.state.count == 1)
  }

  @Test("a mutation received but not asserted is an issue at the next send and at finish")
  func unasserted() async {
    let store = TestStore(reactor: GatedCounter())
    await store.send(.increment)
    await withKnownIssue {
      await store.send(.increment)
    } matching: { issue in
      "\(issue)".contains("Must handle 1 received item")
    }
    await store.receive(.increment) { $0.count = 1 }
    await withKnownIssue {
      await store.finish()
    } matching: { issue in
      "\(issue)".contains("were not asserted")
    }
  }

  @Test("an effect's failure must be received, and arrives with the error's description")
  func receivesFailure() async {
    let store = TestStore(reactor: GatedCounter())
    await store.send(.fail("offline"))
    let failure = await store.receiveFailure()
    #expect(failure == "failed: offline")
    await store.finish()
    #expect(store.state == GatedCounter.State())
  }

  @Test("receive records an issue when nothing arrives, after its timeout")
  func receiveTimesOut() async {
    let store = TestStore(reactor: GatedCounter())
    await withKnownIssue {
      await store.receive(.increment, timeout: .milliseconds(50))
    } matching: { issue in
      "\(issue)".contains("nothing arrived within")
    }
  }

  @Test("finish records an issue for an effect that never ends")
  func finishTimesOut() async {
    let store = TestStore(reactor: GatedCounter())
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
