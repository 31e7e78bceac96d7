import Foundation
import ReactorCore
import Shell
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

// The daemon's SIGINT test once lost its signal: a DispatchSource registers asynchronously, so
// a signal sent right after start-up was ignored. SignalWatcher must see every signal raised
// after `watch` returns. (Signals go to the process, as `kill` from outside sends them:
// `raise` would target the test's own thread, a pool thread that blocks signals.)

@Suite(.serialized) struct SignalWatcherTests {
  /// Waits for `condition`, which a handler makes true within milliseconds: a minute (ten under
  /// a sanitizer) only runs out when the signal was lost.
  private func eventually(_ condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + TimingSlack.seconds(60)
    while !condition() {
      if ContinuousClock.now > deadline { return false }
      usleep(200)
    }
    return true
  }

  @Test func aSignalRaisedRightAfterWatchIsNeverLost() {
    for round in 0..<200 {
      let seen = Locked(0)
      let token = SignalWatcher.shared.watch(SIGUSR1) { seen.withLock { $0 += 1 } }
      kill(getpid(), SIGUSR1)
      #expect(eventually { seen.withLock { $0 } == 1 }, "round \(round): the signal was lost")
      SignalWatcher.shared.stop(token)
    }
  }

  @Test func everyHandlerOfASignalRunsAndStoppedOnesDoNot() {
    let first = Locked(0)
    let second = Locked(0)
    let a = SignalWatcher.shared.watch(SIGUSR2) { first.withLock { $0 += 1 } }
    let b = SignalWatcher.shared.watch(SIGUSR2) { second.withLock { $0 += 1 } }
    kill(getpid(), SIGUSR2)
    #expect(eventually { first.withLock { $0 } == 1 && second.withLock { $0 } == 1 })
    SignalWatcher.shared.stop(a)
    kill(getpid(), SIGUSR2)
    #expect(eventually { second.withLock { $0 } == 2 })
    #expect(first.withLock { $0 } == 1)
    SignalWatcher.shared.stop(b)
  }

  @Test func stoppingTheLastHandlerRestoresThePreviousDisposition() {
    signal(SIGUSR2, SIG_IGN)
    let token = SignalWatcher.shared.watch(SIGUSR2) {}
    SignalWatcher.shared.stop(token)
    var current = sigaction()
    sigaction(SIGUSR2, nil, &current)
    #expect(unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self))
    kill(getpid(), SIGUSR2)  // ignored, as before the watcher: the test process survives
    signal(SIGUSR2, SIG_DFL)
  }

  /// Many threads watching and stopping at once: under ThreadSanitizer (CI's `--sanitize=thread`
  /// pass) this failed while `watch` read its handler table outside the lock.
  @Test func watchAndStopFromManyThreadsAtOnce() async {
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<4 {
        group.addTask {
          for _ in 0..<200 { SignalWatcher.shared.stop(SignalWatcher.shared.watch(SIGURG) {}) }
        }
      }
    }
    var current = sigaction()
    sigaction(SIGURG, nil, &current)
    #expect(unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_DFL, to: Int.self))
  }
}
