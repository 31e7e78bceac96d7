import GitHubClient
import ReactorCore
import Rendering

/// Wraps a session's client: warns once per resource when its rate-limit budget runs low
/// (text mode), and with `--wait-on-rate-limit` waits out a rate limit and retries once.
///
/// Every request the client makes is a GET, which is idempotent; a client call that is not
/// must not be wrapped with ``retrying(_:)``.
final class RateLimitGuard: Sendable {
  private let client: GitHubClient
  private let records: Records
  private let sink: any OutputSink
  private let time: TimeSource
  private let maxWait: Duration?
  private let countdown: (@Sendable (Int) -> Void)?
  /// The resources warned about in their current window.
  private let warned = Locked<Set<String>>([])

  init(client: GitHubClient, configuration: Session.Configuration, records: Records) {
    self.client = client
    self.records = records
    sink = configuration.sink
    time = configuration.time
    maxWait = configuration.rateLimitWait
    countdown = configuration.rateLimitCountdown
  }

  /// The client with every call guarded.
  var guardedClient: GitHubClient {
    let client = client
    return GitHubClient(
      searchRepositories: { query, page, perPage in
        try await self.retrying { try await client.searchRepositories(query, page, perPage) }
      },
      search: { request in try await self.retrying { try await client.search(request) } },
      userExists: { login in try await self.retrying { try await client.userExists(login) } },
      events: { page, perPage, etag in try await self.retrying { try await client.events(page, perPage, etag) } },
      rateLimits: client.rateLimits)
  }

  /// Runs `call`; after a rate limit that `--wait-on-rate-limit` allows waiting for, waits on
  /// the session's clock (cancellable: Ctrl-C, `cancel`) and runs it once more.
  func retrying<T>(_ call: () async throws -> T) async throws -> T {
    do {
      defer { warnIfLow() }
      return try await call()
    } catch let error as GitHubError {
      guard let seconds = waitSeconds(for: error) else { throw error }
      let resource = error.budget?.resource ?? "secondary"
      notice("rate limited (\(resource)); waiting \(seconds) s, then retrying once (Ctrl-C or 'cancel' stops)")
      do {
        try await wait(seconds)
      } catch {
        countdown?(0)
        notice("rate-limit wait cancelled")
        throw GitHubError.cancelled
      }
      notice("retrying after the rate-limit wait")
      defer { warnIfLow() }
      return try await call()
    }
  }

  /// Sleeps `seconds` on the session's clock: in one step, or a second at a time under a
  /// terminal's countdown.
  private func wait(_ seconds: Int) async throws {
    guard let countdown else { return try await time.sleep(for: .seconds(seconds)) }
    for left in stride(from: seconds, to: 0, by: -1) {
      countdown(left)
      try await time.sleep(for: .seconds(1))
    }
    countdown(0)
  }

  /// How long to wait before retrying after `error`; nil when it is not a rate limit, waiting
  /// is off, or the wait is longer than allowed.
  func waitSeconds(for error: GitHubError) -> Int? {
    guard let maxWait, error.category == .rateLimit else { return nil }
    let wait: Int
    switch error {
    case .secondaryRateLimited(let retryAfter, _): wait = retryAfter ?? 60
    case .rateLimited(let resetsIn?, _, _): wait = resetsIn
    default: return nil
    }
    return .seconds(wait) <= maxWait ? wait : nil
  }

  /// Warns once per resource and window when less than a tenth of its budget is left, but
  /// not about a budget already used up: the rate-limit error says so.
  private func warnIfLow() {
    guard records.options.mode == .text else { return }
    let low = client.rateLimits().filter { $0.isLow && $0.remaining > 0 }
    let fresh = warned.withLock { warned -> [RateLimit] in
      let lowNames = Set(low.map(\.resource))
      warned.formIntersection(lowNames)
      let fresh = low.filter { !warned.contains($0.resource) }
      warned.formUnion(fresh.map(\.resource))
      return fresh
    }
    for budget in fresh {
      let wait = budget.resetsIn(now: time.now())
      sink.write([
        OutputLine(
          .err,
          "warning: GitHub's \(budget.resource) rate limit is nearly used up: \(budget.remaining) of "
            + "\(budget.limit) requests left, resets in \(wait) s ('limits' shows the budget)")
      ])
    }
  }

  private func notice(_ message: String) {
    sink.write([records.info(message, feature: "rateLimit").tagged(RequestTag.current)])
  }
}
