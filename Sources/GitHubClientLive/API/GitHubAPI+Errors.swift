import FoundationEssentials
package import GitHubClient

extension GitHubAPI {
  /// Throws the ``GitHubError`` a non-success response stands for.
  ///
  /// Rate limits follow GitHub's documented rules: `x-ratelimit-remaining: 0` is the primary
  /// limit, waiting until `x-ratelimit-reset`; a `Retry-After` header, a 429, or a body that
  /// mentions the secondary rate limit is the secondary limit. `path` names the resource of a
  /// rate limit when GitHub does not.
  package func checkStatus(_ response: HTTPResponse, path: String? = nil) throws(GitHubError) {
    let status = response.status
    if (200..<300).contains(status) { return }
    let message = Self.message(in: response.body, hiding: configuration.token?.revealed)
    switch status {
    case 401: throw .unauthorized(message ?? "HTTP 401", authenticated: configuration.token != nil)
    case 403, 429:
      let budget = Self.rateLimit(in: response, path: path)
      if response.header("x-ratelimit-remaining") == "0" {
        throw .rateLimited(resetsIn: resetsIn(response), authenticated: configuration.token != nil, budget: budget)
      }
      if let retryAfter = response.header("Retry-After").flatMap({ Int($0.trimmingBlanks) }) {
        throw .secondaryRateLimited(retryAfter: max(0, retryAfter), budget: budget)
      }
      if status == 429 || (message?.lowercased().contains("rate limit") ?? false) {
        throw .secondaryRateLimited(retryAfter: nil, budget: budget)
      }
      throw .forbidden(message ?? "HTTP 403")
    case 404: throw .notFound(message ?? "HTTP 404")
    case 414: throw .tooLong(length: nil, limit: nil)
    case 422: throw .validationFailed(message ?? "Validation Failed")
    case 500..<600: throw .server(status: status, message: message)
    default: throw .http(status: status, message: message)
    }
  }

  private func resetsIn(_ response: HTTPResponse) -> Int? {
    guard let reset = response.header("x-ratelimit-reset").flatMap({ Double($0) }) else { return nil }
    // The header is the server's word: a huge or odd value must not trap the conversion.
    let seconds = (reset - configuration.now().timeIntervalSince1970).rounded(.up)
    guard seconds.isFinite, abs(seconds) < 1e9 else { return nil }
    return max(0, Int(seconds))
  }

  /// The budget a response's `X-RateLimit-*` headers state, if they state one. Without
  /// `X-RateLimit-Resource` (older servers), or with one that is not a name (letters, digits,
  /// `_` and `-`, as GitHub's are: it is printed, and must carry no control sequence), a
  /// search path counts against `search` and anything else against `core`.
  package static func rateLimit(in response: HTTPResponse, path: String? = nil) -> RateLimit? {
    func number(_ name: String) -> Int? {
      response.header(name).flatMap { Int($0.trimmingBlanks) }
    }
    guard let limit = number("x-ratelimit-limit"), let remaining = number("x-ratelimit-remaining"),
      let reset = number("x-ratelimit-reset")
    else { return nil }
    let named = response.header("x-ratelimit-resource")?.trimmingBlanks.lowercased()
    let resource =
      named.flatMap { isResourceName($0) ? $0 : nil } ?? ((path ?? "").hasPrefix("/search/") ? "search" : "core")
    return RateLimit(
      resource: resource, limit: limit, remaining: remaining, used: number("x-ratelimit-used"), reset: reset)
  }

  private static func isResourceName(_ text: String) -> Bool {
    !text.isEmpty && text.utf8.count <= 64
      && text.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x5F || $0 == 0x2D }
  }

  /// GitHub's `message`, with the messages of its `errors` array, from a JSON error body; nil
  /// for a body that is not JSON (an HTML error page, say). The token is never in it: a server
  /// (or a proxy) that echoes it back gets `<token>` printed instead.
  static func message(in body: Data, hiding token: String? = nil) -> String? {
    guard let wire = try? JSONDecoder().decode(ErrorWire.self, from: body) else { return nil }
    let details = (wire.errors ?? []).compactMap { error -> String? in
      if let message = error.message { return message }
      if let field = error.field, let code = error.code { return "\(field) \(code)" }
      return nil
    }
    let parts = [wire.message].compactMap { $0 } + details
    var text = parts.joined(separator: ": ")
    if let token, !token.isEmpty { text = text.replacing(token, with: "<token>") }
    return text.isEmpty ? nil : String(text.prefix(300))
  }
}

// MARK: - Transport failures

/// A transport's failure as the features show it; ``GitHubError/from(_:)`` maps it, with every
/// other error.
extension HTTPTransportError: GitHubErrorConvertible {
  package var gitHubError: GitHubError {
    switch self {
    case .timedOut: .timeout(seconds: nil)
    case .unreachable(let detail): .transport(detail)
    case .bodyTooLarge(let limit): .responseTooLarge(limit: limit)
    }
  }
}
