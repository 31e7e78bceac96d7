public import Foundation

/// One real HTTP exchange with api.github.com, as recorded by PyGithub's test suite.
///
/// Values are taken verbatim from the recording: `pathAndQuery` keeps its original percent
/// encoding, `responseHeaders` keep their recorded order and case (old recordings use lower-case
/// names, newer ones canonical case), and `body` holds the bytes of the body line without its
/// terminating newline. Use ``responseHeader(_:)`` to look a header up regardless of case.
public struct RecordedExchange: Sendable {
  /// `https` in every known recording.
  public var scheme: String
  public var method: String
  public var host: String
  /// The port line, or nil when it reads `None`.
  public var port: Int?
  /// The request target, e.g. `/search/repositories?q=github+language%3APython`.
  public var pathAndQuery: String
  public var requestHeaders: [String: String]
  /// The request body line, or nil when it reads `None`.
  public var requestBody: String?
  public var status: Int
  /// Response headers in recorded order, names in their recorded case.
  public var responseHeaders: [(name: String, value: String)]
  public var body: Data

  public init(
    scheme: String = "https", method: String, host: String = "api.github.com", port: Int? = nil,
    pathAndQuery: String, requestHeaders: [String: String] = [:], requestBody: String? = nil,
    status: Int, responseHeaders: [(name: String, value: String)] = [], body: Data = Data()
  ) {
    self.scheme = scheme
    self.method = method
    self.host = host
    self.port = port
    self.pathAndQuery = pathAndQuery
    self.requestHeaders = requestHeaders
    self.requestBody = requestBody
    self.status = status
    self.responseHeaders = responseHeaders
    self.body = body
  }

  /// The value of the first response header called `name`, compared case-insensitively, or nil.
  public func responseHeader(_ name: String) -> String? {
    let wanted = name.lowercased()
    return responseHeaders.first { $0.name.lowercased() == wanted }?.value
  }

  /// The body decoded as UTF-8 (invalid bytes replaced), for messages and quick assertions.
  public var bodyText: String { String(decoding: body, as: UTF8.self) }

  /// Builds an exchange from its 10 recorded lines (the body line as raw bytes).
  ///
  /// Throws a reason naming the offending field; the caller adds the file and line.
  init(lines: [String], body: Data) throws(RecordedExchangeFieldError) {
    precondition(lines.count == 9, "lines 1-9 of an exchange")
    let field = { (i: Int) in lines[i].trimmingCharacters(in: .whitespaces) }
    scheme = field(0)
    method = field(1)
    host = field(2)
    pathAndQuery = field(4)
    guard !method.isEmpty else { throw .init(line: 2, reason: "empty method") }
    guard pathAndQuery.hasPrefix("/") else {
      throw .init(line: 5, reason: "path does not start with '/': \(pathAndQuery)")
    }
    if field(3) == "None" {
      port = nil
    } else if let value = Int(field(3)) {
      port = value
    } else {
      throw .init(line: 4, reason: "port is neither None nor a number: \(field(3))")
    }
    requestHeaders = try Self.stringDict(field(5), line: 6)
    requestBody = field(6) == "None" ? nil : lines[6]
    guard let code = Int(field(7)), (100...599).contains(code) else {
      throw .init(line: 8, reason: "status is not an HTTP status code: \(field(7))")
    }
    status = code
    responseHeaders = try Self.headerList(field(8), line: 9)
    self.body = body
  }

  private static func literal(_ text: String, line: Int) throws(RecordedExchangeFieldError)
    -> PythonLiteral
  {
    do {
      return try PythonLiteral.parse(text)
    } catch {
      throw .init(line: line, reason: "bad Python literal: \(error)")
    }
  }

  private static func stringDict(_ text: String, line: Int) throws(RecordedExchangeFieldError)
    -> [String: String]
  {
    guard case .dict(let pairs) = try literal(text, line: line) else {
      throw .init(line: line, reason: "expected a dict of request headers")
    }
    var result: [String: String] = [:]
    for (key, value) in pairs {
      guard let k = key.stringValue, let v = value.stringValue else {
        throw .init(line: line, reason: "request header names and values must be strings")
      }
      result[k] = v
    }
    return result
  }

  private static func headerList(_ text: String, line: Int) throws(RecordedExchangeFieldError)
    -> [(name: String, value: String)]
  {
    guard case .list(let items) = try literal(text, line: line) else {
      throw .init(line: line, reason: "expected a list of (name, value) tuples")
    }
    return try items.map { item throws(RecordedExchangeFieldError) in
      guard case .tuple(let parts) = item, parts.count == 2,
        let name = parts[0].stringValue, let value = parts[1].stringValue
      else { throw .init(line: line, reason: "expected (name, value) string tuples") }
      return (name: name, value: value)
    }
  }
}

/// A malformed field inside one exchange: its line (1-10 within the exchange) and why.
struct RecordedExchangeFieldError: Error {
  var line: Int
  var reason: String
}
