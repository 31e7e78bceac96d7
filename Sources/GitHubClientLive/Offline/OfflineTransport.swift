package import FoundationEssentials
import GitHubClient
import ReactorCore
import ReactorJSON

/// Serves the built-in sample through the ordinary transport interface, so `--offline` runs the
/// same client code, paging and error mapping as the live API.
///
/// Answers `GET /search/repositories` (GitHub-style matching, 30 per page by default, `Link`
/// headers, the 1,000-result cap, 422 for an empty query), `GET /users/{login}` (a set of
/// taken logins) and `GET /events` (three pages, times relative to the injected clock, ETags
/// with 304). Everything else is a 404, as on GitHub.
package struct OfflineTransport: HTTPTransport {
  private let now: @Sendable () -> Date

  /// The samples are decoded on first use (each a `static let`, initialized once): decoding
  /// them is most of an `--offline` start, and a session that only searches never needs the
  /// events.
  private var repositories: [IndexedRepository] { IndexedRepository.all }
  private var events: [SampleEvent] { SampleEvent.all }

  package init(now: @escaping @Sendable () -> Date = { Date() }) {
    self.now = now
  }

  package func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    try Task.checkCancellation()
    guard request.method == "GET" else { return Self.json(405, #"{"message":"Method Not Allowed"}"#) }
    let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)
    let path = components?.path ?? request.url.path
    let query = components?.queryItems ?? []
    func parameter(_ name: String) -> String? { query.last { $0.name == name }?.value }
    if path.hasSuffix("/search/repositories") {
      return search(
        parameter("q") ?? "", page: parameter("page"), perPage: parameter("per_page"),
        order: SampleOrder(sort: parameter("sort"), order: parameter("order")), request: request)
    }
    if let range = path.firstRange(of: "/users/"), !path[range.upperBound...].contains("/") {
      let login = Self.removingPercentEncoding(path[range.upperBound...]) ?? ""
      return SampleUsers.takenLogins.contains(login.lowercased())
        ? Self.json(200, "{\"login\":\(Self.quote(login))}")
        : Self.json(404, #"{"message":"Not Found","documentation_url":"https://docs.github.com/rest"}"#)
    }
    if path.hasSuffix("/events") {
      return eventsPage(page: parameter("page"), perPage: parameter("per_page"), request: request)
    }
    return Self.json(404, #"{"message":"Not Found"}"#)
  }

  // MARK: - Routes

  private func search(
    _ text: String, page: String?, perPage: String?, order: SampleOrder, request: HTTPRequest
  ) -> HTTPResponse {
    guard !text.trimmingBlanks.isEmpty else {
      return Self.json(
        422, #"{"message":"Validation Failed","errors":[{"resource":"Search","field":"q","code":"missing"}]}"#)
    }
    guard let (page, perPage) = Self.paging(page, perPage) else {
      return Self.json(422, #"{"message":"Validation Failed: page and per_page must be positive numbers"}"#)
    }
    guard page <= 1000, (page - 1) * perPage < 1000 else {
      return Self.json(422, #"{"message":"Only the first 1000 search results are available"}"#)
    }
    let query = SampleQuery(text)
    let matches = repositories.filter(query.matches).sorted(by: order.precedes)
    let reachable = min(matches.count, 1000)
    let start = min((page - 1) * perPage, reachable)
    let slice = matches[start..<min(start + perPage, reachable)]
    let items = slice.map(\.json).joined(separator: ",")
    let body = "{\"total_count\":\(matches.count),\"incomplete_results\":false,\"items\":[\(items)]}"
    let lastPage = max(1, (reachable + perPage - 1) / perPage)
    return Self.json(200, body, headers: Self.links(request.url, page: page, lastPage: lastPage))
  }

  private func eventsPage(page: String?, perPage: String?, request: HTTPRequest) -> HTTPResponse {
    guard let (page, perPage) = Self.paging(page, perPage) else {
      return Self.json(422, #"{"message":"Validation Failed"}"#)
    }
    let etag = "W/\"sample-\(page)-\(perPage)\""
    if request.header("If-None-Match") == etag { return HTTPResponse(status: 304, headers: [HTTPHeader("ETag", etag)]) }
    let start = page > 1000 ? events.count : min((page - 1) * perPage, events.count)
    let slice = events[start..<min(start + perPage, events.count)]
    let now = now().timeIntervalSince1970
    let body = "[" + slice.map { $0.json(now: now) }.joined(separator: ",") + "]"
    let lastPage = max(1, (events.count + perPage - 1) / perPage)
    return Self.json(
      200, body, headers: Self.links(request.url, page: page, lastPage: lastPage) + [HTTPHeader("ETag", etag)])
  }

  // MARK: - Helpers

  private static func paging(_ page: String?, _ perPage: String?) -> (Int, Int)? {
    guard let page = Int(page ?? "1"), let perPage = Int(perPage ?? "30"), page >= 1, perPage >= 1 else { return nil }
    return (page, min(perPage, 100))
  }

  /// GitHub's `Link` header for `page` of `lastPage`, built from the request's own URL.
  private static func links(_ url: URL, page: Int, lastPage: Int) -> [HTTPHeader] {
    func link(_ target: Int, _ rel: String) -> String {
      var components = URLComponents(url: url, resolvingAgainstBaseURL: false)!
      var items = (components.percentEncodedQueryItems ?? []).filter { $0.name != "page" }
      items.append(URLQueryItem(name: "page", value: String(target)))
      components.percentEncodedQueryItems = items
      return "<\(components.url!.absoluteString)>; rel=\"\(rel)\""
    }
    var parts: [String] = []
    if page < lastPage { parts += [link(page + 1, "next"), link(lastPage, "last")] }
    if page > 1 { parts += [link(1, "first"), link(page - 1, "prev")] }
    return parts.isEmpty ? [] : [HTTPHeader("Link", parts.joined(separator: ", "))]
  }

  private static func json(_ status: Int, _ body: String, headers: [HTTPHeader] = []) -> HTTPResponse {
    HTTPResponse(
      status: status, headers: [HTTPHeader("Content-Type", "application/json; charset=utf-8")] + headers,
      body: Data(body.utf8))
  }

  static func quote(_ text: String) -> String {
    var out = ""
    JSONValue.writeString(text, to: &out)
    return out
  }

  /// `text` with its `%XX` escapes decoded, as Foundation's `removingPercentEncoding`: nil when
  /// an escape is not two hexadecimal digits or the result is not UTF-8.
  package static func removingPercentEncoding(_ text: some StringProtocol) -> String? {
    var bytes: [UInt8] = []
    var iterator = text.utf8.makeIterator()
    func hex(_ byte: UInt8?) -> UInt8? {
      switch byte {
      case let byte? where (0x30...0x39).contains(byte): byte - 0x30
      case let byte? where (0x41...0x46).contains(byte): byte - 0x41 + 10
      case let byte? where (0x61...0x66).contains(byte): byte - 0x61 + 10
      default: nil
      }
    }
    while let byte = iterator.next() {
      guard byte == UInt8(ascii: "%") else {
        bytes.append(byte)
        continue
      }
      guard let high = hex(iterator.next()), let low = hex(iterator.next()) else { return nil }
      bytes.append(high << 4 | low)
    }
    return String(validating: bytes, as: UTF8.self)
  }
}
