public import Foundation

/// One HTTP request as received by a ``LoopbackServer``.
///
/// `pathAndQuery` is the request target exactly as sent (still percent-encoded). Header names
/// are lower-cased; a header sent more than once is joined with ", ". `body` is the decoded
/// body (Content-Length or chunked), empty when there was none.
public struct LoopbackRequest: Sendable {
  public var method: String
  public var pathAndQuery: String
  public var headers: [String: String]
  public var body: Data

  public init(
    method: String, pathAndQuery: String, headers: [String: String] = [:], body: Data = Data()
  ) {
    self.method = method
    self.pathAndQuery = pathAndQuery
    self.headers = headers
    self.body = body
  }
}

/// Reads successive HTTP/1.1 requests from one connection, keeping bytes that arrive early.
///
/// ``next(sendContinue:)`` returns `.closed` at end of stream and `.malformed` for anything it
/// cannot parse (the connection should then get a 400 and be closed).
struct HTTPRequestReader {
  enum Outcome {
    case request(LoopbackRequest, keepAlive: Bool)
    case closed
    case malformed(String)
  }

  let fd: Int32
  private var buffer: [UInt8] = []
  private static let maxHeadBytes = 1 << 20

  init(fd: Int32) { self.fd = fd }

  /// Reads the next request; calls `sendContinue` first if the client sent `Expect: 100-continue`.
  mutating func next(sendContinue: () -> Void) -> Outcome {
    var searchFrom = 0
    var headEnd: Int?
    while headEnd == nil {
      headEnd = Self.find([13, 10, 13, 10], in: buffer, from: searchFrom)
      if headEnd != nil { break }
      if buffer.count > Self.maxHeadBytes { return .malformed("request head too large") }
      searchFrom = max(0, buffer.count - 3)
      guard let chunk = LoopbackSocket.receive(fd) else {
        return buffer.isEmpty ? .closed : .malformed("connection closed mid-request")
      }
      buffer += chunk
    }
    let head = String(decoding: buffer[0..<headEnd!], as: UTF8.self)
    buffer.removeFirst(headEnd! + 4)
    var lines = head.components(separatedBy: "\r\n")
    let requestLine = lines.removeFirst().split(separator: " ", omittingEmptySubsequences: true)
    guard requestLine.count == 3, requestLine[2].hasPrefix("HTTP/1.") else {
      return .malformed("bad request line")
    }
    var headers: [String: String] = [:]
    for line in lines {
      guard let colon = line.firstIndex(of: ":") else { return .malformed("bad header line") }
      let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
      let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      headers[name] = headers[name].map { "\($0), \(value)" } ?? value
    }
    if headers["expect"]?.lowercased() == "100-continue" { sendContinue() }
    let body: Data
    if headers["transfer-encoding"]?.lowercased().contains("chunked") == true {
      guard let decoded = readChunked() else { return .malformed("bad chunked body") }
      body = decoded
    } else if let length = headers["content-length"] {
      guard let count = Int(length), count >= 0, let bytes = read(count) else {
        return .malformed("bad or short Content-Length body")
      }
      body = Data(bytes)
    } else {
      body = Data()
    }
    let connection = headers["connection"]?.lowercased() ?? ""
    let keepAlive =
      requestLine[2] == "HTTP/1.0"
      ? connection.contains("keep-alive") : !connection.contains("close")
    let request = LoopbackRequest(
      method: String(requestLine[0]), pathAndQuery: String(requestLine[1]), headers: headers,
      body: body)
    return .request(request, keepAlive: keepAlive)
  }

  /// Takes exactly `count` bytes, reading more as needed; nil if the stream ends first.
  private mutating func read(_ count: Int) -> [UInt8]? {
    while buffer.count < count {
      guard let chunk = LoopbackSocket.receive(fd) else { return nil }
      buffer += chunk
    }
    defer { buffer.removeFirst(count) }
    return Array(buffer[0..<count])
  }

  /// Takes one CRLF-terminated line (without the CRLF); nil if the stream ends first.
  private mutating func readLine() -> String? {
    var searchFrom = 0
    while true {
      if let end = Self.find([13, 10], in: buffer, from: searchFrom) {
        defer { buffer.removeFirst(end + 2) }
        return String(decoding: buffer[0..<end], as: UTF8.self)
      }
      searchFrom = max(0, buffer.count - 1)
      guard let chunk = LoopbackSocket.receive(fd) else { return nil }
      buffer += chunk
    }
  }

  /// Decodes a chunked body, discarding chunk extensions and trailers.
  private mutating func readChunked() -> Data? {
    var body = Data()
    while true {
      guard let sizeLine = readLine() else { return nil }
      let sizeText = sizeLine.split(separator: ";").first ?? ""
      guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16), size >= 0
      else { return nil }
      if size == 0 { break }
      guard let bytes = read(size), read(2) == [13, 10] else { return nil }
      body.append(contentsOf: bytes)
    }
    while let trailer = readLine() {
      if trailer.isEmpty { return body }
    }
    return nil
  }

  private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
    guard haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
    for i in start...(haystack.count - needle.count)
    where haystack[i] == needle[0] && haystack[i..<i + needle.count].elementsEqual(needle) {
      return i
    }
    return nil
  }
}
