/// Every way a GitHub request can fail, as the features show it.
///
/// Each case has a stable ``code`` for NDJSON `error` records, a ``message`` that reads like
/// a person wrote it, the ``details`` scripts can act on, and a ``category`` that decides the
/// exit status. Wait times are whole seconds computed when the response arrived, from the
/// injected clock, so replays print the same text.
public enum GitHubError: Error, Sendable, Equatable, Hashable {
  /// The request never got an HTTP answer (no network, connection refused, DNS, TLS).
  case transport(String)
  /// No answer within the timeout of `seconds` (nil when the client does not know it).
  case timeout(seconds: Int?)
  /// The request was cancelled (for example by a newer query).
  case cancelled
  /// 401: the token is wrong or expired, or (`authenticated` false) the request had none and
  /// needs one.
  case unauthorized(String, authenticated: Bool = true)
  /// 403/429 with `x-ratelimit-remaining: 0`: the primary rate limit, with the budget GitHub
  /// sent.
  case rateLimited(resetsIn: Int?, authenticated: Bool, budget: RateLimit? = nil)
  /// 403/429 with `Retry-After`, or GitHub's secondary-limit message.
  case secondaryRateLimited(retryAfter: Int?, budget: RateLimit? = nil)
  /// 403 for another reason.
  case forbidden(String)
  /// 404.
  case notFound(String)
  /// 422: GitHub rejected the request, with its message.
  case validationFailed(String)
  /// 414, or a query checked before sending: longer than GitHub accepts.
  case tooLong(length: Int?, limit: Int?)
  /// The token would have gone over plain `http://` to a host that is not loopback.
  case insecureToken(host: String)
  /// 5xx.
  case server(status: Int, message: String?)
  /// Any other unexpected status.
  case http(status: Int, message: String?)
  /// A success status whose body is not the JSON expected.
  case invalidResponse(String)
  /// The response body is larger than the client accepts.
  case responseTooLarge(limit: Int)

  /// A stable identifier for scripts.
  package var code: String {
    switch self {
    case .transport: "offline"
    case .timeout: "timeout"
    case .cancelled: "cancelled"
    case .unauthorized: "unauthorized"
    case .rateLimited: "rate-limited"
    case .secondaryRateLimited: "secondary-rate-limited"
    case .forbidden: "forbidden"
    case .notFound: "not-found"
    case .validationFailed: "validation-failed"
    case .tooLong: "too-long"
    case .insecureToken: "insecure-token"
    case .server: "server-error"
    case .http: "http-error"
    case .invalidResponse: "invalid-response"
    case .responseTooLarge: "response-too-large"
    }
  }

  /// One or two sentences for the user.
  package var message: String {
    switch self {
    case .transport(let detail): return "Could not reach GitHub: \(clause(detail))."
    case .timeout(let seconds):
      let limit = seconds.map { "within \($0) s" } ?? "in time"
      return "GitHub did not answer \(limit); try again, or allow longer with --timeout."
    case .cancelled: return "The request was cancelled."
    case .unauthorized(let detail, let authenticated):
      guard authenticated else {
        return "GitHub requires a token for this (\(clause(detail))). Set GH_TOKEN or GITHUB_TOKEN."
      }
      return "GitHub rejected the token (\(clause(detail))). Check GH_TOKEN or GITHUB_TOKEN."
    case .rateLimited(let resetsIn, let authenticated, _):
      let wait = resetsIn.map { "resets in \($0) s" } ?? "try again in a minute"
      return "GitHub rate limit reached; \(wait)."
        + (authenticated ? "" : " Set GH_TOKEN for a higher limit.")
    case .secondaryRateLimited(let retryAfter, _):
      let wait = retryAfter.map { "\($0) s" } ?? "a minute"
      return "GitHub secondary rate limit reached; retry in \(wait)."
    case .forbidden(let detail): return "GitHub refused the request: \(clause(detail))."
    case .notFound(let detail): return "Not found on GitHub: \(clause(detail))."
    case .validationFailed(let detail): return "GitHub rejected the query: \(clause(detail))."
    case .tooLong(let length, let limit):
      if let length, let limit {
        return "The query is too long for GitHub: \(length) characters of text, at most \(limit) "
          + "(qualifiers such as language:go do not count). Shorten it."
      }
      return "GitHub refused the request as too long (HTTP 414). Shorten the query."
    case .insecureToken(let host):
      return "Refusing to send the token over plain http:// to \(host): use https://, "
        + "or unset GH_TOKEN and GITHUB_TOKEN for this server (only loopback addresses get it over http)."
    case .server(let status, let detail):
      return "GitHub had a server error (HTTP \(status))" + (detail.map { ": \(clause($0))." } ?? "; try again later.")
    case .http(let status, let detail):
      return "GitHub answered HTTP \(status)" + (detail.map { ": \(clause($0))." } ?? ".")
    case .invalidResponse(let detail):
      return "GitHub sent a response that is not the expected JSON (\(clause(detail)))."
    case .responseTooLarge(let limit):
      return "GitHub's response was larger than \(limit / 1_000_000) MB and was refused."
    }
  }

  /// A detail without its closing full stop, so a message never ends in "..".
  private func clause(_ text: String) -> String {
    var text = Substring(text)
    while let last = text.last, last == "." || last.isWhitespace { text.removeLast() }
    return String(text)
  }

  /// Any error as a GitHubError: itself, `.cancelled` for cancellation, what a
  /// ``GitHubErrorConvertible`` says it stands for, and `.transport` with its description
  /// otherwise.
  ///
  /// The one mapping of errors: the live client maps its transport's failures through it, and
  /// the features map whatever their client threw.
  package static func from(_ error: any Error) -> GitHubError {
    switch error {
    case let error as GitHubError: error
    case is CancellationError: .cancelled
    case let error as any GitHubErrorConvertible: error.gitHubError
    default: .transport(String(describing: error))
    }
  }
}
