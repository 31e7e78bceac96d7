import Foundation
public import ReactorCore

/// One line of daemon input, decoded: a request, nothing (blank or comment), or a protocol
/// error with a stable code.
public enum DaemonInput: Sendable, Equatable {
  case request(id: JSONValue, command: String)
  case nothing
  case error(code: String, message: String, id: JSONValue?)

  /// The longest line accepted, in bytes.
  public static let maxLineBytes = 1 << 20

  /// Decodes `bytes` (one line without its newline), read as line number `lineNumber`.
  ///
  /// A line starting with `{` is a JSON request `{"id": "q1", "command": "query swift"}` whose
  /// id (a string or a number, echoed as given) defaults to the line number; any other line
  /// is a plain command whose id is its line number.
  public static func decode(_ bytes: some Collection<UInt8>, lineNumber: Int) -> DaemonInput {
    guard var text = String(validating: bytes, as: UTF8.self) else {
      return .error(code: "invalid-utf8", message: "line \(lineNumber) is not valid UTF-8", id: .int(lineNumber))
    }
    if text.hasSuffix("\r") { text.removeLast() }  // CRLF input
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if trimmed.isEmpty || trimmed.hasPrefix("#") { return .nothing }
    guard trimmed.hasPrefix("{") else { return .request(id: .int(lineNumber), command: text) }
    let data = Data(trimmed.utf8)
    guard (try? JSONSerialization.jsonObject(with: data)) != nil else {
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

  /// The bytes of the value of member `key` of the JSON object `bytes` (already validated),
  /// as written; nil if there is none. With a repeated key, the last one.
  static func rawMember(_ key: String, of bytes: [UInt8]) -> ArraySlice<UInt8>? {
    var index = 0
    let end = bytes.count
    func skipSpace() {
      while index < end, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D {
        index += 1
      }
    }
    // From an opening quote to just past the closing one.
    func skipString() {
      index += 1
      while index < end {
        switch bytes[index] {
        case UInt8(ascii: "\\"): index += 2
        case UInt8(ascii: "\""):
          index += 1
          return
        default: index += 1
        }
      }
    }
    // A scalar up to its delimiter, a string or a container up to its end.
    func skipValue() {
      var depth = 0
      while index < end {
        switch bytes[index] {
        case UInt8(ascii: "\""):
          skipString()
          if depth == 0 { return }
        case UInt8(ascii: "{"), UInt8(ascii: "["):
          depth += 1
          index += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          if depth == 0 { return }
          depth -= 1
          index += 1
          if depth == 0 { return }
        case UInt8(ascii: ","), 0x20, 0x09, 0x0A, 0x0D:
          if depth == 0 { return }
          index += 1
        default: index += 1
        }
      }
    }
    skipSpace()
    guard index < end, bytes[index] == UInt8(ascii: "{") else { return nil }
    index += 1
    var found: ArraySlice<UInt8>?
    while true {
      skipSpace()
      guard index < end, bytes[index] != UInt8(ascii: "}") else { return found }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      guard bytes[index] == UInt8(ascii: "\"") else { return nil }
      let keyStart = index
      skipString()
      let literal = bytes[keyStart..<index]
      skipSpace()
      guard index < end, bytes[index] == UInt8(ascii: ":") else { return nil }
      index += 1
      skipSpace()
      let valueStart = index
      skipValue()
      // A key written with escapes (`"\u0069d"`) is decoded; a plain one compared as is.
      let name =
        literal.contains(UInt8(ascii: "\\"))
        ? (try? JSONSerialization.jsonObject(with: Data(literal), options: .fragmentsAllowed)) as? String
        : String(decoding: literal.dropFirst().dropLast(), as: UTF8.self)
      if name == key { found = bytes[valueStart..<index] }
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

/// A JSON number kept as its client wrote it (`1.0`, `1e3`, `18446744073709551616`), so that a
/// daemon echoes a request id byte for byte. It compares by value with `.int` and `.double`
/// (through ``jsonTree``), which is how `cancel <id>` finds it.
final class RawJSONNumber: PreencodedJSON {
  private let bytes: [UInt8]
  let jsonTree: JSONValue

  /// Nil unless `token` has only the characters of a JSON number (it comes from validated JSON;
  /// this keeps anything else out of the output). `value` is what the decoder made of it.
  init?(_ token: ArraySlice<UInt8>, value: JSONValue) {
    guard !token.isEmpty,
      token.allSatisfy({
        (0x30...0x39).contains($0) || $0 == 0x2D || $0 == 0x2B || $0 == 0x2E || $0 == 0x65 || $0 == 0x45
      })
    else { return nil }
    bytes = Array(token)
    // The value as written: `1.0` is a Double (so `cancel 1.0` finds it), `7` an Int.
    let text = String(decoding: token, as: UTF8.self)
    jsonTree = Int(text).map(JSONValue.int) ?? Double(text).map(JSONValue.double) ?? value
  }

  func withEncodedJSON<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
    try bytes.withUnsafeBufferPointer(body)
  }
}
