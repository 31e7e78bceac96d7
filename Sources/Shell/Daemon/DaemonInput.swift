import FoundationEssentials
import GitHubClient
package import ReactorJSON

/// One line of daemon input, decoded: a request, nothing (blank or comment), or a protocol
/// error with a stable code.
package enum DaemonInput: Sendable, Equatable {
  case request(id: JSONValue, command: String)
  case nothing
  case error(code: String, message: String, id: JSONValue?)

  /// The longest line accepted, in bytes.
  package static let maxLineBytes = 1 << 20

  /// Decodes `bytes` (one line without its newline), read as line number `lineNumber`.
  ///
  /// A line starting with `{` is a JSON request `{"id": "q1", "command": "query swift"}` whose
  /// id (a string or a number, echoed as given) defaults to the line number; any other line
  /// is a plain command whose id is its line number.
  package static func decode(_ bytes: some Collection<UInt8>, lineNumber: Int) -> DaemonInput {
    guard var text = String(validating: bytes, as: UTF8.self) else {
      return .error(code: "invalid-utf8", message: "line \(lineNumber) is not valid UTF-8", id: .int(lineNumber))
    }
    if text.hasSuffix("\r") { text.removeLast() }  // CRLF input
    let trimmed = text.trimmingBlanks
    if trimmed.isEmpty || trimmed.hasPrefix("#") { return .nothing }
    guard trimmed.hasPrefix("{") else { return .request(id: .int(lineNumber), command: text) }
    let data = Data(trimmed.utf8)
    do {
      try JSONScanner.checkDocument(trimmed.utf8)
    } catch is JSONScanner.NestingTooDeep {
      return .error(
        code: "nesting-too-deep",
        message: "line \(lineNumber) nests arrays and objects more than \(JSONScanner.maximumNesting) deep",
        id: .int(lineNumber))
    } catch {
      return .error(code: "invalid-json", message: "line \(lineNumber) is not valid JSON", id: .int(lineNumber))
    }
    let wire: Wire
    do {
      wire = try JSONDecoder().decode(Wire.self, from: data)
    } catch {
      return .error(
        code: "invalid-request",
        message: "line \(lineNumber): expected {\"id\": <string or number>, \"command\": \"...\"}", id: .int(lineNumber)
      )
    }
    var id = wire.id?.value ?? .int(lineNumber)
    // A number is echoed as it was written: decoded, `1.0` came back as `1`, and an integer
    // beyond 64 bits lost digits as a Double.
    switch id {
    case .int, .double:
      if let token = Self.rawMember("id", of: Array(trimmed.utf8)), let number = RawJSONNumber(token, value: id) {
        id = .encoded(number)
      }
    default: break
    }
    guard let command = wire.command else {
      return .error(code: "invalid-request", message: "line \(lineNumber): the request has no \"command\"", id: id)
    }
    return .request(id: id, command: command)
  }

  /// The bytes of the value of member `key` of the JSON object `bytes`, as written; nil if
  /// there is none, or if `bytes` is not one JSON object. With a repeated key, the last one.
  static func rawMember(_ key: String, of bytes: [UInt8]) -> ArraySlice<UInt8>? {
    bytes.withUnsafeBufferPointer { buffer -> ArraySlice<UInt8>? in
      var scanner = JSONScanner(bytes: buffer)
      var found: Range<Int>?
      do {
        try scanner.object { scanner, name in
          scanner.skipSpace()
          let start = scanner.index
          try scanner.skipValue()
          // A key written with escapes (`"\u0069d"`) is decoded; a plain one compared as is.
          if name.text == key { found = start..<scanner.index }
        }
        try scanner.expectEnd()
      } catch {
        return nil
      }
      return found.map { bytes[$0] }
    }
  }

  /// The JSON request: an object with an optional id (string or number) and a command.
  private struct Wire: Decodable {
    var id: ID?
    var command: String?

    struct ID: Decodable {
      var value: JSONValue
      init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let int = try? container.decode(Int.self) {
          value = .int(int)
        } else if let double = try? container.decode(Double.self) {
          value = .double(double)
        } else {
          value = .string(try container.decode(String.self))
        }
      }
    }
  }
}
