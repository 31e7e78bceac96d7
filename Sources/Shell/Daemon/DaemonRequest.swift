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
        message: "line \(lineNumber): expected {\"id\": <string or number>, \"command\": \"...\"}", id: .int(lineNumber))
    }
    let id = wire.id?.value ?? .int(lineNumber)
    guard let command = wire.command else {
      return .error(code: "invalid-request", message: "line \(lineNumber): the request has no \"command\"", id: id)
    }
    return .request(id: id, command: command)
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
