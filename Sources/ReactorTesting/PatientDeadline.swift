/// A timeout that counts only the time its waiter was able to look.
///
/// A test that waits for an effect polls: look, sleep a millisecond, look again. On a machine
/// whose cooperative pool is busy with other tests (two threads on a two-core CI runner, each
/// perhaps running a CPU-bound test for seconds under a sanitizer), neither the waiter nor
/// the effect it waits for runs for a while. A wall-clock deadline charges that stall to the
/// effect, and a 20 s receive fails although the effect needed microseconds once it ran.
///
/// Here each gap between two looks counts at most ``maximumStep``. A real hang still expires:
/// the waiter keeps looking, and the budget runs out after about `timeout` of looking.
package struct PatientDeadline {
  package static let maximumStep: Duration = .milliseconds(100)

  private var remaining: Duration
  private let now: () -> ContinuousClock.Instant
  private var lastLook: ContinuousClock.Instant

  /// A budget of `timeout`; `now` reads the time (tests of the deadline itself pass their own).
  package init(_ timeout: Duration, now: @escaping () -> ContinuousClock.Instant = { ContinuousClock.now }) {
    remaining = timeout
    self.now = now
    lastLook = now()
  }

  /// Charges the time since the last look (at most ``maximumStep``); true once it is spent.
  package mutating func expired() -> Bool {
    let look = now()
    remaining -= min(lastLook.duration(to: look), Self.maximumStep)
    lastLook = look
    return remaining <= .zero
  }

  /// Waits until `condition` holds, looking every millisecond; false if it still does not hold
  /// once `timeout` of looking is spent. For a test that waits for an event it cannot be told
  /// of, instead of sleeping for a while and hoping the event happened meanwhile.
  package static func wait(timeout: Duration = .seconds(20), until condition: () -> Bool) async -> Bool {
    var deadline = PatientDeadline(timeout)
    while !condition() {
      if deadline.expired() { return condition() }
      try? await Task.sleep(for: .milliseconds(1))
    }
    return true
  }
}
