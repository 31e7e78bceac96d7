package import ReactorJSON

// What scripts and the exit status need beyond the code and the message.

extension GitHubError {
  /// What kind of failure this is; the exit status of a session is one switch over it.
  package enum Category: Sendable, Equatable {
    /// GitHub or the network failed: unreachable, timeout, 5xx, a bad or unexpected answer.
    case network
    /// GitHub refused the credentials (401, 403).
    case authentication
    /// A primary or secondary rate limit.
    case rateLimit
    /// GitHub refused what was asked (404, 422, too long).
    case request
    /// reactor's own configuration forbids the request (a token over plain http).
    case configuration
    /// Cancelled by the user or a newer request.
    case cancelled
  }

  package var category: Category {
    switch self {
    case .transport, .timeout, .server, .http, .invalidResponse, .responseTooLarge: .network
    case .unauthorized, .forbidden: .authentication
    case .rateLimited, .secondaryRateLimited: .rateLimit
    case .notFound, .validationFailed, .tooLong: .request
    case .insecureToken: .configuration
    case .cancelled: .cancelled
    }
  }

  /// The category of the failure whose ``code`` is `code`, for a caller that holds only an
  /// error record; nil for a code that is not a GitHub failure's.
  package static func category(ofCode code: String) -> Category? {
    switch code {
    case "offline", "timeout", "server-error", "http-error", "invalid-response", "response-too-large": .network
    case "unauthorized", "forbidden": .authentication
    case "rate-limited", "secondary-rate-limited": .rateLimit
    case "not-found", "validation-failed", "too-long": .request
    case "insecure-token": .configuration
    case "cancelled": .cancelled
    default: nil
    }
  }

  /// Seconds to wait before retrying, for a rate limit: `Retry-After`, or the time until the
  /// primary limit resets.
  package var retryAfter: Int? {
    switch self {
    case .rateLimited(let resetsIn, _, _): resetsIn
    case .secondaryRateLimited(let retryAfter, _): retryAfter
    default: nil
    }
  }

  /// The budget GitHub sent with a rate-limit error.
  package var budget: RateLimit? {
    switch self {
    case .rateLimited(_, _, let budget), .secondaryRateLimited(_, let budget): budget
    default: nil
    }
  }

  /// The machine-readable fields an `error` record carries beside `code` and `message`:
  /// `retryAfter` (seconds), `resetAt` (ISO 8601 UTC), `remaining`, `limit` and `resource`
  /// for rate limits, as far as GitHub said them; `timeoutSeconds`; `length` and `maxLength`.
  package var details: JSONObject {
    var object: JSONObject = [:]
    switch self {
    case .rateLimited, .secondaryRateLimited:
      if let retryAfter { object["retryAfter"] = .int(retryAfter) }
      if let budget {
        object["resetAt"] = .string(budget.resetAt)
        object["remaining"] = .int(budget.remaining)
        object["limit"] = .int(budget.limit)
        object["resource"] = .string(budget.resource)
      }
    case .timeout(let seconds?): object["timeoutSeconds"] = .int(seconds)
    case .tooLong(let length?, let limit?):
      object["length"] = .int(length)
      object["maxLength"] = .int(limit)
    default: break
    }
    return object
  }
}
