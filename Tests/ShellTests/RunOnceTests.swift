import Foundation
import ReactorCore
import Shell
import TestSupport
import Testing

// A recording's last save runs once, whichever of the session's end, SIGTERM's handler or
// `atexit` comes first. A handler that came second used to return at once and exit the process
// while the first save was still replacing the files; it now waits for that save.

@Suite struct RunOnceTests {
  /// Runs `body` on a new thread (not the cooperative pool's, which a blocked waiter would hold).
  private func onThread(_ body: @escaping @Sendable () -> Void) {
    Thread.detachNewThread(body)
  }

  @Test func aCallerOnAnotherThreadWaitsForTheRunUnderWayAndGetsItsResult() {
    let once = RunOnce<Int>()
    let running = Latch()
    let waiterReturned = Latch()
    let bodyEnded = Locked(false)
    let waiterSaw = Locked<(result: Int, bodyHadEnded: Bool)?>(nil)
    onThread {
      _ = once.run(reentered: -1) {
        running.set()
        // Until the other caller is seen waiting; a caller that does not wait returns instead.
        var patience = Patience(TimingSlack.eventTimeout)
        while once.waiting == 0, !waiterReturned.wasSet, !patience.expired() { usleep(200) }
        bodyEnded.withLock { $0 = true }
        return 7
      }
    }
    #expect(running.wait())
    onThread {
      let result = once.run(reentered: -1) { 99 }
      waiterSaw.withLock { $0 = (result, bodyEnded.withLock { $0 }) }
      waiterReturned.set()
    }
    #expect(waiterReturned.wait())
    let saw = waiterSaw.withLock { $0 }
    #expect(saw?.bodyHadEnded == true, "the second caller returned while the first run was under way")
    #expect(saw?.result == 7)
  }

  @Test func theRunningThreadAskingAgainGetsTheReenteredValueAtOnce() {
    let once = RunOnce<Int>()
    let inner = Locked<Int?>(nil)
    let outer = once.run(reentered: -1) {
      inner.withLock { $0 = once.run(reentered: -1) { 99 } }
      return 7
    }
    #expect(outer == 7)
    #expect(inner.withLock { $0 } == -1)
  }

  @Test func aLaterCallGetsTheResultAndRunsNothing() {
    let once = RunOnce<Int>()
    let runs = Locked(0)
    let first = once.run(reentered: -1) {
      runs.withLock { $0 += 1 }
      return 7
    }
    let second = once.run(reentered: -1) {
      runs.withLock { $0 += 1 }
      return 99
    }
    #expect(first == 7 && second == 7)
    #expect(runs.withLock { $0 } == 1)
  }
}
