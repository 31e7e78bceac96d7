/// One resource's rate-limit budget, as GitHub's `X-RateLimit-*` headers state it.
///
/// GitHub counts separate budgets per resource: `core` for most of the API, `search` for the
/// search API (10 requests a minute without a token, 30 with one).
public struct RateLimit: Sendable, Equatable, Hashable {
  /// `X-RateLimit-Resource`: `core`, `search`, `graphql`, ...
  package var resource: String
  /// `X-RateLimit-Limit`: requests allowed in the window.
  package var limit: Int
  /// `X-RateLimit-Remaining`: requests left in the window.
  package var remaining: Int
  /// `X-RateLimit-Used`: requests made in the window, when GitHub says.
  package var used: Int?
  /// `X-RateLimit-Reset`: when the window resets, in seconds since 1970 (UTC).
  package var reset: Int

  package init(resource: String, limit: Int, remaining: Int, used: Int? = nil, reset: Int) {
    self.resource = resource
    self.limit = limit
    self.remaining = remaining
    self.used = used
    self.reset = reset
  }

  /// Less than a tenth of the budget is left: the point where text mode warns.
  package var isLow: Bool { limit > 0 && remaining * 10 < limit }

  /// Whole seconds from `now` (seconds since 1970) until the reset, never negative.
  package func resetsIn(now: Double) -> Int {
    let seconds = (Double(reset) - now).rounded(.up)
    guard seconds.isFinite, seconds > 0 else { return 0 }
    return seconds < 1e9 ? Int(seconds) : 1_000_000_000
  }

  /// The reset time as ISO 8601 in UTC (`2026-11-21T09:00:00Z`).
  package var resetAt: String { ISO8601UTC.string(fromEpochSeconds: reset) }
}
