/// A value written as a Python literal in a recorded exchange: a string, list, tuple or dict.
///
/// Only the forms PyGithub's recorder writes are understood: single- or double-quoted strings
/// with backslash escapes, `[...]` lists, `(...)` tuples and `{key: value}` dicts, each allowing
/// a trailing comma. Anything else (numbers, `None`, byte strings) is rejected with a reason.
enum PythonLiteral {
  case string(String)
  case list([PythonLiteral])
  case tuple([PythonLiteral])
  case dict([(PythonLiteral, PythonLiteral)])

  /// Parses one complete literal; throws a reason (with the character offset) when the text is
  /// not exactly one supported literal, optionally surrounded by whitespace.
  static func parse(_ text: String) throws(PythonLiteralError) -> PythonLiteral {
    var parser = Parser(scalars: Array(text.unicodeScalars))
    let value = try parser.value()
    parser.skipSpace()
    guard parser.index == parser.scalars.count else {
      throw parser.error("unexpected trailing text")
    }
    return value
  }

  /// The string payload, or nil for containers.
  var stringValue: String? {
    if case .string(let s) = self { s } else { nil }
  }

  private struct Parser {
    let scalars: [Unicode.Scalar]
    var index = 0

    func error(_ reason: String) -> PythonLiteralError {
      PythonLiteralError(reason: reason, offset: index)
    }

    mutating func skipSpace() {
      while index < scalars.count, scalars[index].properties.isWhitespace { index += 1 }
    }

    mutating func value() throws(PythonLiteralError) -> PythonLiteral {
      skipSpace()
      guard index < scalars.count else { throw error("unexpected end of literal") }
      switch scalars[index] {
      case "'", "\"": return .string(try string())
      case "[": return .list(try sequence(close: "]"))
      case "(": return .tuple(try sequence(close: ")"))
      case "{": return .dict(try dict())
      default: throw error("unsupported literal starting with '\(scalars[index])'")
      }
    }

    /// Parses `open item, item, ... close`, the opening bracket being at `index`.
    mutating func sequence(close: Unicode.Scalar) throws(PythonLiteralError) -> [PythonLiteral] {
      var items: [PythonLiteral] = []
      index += 1
      while true {
        skipSpace()
        if index < scalars.count, scalars[index] == close {
          index += 1
          return items
        }
        items.append(try value())
        try separator(close: close)
      }
    }

    mutating func dict() throws(PythonLiteralError) -> [(PythonLiteral, PythonLiteral)] {
      var pairs: [(PythonLiteral, PythonLiteral)] = []
      index += 1
      while true {
        skipSpace()
        if index < scalars.count, scalars[index] == "}" {
          index += 1
          return pairs
        }
        let key = try value()
        skipSpace()
        guard index < scalars.count, scalars[index] == ":" else {
          throw error("expected ':' in dict")
        }
        index += 1
        pairs.append((key, try value()))
        try separator(close: "}")
      }
    }

    /// Consumes a ',' after an item, or leaves a closing bracket for the caller.
    mutating func separator(close: Unicode.Scalar) throws(PythonLiteralError) {
      skipSpace()
      guard index < scalars.count else { throw error("missing '\(close)'") }
      if scalars[index] == "," {
        index += 1
      } else if scalars[index] != close {
        throw error("expected ',' or '\(close)'")
      }
    }

    mutating func string() throws(PythonLiteralError) -> String {
      let quote = scalars[index]
      index += 1
      var out = String.UnicodeScalarView()
      while index < scalars.count {
        let c = scalars[index]
        index += 1
        if c == quote { return String(out) }
        if c == "\n" { throw error("newline inside string") }
        guard c == "\\" else {
          out.append(c)
          continue
        }
        guard index < scalars.count else { break }
        let e = scalars[index]
        index += 1
        switch e {
        case "\\", "'", "\"": out.append(e)
        case "n": out.append("\n")
        case "r": out.append("\r")
        case "t": out.append("\t")
        case "a": out.append("\u{07}")
        case "b": out.append("\u{08}")
        case "f": out.append("\u{0C}")
        case "v": out.append("\u{0B}")
        case "x": out.append(try hexScalar(digits: 2))
        case "u": out.append(try hexScalar(digits: 4))
        case "U": out.append(try hexScalar(digits: 8))
        case "0"..."7":
          var code = e.value - 48
          for _ in 0..<2 where index < scalars.count && ("0"..."7").contains(scalars[index]) {
            code = code * 8 + scalars[index].value - 48
            index += 1
          }
          out.append(Unicode.Scalar(code)!)  // at most 0o777, always a valid scalar
        default:
          out.append("\\")
          out.append(e)  // Python keeps unknown escapes verbatim
        }
      }
      throw error("unterminated string")
    }

    mutating func hexScalar(digits: Int) throws(PythonLiteralError) -> Unicode.Scalar {
      guard index + digits <= scalars.count else { throw error("truncated escape") }
      let hex = String(String.UnicodeScalarView(scalars[index..<index + digits]))
      guard let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code) else {
        throw error("bad escape \\\(hex)")
      }
      index += digits
      return scalar
    }
  }
}

/// Why a Python literal could not be parsed, and where (a Unicode scalar offset).
struct PythonLiteralError: Error, CustomStringConvertible {
  var reason: String
  var offset: Int
  var description: String { "\(reason) at offset \(offset)" }
}
