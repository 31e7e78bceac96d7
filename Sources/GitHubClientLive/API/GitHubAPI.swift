import FoundationEssentials
package import GitHubClient

/// Builds GitHub requests and maps responses to models or ``GitHubError``.
///
/// Pure functions of their inputs, so decoding, paging and error mapping are tested against
/// recorded responses without a network.
package struct GitHubAPI: Sendable {
  package let configuration: GitHubConfiguration

  package init(configuration: GitHubConfiguration) { self.configuration = configuration }

  // MARK: - Requests

  /// A GET request for `path` (starting with `/`) with query parameters in the given order.
  package func request(
    _ path: String, query: [(String, String)] = [], headers extra: [HTTPHeader] = []
  ) -> HTTPRequest {
    var base = configuration.baseURL.absoluteString
    while base.hasSuffix("/") { base.removeLast() }
    var text = base + path
    if !query.isEmpty {
      text += "?" + query.map { Self.percentEncode($0.0) + "=" + Self.percentEncode($0.1) }.joined(separator: "&")
    }
    var headers = [
      HTTPHeader("Accept", "application/vnd.github+json"),
      HTTPHeader("User-Agent", configuration.userAgent),
      HTTPHeader("X-GitHub-Api-Version", "2022-11-28"),
    ]
    if let token = configuration.token { headers.append(HTTPHeader("Authorization", "Bearer \(token.revealed)")) }
    headers += extra
    return HTTPRequest(method: "GET", url: URL(string: text)!, headers: headers)
  }

  /// `GET /search/repositories`.
  package func searchRepositories(query: String, page: Int, perPage: Int) -> HTTPRequest {
    search(RepositorySearch(query: query, page: page, perPage: perPage))
  }

  /// `GET /search/repositories` with `sort` and `order` (neither for best match, GitHub's
  /// default, so best-match requests are the same as before sorting existed).
  package func search(_ search: RepositorySearch) -> HTTPRequest {
    var query = [("q", search.query)]
    if let sort = search.sort.parameter { query += [("sort", sort), ("order", search.order.rawValue)] }
    query += [("page", String(search.page)), ("per_page", String(search.perPage))]
    return request("/search/repositories", query: query)
  }

  /// `GET /users/{login}`.
  package func user(_ login: String) -> HTTPRequest {
    request("/users/" + Self.percentEncode(login))
  }

  /// `GET /events`, conditional on `etag`.
  package func events(page: Int, perPage: Int, etag: String?) -> HTTPRequest {
    request(
      "/events", query: [("page", String(page)), ("per_page", String(perPage))],
      headers: etag.map { [HTTPHeader("If-None-Match", $0)] } ?? [])
  }

  /// Percent-encodes everything but RFC 3986's unreserved characters, so `+`, `&`, `:`, `>`,
  /// `=` and spaces in a query survive (the space as `%20`).
  package static func percentEncode(_ text: String) -> String {
    func unreserved(_ byte: UInt8) -> Bool {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "~"):
        true
      default: false
      }
    }
    // Page numbers and most words need no escape.
    if text.utf8.allSatisfy(unreserved) { return text }
    var out = ""
    for byte in text.utf8 {
      if unreserved(byte) {
        out.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        out += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 15, radix: 16, uppercase: true)
      }
    }
    return out
  }

  // MARK: - Responses

  /// Decodes a search page, or throws the error the response stands for.
  package func searchPage(_ response: HTTPResponse, page: Int, perPage: Int) throws(GitHubError) -> Page<Repository> {
    try checkStatus(response, path: "/search/repositories")
    let decoded: SearchPageDecoder.Result
    do {
      decoded = try SearchPageDecoder.decode(response.body)
    } catch {
      throw .invalidResponse(error.message)
    }
    var next = LinkHeader.nextPage(response.header("Link"))
    // The page number came from a Link header: multiply without trapping.
    let (reached, overflow) = page.multipliedReportingOverflow(by: perPage)
    if overflow || reached >= gitHubSearchResultCap { next = nil }
    return Page(
      items: decoded.items, page: page, nextPage: next, totalCount: decoded.totalCount,
      incompleteResults: decoded.incompleteResults)
  }

  /// 200 means the login exists, 404 that it does not; anything else throws.
  package func userExists(_ response: HTTPResponse) throws(GitHubError) -> Bool {
    if response.status == 404 { return false }
    try checkStatus(response)
    let _: UserWire = try decode(response.body)
    return true
  }

  /// Decodes a page of events, or `.notModified` for a 304.
  package func eventsResult(_ response: HTTPResponse, page: Int) throws(GitHubError) -> EventsResult {
    if response.status == 304 { return .notModified }
    try checkStatus(response)
    let wire: [EventWire] = try decode(response.body)
    let page = Page(items: wire.map(\.model), page: page, nextPage: LinkHeader.nextPage(response.header("Link")))
    return .page(page, etag: response.header("ETag"))
  }

  private func decode<T: Decodable>(_ body: Data) throws(GitHubError) -> T {
    do {
      return try JSONDecoder().decode(T.self, from: body)
    } catch let error as DecodingError {
      throw .invalidResponse(Self.describe(error))
    } catch {
      throw .invalidResponse("unreadable body")
    }
  }

  static func describe(_ error: DecodingError) -> String {
    switch error {
    case .dataCorrupted(let context) where context.codingPath.isEmpty: return "not valid JSON"
    case .keyNotFound(let key, _): return "missing field '\(key.stringValue)'"
    case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
      return "unexpected value at '\(context.codingPath.map(\.stringValue).joined(separator: "."))'"
    @unknown default: return "undecodable"
    }
  }
}
