/// The seeds' `throttle(0.3, latest: true)` followed by `distinctUntilChanged()`, as a value a
/// live View drives with the times it is given: the first value goes at once, later ones at most
/// once per `interval`, the latest winning, and a value equal to the last one sent is dropped.
///
/// Hand-written rather than swift-async-algorithms' `throttle`: that operator's interval is fixed
/// when the sequence is made, and a search's interval widens as GitHub's budget falls; and a value
/// driven by the caller's times runs the same on a replay's virtual clock as on a terminal.
package struct Throttle<Value: Equatable & Sendable>: Sendable {
  /// The shortest time between two values sent; zero sends every distinct value at once.
  package var interval: Duration
  /// The last value sent, and when.
  package private(set) var lastSent: (value: Value, at: Duration)?
  /// The latest value offered while the interval had not passed.
  package private(set) var pending: Value?

  package init(interval: Duration) { self.interval = interval }

  /// When ``pending`` goes, if a value waits.
  package var deadline: Duration? {
    guard pending != nil, let lastSent else { return nil }
    return lastSent.at + interval
  }

  /// Offers `value` at `now`: returns it when it goes at once, nil when it waits (or is dropped).
  package mutating func offer(_ value: Value, at now: Duration) -> Value? {
    if let lastSent, lastSent.value == value {
      // Back to what was sent: whatever waited is stale.
      pending = nil
      return nil
    }
    if let lastSent, now < lastSent.at + interval {
      pending = value
      return nil
    }
    pending = nil
    lastSent = (value, now)
    return value
  }

  /// The value that waited, when its time has come at `now`.
  package mutating func tick(at now: Duration) -> Value? {
    guard let pending, let deadline, now >= deadline else { return nil }
    self.pending = nil
    lastSent = (pending, now)
    return pending
  }

  /// Forgets the value that waits (the View is leaving, or the value was sent another way).
  package mutating func drop() { pending = nil }

  /// Records `value` as sent at `now` by another way (the query a View opens with).
  package mutating func noteSent(_ value: Value, at now: Duration) {
    pending = nil
    lastSent = (value, now)
  }
}

/// How long a search waits so that GitHub's search budget lasts until its reset: the remaining
/// requests spread over the time left, never less than `base`; the whole wait to the reset when
/// nothing is left. Nil budget (offline, or not yet known): `base`.
package func budgetInterval(base: Duration, remaining: Int?, resetsIn seconds: Double?) -> Duration {
  guard let remaining, let seconds, seconds > 0 else { return base }
  let spread = remaining > 0 ? seconds / Double(remaining) : seconds
  return max(base, .milliseconds(Int((spread * 1000).rounded(.up))))
}
