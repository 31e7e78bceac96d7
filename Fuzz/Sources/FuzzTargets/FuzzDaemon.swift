import Foundation
import ReactorJSON
import Shell

// DaemonInput.decode on raw bytes: one line of daemon input as the byte reader hands it over
// (any bytes but a newline, up to DaemonInput.maxLineBytes). Properties: invalid UTF-8 is an
// error, never a request; a plain (non-JSON) line is a request whose command is the line
// itself; every error names a known code; a request's id is a string or a number (a number
// possibly kept as written, which must then be number text).

private let codes: Set<String> = ["invalid-utf8", "invalid-json", "nesting-too-deep", "invalid-request"]

package func fuzzDaemon(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let line = bytes(data, size).filter { $0 != 0x0A }
  let lineNumber = 1 + (line.first.map(Int.init) ?? 0)
  let decoded = DaemonInput.decode(line, lineNumber: lineNumber)
  let text = String(validating: line, as: UTF8.self)
  switch decoded {
  case .nothing:
    require(text != nil, "invalid UTF-8 decoded as nothing")
  case .request(let id, let command):
    guard let text else {
      require(false, "invalid UTF-8 decoded as a request")
      return 0
    }
    switch id {
    case .int, .double, .string: break
    case .encoded(let number):
      // A number kept as written: only number characters, and a number inside.
      let allowed = Set("0123456789+-.eE".utf8)
      require(
        !number.encodedJSON.isEmpty && number.encodedJSON.allSatisfy(allowed.contains),
        "an id echoed as non-number text")
      switch number.jsonTree {
      case .int, .double: break
      default: require(false, "an id kept as written that is not a number: \(number.jsonTree)")
      }
    default: require(false, "a request id that is neither a string nor a number: \(id)")
    }
    if !text.trimmingCharacters(in: .whitespaces).hasPrefix("{") {
      // The line itself, without the CR of a CRLF line ending.
      let line = text.hasSuffix("\r") ? String(text.dropLast()) : text
      require(
        command == line && id == .int(lineNumber), "a plain line did not become its own command with its line number")
    }
    _ = id.jsonText
  case .error(let code, let message, let id):
    require(codes.contains(code) && !message.isEmpty, "unknown error code \(code)")
    _ = id?.jsonText
  }
  return 0
}
