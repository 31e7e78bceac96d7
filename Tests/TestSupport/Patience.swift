import Foundation

/// A timeout that counts only the time its waiter was able to look, the rule of ReactorTesting's
/// `PatientDeadline` for waits in the test-support module (which does not depend on it).
///
/// On a loaded machine the waiter, and whatever it waits for, can stall for many seconds; each
/// gap between two looks counts at most ``maximumStep``, so such a stall is not charged to the
/// event, and a real hang still runs the budget out after about `timeout` of looking.
public struct Patience {
  public static let maximumStep: Duration = .milliseconds(100)

  private var remaining: Duration
  private var lastLook = ContinuousClock.now

  public init(_ timeout: Duration) { remaining = timeout }

  /// Charges the time since the last look (at most ``maximumStep``); true once it is spent.
  public mutating func expired() -> Bool {
    let now = ContinuousClock.now
    remaining -= min(lastLook.duration(to: now), Self.maximumStep)
    lastLook = now
    return remaining <= .zero
  }
}
