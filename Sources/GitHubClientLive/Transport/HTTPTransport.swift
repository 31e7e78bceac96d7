package import FoundationEssentials

/// Sends one HTTP request and returns the whole response.
///
/// The only seam between the GitHub client and the network: the libcurl transport, the
/// offline sample and the cassette transports all implement it. Implementations throw
/// `CancellationError` when the calling task is cancelled, and ``HTTPTransportError`` otherwise.
package protocol HTTPTransport: Sendable {
  func send(_ request: HTTPRequest) async throws -> HTTPResponse
}

/// An HTTP request.
package struct HTTPRequest: Sendable, Equatable {
  package var method: String
  package var url: URL
  /// Header fields in the order they are sent.
  package var headers: [HTTPHeader]

  package init(method: String = "GET", url: URL, headers: [HTTPHeader] = []) {
    self.method = method
    self.url = url
    self.headers = headers
  }

  /// The first value of a header field, compared case-insensitively.
  package func header(_ name: String) -> String? { headers.value(of: name) }
}

/// An HTTP response with its whole body.
package struct HTTPResponse: Sendable, Equatable {
  package var status: Int
  package var headers: [HTTPHeader]
  package var body: Data

  package init(status: Int, headers: [HTTPHeader] = [], body: Data = Data()) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// The first value of a header field, compared case-insensitively.
  package func header(_ name: String) -> String? { headers.value(of: name) }
}

/// One header field.
package struct HTTPHeader: Sendable, Equatable, Hashable {
  package var name: String
  package var value: String
  package init(_ name: String, _ value: String) {
    self.name = name
    self.value = value
  }
}

extension [HTTPHeader] {
  /// The first value of a header field, compared case-insensitively.
  package func value(of name: String) -> String? {
    first { HTTPHeader.sameName($0.name, name) }?.value
  }
}

extension HTTPHeader {
  /// Whether two field names are equal ignoring ASCII case, as HTTP defines it (RFC 9110,
  /// 5.1: names are ASCII tokens). Foundation's `caseInsensitiveCompare` folds Unicode too, so
  /// a name with a Kelvin sign (U+212A) would match `link`, and it is slow for a comparison made
  /// a few times per decoded page.
  static func sameName(_ a: String, _ b: String) -> Bool {
    var a = a
    var b = b
    return a.withUTF8 { a in
      b.withUTF8 { b in
        guard a.count == b.count else { return false }
        for index in 0..<a.count where a[index] != b[index] {
          let lower = a[index] | 0x20
          guard lower == b[index] | 0x20, lower >= UInt8(ascii: "a"), lower <= UInt8(ascii: "z") else { return false }
        }
        return true
      }
    }
  }
}

/// Why a transport could not produce a response.
package enum HTTPTransportError: Error, Sendable, Equatable {
  /// No connection could be made, or it broke.
  case unreachable(String)
  /// No complete response within the timeout.
  case timedOut
  /// The body was larger than the limit, in bytes.
  case bodyTooLarge(limit: Int)
}
