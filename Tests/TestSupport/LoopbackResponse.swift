public import Foundation

/// What a ``LoopbackServer`` handler answers: status, headers in order, body and an optional delay.
///
/// For fault tests a response may also carry a ``LoopbackFault`` (reset or stall part-way) and a
/// generated ``LoopbackStream`` body (large bodies without holding them in memory).
///
/// The server computes `Content-Length` itself and ignores any `Content-Length` or
/// `Transfer-Encoding` given here; a `Connection: close` header here closes the connection after
/// the response. `delay` is waited before anything is sent (cut short if the server stops).
public struct LoopbackResponse: Sendable {
  public var status: Int
  public var headers: [(String, String)]
  public var body: Data
  /// How long to wait before sending the status line and headers.
  public var delay: Duration = .zero
  /// A misbehaviour of the connection (reset, stall), for fault tests; nil normally.
  public var fault: LoopbackFault?
  /// A body generated while it is sent, used instead of `body` when set.
  public var stream: LoopbackStream?

  public init(
    status: Int, headers: [(String, String)] = [], body: Data = Data(), delay: Duration = .zero,
    fault: LoopbackFault? = nil, stream: LoopbackStream? = nil
  ) {
    self.status = status
    self.headers = headers
    self.body = body
    self.delay = delay
    self.fault = fault
    self.stream = stream
  }

  /// A response whose body is `text` (UTF-8) with `Content-Type: application/json; charset=utf-8`,
  /// unless `headers` already name a content type.
  public static func json(_ status: Int, _ text: String, headers: [(String, String)] = [])
    -> LoopbackResponse
  {
    var all = headers
    if !headers.contains(where: { $0.0.lowercased() == "content-type" }) {
      all.insert(("Content-Type", "application/json; charset=utf-8"), at: 0)
    }
    return LoopbackResponse(status: status, headers: all, body: Data(text.utf8))
  }

  /// Builds a response from a recorded exchange: its status, body and headers in recorded order.
  ///
  /// Drops `content-length`, `transfer-encoding`, `content-encoding`, `connection` and `status`
  /// (the body is stored decoded, and framing is the server's job). Rewrites absolute URLs in the
  /// `Link` header from `https://api.github.com` to `baseURL` so paging stays on the loopback
  /// server. Header names are matched case-insensitively and keep their recorded case.
  public static func recorded(_ exchange: RecordedExchange, baseURL: String) -> LoopbackResponse {
    let base = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
    let dropped: Set = [
      "content-length", "transfer-encoding", "content-encoding", "connection", "status",
    ]
    let headers = exchange.responseHeaders.compactMap { header -> (String, String)? in
      let lower = header.name.lowercased()
      if dropped.contains(lower) { return nil }
      guard lower == "link" else { return (header.name, header.value) }
      return (
        header.name, header.value.replacingOccurrences(of: "https://api.github.com", with: base)
      )
    }
    return LoopbackResponse(status: exchange.status, headers: headers, body: exchange.body)
  }

  /// Whether the handler asked for the connection to be closed after this response.
  var closesConnection: Bool {
    headers.contains { $0.0.lowercased() == "connection" && $0.1.lowercased().contains("close") }
  }

  /// The bytes on the wire: status line, headers, a correct Content-Length, then the body.
  ///
  /// 1xx, 204 and 304 responses carry neither body nor Content-Length; `omitBody` (for HEAD)
  /// keeps the Content-Length of the body it leaves out.
  func serialized(omitBody: Bool, close: Bool) -> [UInt8] {
    let bodyless = status < 200 || status == 204 || status == 304
    var bytes = head(bodyless ? .none : .length(body.count), close: close)
    if !bodyless && !omitBody { bytes.append(contentsOf: body) }
    return bytes
  }

  /// How the head announces the end of the body.
  enum BodyFraming {
    case none
    case length(Int)
    case chunked
    case untilClose
  }

  /// The status line and headers, ending with the blank line.
  ///
  /// `.untilClose` adds `Connection: close` even when `close` is false.
  func head(_ framing: BodyFraming, close: Bool) -> [UInt8] {
    var head = "HTTP/1.1 \(status) \(Self.reasonPhrase(status))\r\n"
    for (name, value) in headers {
      switch name.lowercased() {
      case "content-length", "transfer-encoding", "connection": continue
      default: head += "\(Self.clean(name)): \(Self.clean(value))\r\n"
      }
    }
    var closing = close
    switch framing {
    case .none: break
    case .length(let count): head += "Content-Length: \(count)\r\n"
    case .chunked: head += "Transfer-Encoding: chunked\r\n"
    case .untilClose: closing = true
    }
    if closing { head += "Connection: close\r\n" }
    head += "\r\n"
    return Array(head.utf8)
  }

  /// Replaces CR and LF so a header can never split the message.
  private static func clean(_ text: String) -> String {
    text.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\r\n" })
      ? text.replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " ")
      : text
  }

  static func reasonPhrase(_ status: Int) -> String {
    switch status {
    case 100: "Continue"
    case 200: "OK"
    case 201: "Created"
    case 202: "Accepted"
    case 204: "No Content"
    case 301: "Moved Permanently"
    case 302: "Found"
    case 304: "Not Modified"
    case 400: "Bad Request"
    case 401: "Unauthorized"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 409: "Conflict"
    case 422: "Unprocessable Entity"
    case 429: "Too Many Requests"
    case 500: "Internal Server Error"
    case 502: "Bad Gateway"
    case 503: "Service Unavailable"
    default: "Status \(status)"
    }
  }
}
