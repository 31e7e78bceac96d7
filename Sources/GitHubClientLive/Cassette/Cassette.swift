package import FoundationEssentials

/// Recorded HTTP exchanges, as a JSON file that diffs well: pretty-printed, keys sorted, one
/// exchange per array element, bodies as text (or base64 when not UTF-8).
///
/// Secrets never reach it: `Authorization`, `Cookie` and `Set-Cookie` headers are not kept,
/// and token-like query parameters are replaced with `REDACTED` before anything is stored.
package struct Cassette: Codable, Sendable, Equatable {
  package var version = 1
  package var exchanges: [Exchange]

  package init(exchanges: [Exchange] = []) { self.exchanges = exchanges }

  /// One request and its response.
  package struct Exchange: Codable, Sendable, Equatable {
    package var method: String
    /// The path and query, with tokens redacted (the host is not kept: replays may use any).
    package var path: String
    package var requestHeaders: [String: String]
    package var status: Int
    package var responseHeaders: [String: String]
    package var body: String?
    package var bodyBase64: String?
    /// How long the answer took when it was recorded, in milliseconds.
    package var latencyMs: Int
    /// A transport failure instead of a response: `unreachable: <detail>` or `timeout`.
    package var error: String?

    /// A request that got no HTTP answer.
    package init(request: HTTPRequest, failure: HTTPTransportError, latencyMs: Int) {
      self.init(request: request, response: HTTPResponse(status: 0), latencyMs: latencyMs)
      body = nil
      switch failure {
      case .unreachable(let detail): error = "unreachable: \(detail)"
      case .timedOut: error = "timeout"
      case .bodyTooLarge(let limit): error = "too-large: \(limit)"
      }
    }

    /// A request cancelled before it was answered (a newer query, say), after `latencyMs`.
    package init(request: HTTPRequest, cancelledAfter latencyMs: Int) {
      self.init(request: request, response: HTTPResponse(status: 0), latencyMs: latencyMs)
      body = nil
      error = "cancelled"
    }

    /// True when the request was cancelled while it was recorded.
    package var wasCancelled: Bool { error == "cancelled" }

    /// The transport failure this exchange stands for, if it is one.
    package var failure: HTTPTransportError? {
      guard let error, error != "cancelled" else { return nil }
      if error == "timeout" { return .timedOut }
      if error.hasPrefix("too-large: "), let limit = Int(error.dropFirst(11)) { return .bodyTooLarge(limit: limit) }
      return .unreachable(error.hasPrefix("unreachable: ") ? String(error.dropFirst(13)) : error)
    }

    package init(request: HTTPRequest, response: HTTPResponse, latencyMs: Int) {
      method = request.method
      path = Cassette.redactedPath(request.url)
      requestHeaders = Dictionary(
        request.headers.filter { Cassette.keptRequestHeaders.contains($0.name.lowercased()) }.map {
          ($0.name, $0.value)
        },
        uniquingKeysWith: { first, _ in first })
      status = response.status
      responseHeaders = Dictionary(
        response.headers.filter { !Cassette.droppedResponseHeaders.contains($0.name.lowercased()) }.map {
          ($0.name, $0.value)
        },
        uniquingKeysWith: { first, _ in first })
      if let text = String(data: response.body, encoding: .utf8) {
        body = text
      } else {
        bodyBase64 = response.body.base64EncodedString()
      }
      self.latencyMs = max(0, latencyMs)
    }

    /// The response as a transport returns it.
    package var response: HTTPResponse {
      let data = body.map { Data($0.utf8) } ?? bodyBase64.flatMap { Data(base64Encoded: $0) } ?? Data()
      let headers = responseHeaders.sorted { $0.key < $1.key }.map { HTTPHeader($0.key, $0.value) }
      return HTTPResponse(status: status, headers: headers, body: data)
    }
  }

  /// Request headers worth keeping: those that change GitHub's answer. Never credentials.
  static let keptRequestHeaders: Set<String> = ["accept", "x-github-api-version", "if-none-match"]
  /// Response headers not worth keeping, or secret.
  static let droppedResponseHeaders: Set<String> = [
    "set-cookie", "content-length", "transfer-encoding", "content-encoding", "connection", "date", "server",
    "x-github-request-id", "strict-transport-security", "content-security-policy", "vary",
  ]
  /// Query parameters that may carry credentials.
  static let secretParameters: Set<String> = ["access_token", "token", "client_secret", "client_id", "code"]

  /// `/path?query` of a URL, with credential-like parameters replaced by `REDACTED`.
  ///
  /// On every request of a replay: a URL with no parameter to redact is read as it is, without
  /// parsing it again into `URLComponents` (a tenth of a replayed search's cost).
  package static func redactedPath(_ url: URL) -> String {
    let query = url.query(percentEncoded: true)
    if !(query.map(hasSecretParameter) ?? false) {
      return url.path(percentEncoded: true) + (query.map { "?" + $0 } ?? "")
    }
    return redactedPathComponents(url)
  }

  /// Whether one of a query's parameter names (as written, `&`-separated, up to any `=`) is
  /// one of ``secretParameters`` in any case.
  ///
  /// On the bytes, without a `String` per name: a query in a URL is ASCII (anything else is
  /// percent-encoded), so ASCII case folding is `lowercased()` here, and every replayed request
  /// asks.
  static func hasSecretParameter(_ query: String) -> Bool {
    var query = query
    return query.withUTF8 { bytes in
      var found = false
      ASCIIBytes.forEachQueryItem(bytes[...]) { name, _ in
        found = secretParameterBytes.contains { ASCIIBytes.equalsLowercased(name, $0) }
        return found
      }
      return found
    }
  }

  /// ``secretParameters``' UTF-8, for ``hasSecretParameter(_:)``.
  private static let secretParameterBytes: [[UInt8]] = secretParameters.map { Array($0.utf8) }

  /// The same through `URLComponents`, for URLs with a parameter to redact.
  static func redactedPathComponents(_ url: URL) -> String {
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url.path }
    if let items = components.percentEncodedQueryItems {
      components.percentEncodedQueryItems = items.map {
        secretParameters.contains($0.name.lowercased()) ? URLQueryItem(name: $0.name, value: "REDACTED") : $0
      }
    }
    let query = components.percentEncodedQuery.map { "?" + $0 } ?? ""
    return components.percentEncodedPath + query
  }

  // MARK: - Files

  package static func load(from url: URL) throws -> Cassette {
    guard let data = FileManager.default.contents(atPath: url.path) else {
      throw CassetteError.unreadable(url.path, "no such file, or it cannot be read")
    }
    do {
      return try JSONDecoder().decode(Cassette.self, from: data)
    } catch {
      throw CassetteError.unreadable(url.path, String(describing: error))
    }
  }

  package func write(to url: URL) throws {
    try encoded().write(to: url, options: .atomic)
  }

  /// The file's bytes: sorted, indented JSON and a final newline.
  package func encoded() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    var data = try encoder.encode(self)
    data.append(0x0A)
    return data
  }
}

/// Why a cassette could not be used.
package enum CassetteError: Error, Equatable, CustomStringConvertible {
  case unreadable(String, String)
  case noRecordedAnswer(method: String, path: String)

  package var description: String {
    switch self {
    case .unreadable(let path, let detail): "cannot read cassette \(path): \(detail)"
    case .noRecordedAnswer(let method, let path): "no recorded answer for \(method) \(path)"
    }
  }
}
