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
struct PatientDeadline {
  static let maximumStep: Duration = .milliseconds(100)

  private var remaining: Duration
  private var lastLook = ContinuousClock.now

  init(_ timeout: Duration) { remaining = timeout }

  /// Charges the time since the last look (at most ``maximumStep``); true once it is spent.
  mutating func expired() -> Bool {
    let now = ContinuousClock.now
    remaining -= min(lastLook.duration(to: now), Self.maximumStep)
    lastLook = now
    return remaining <= .zero
  }
}
