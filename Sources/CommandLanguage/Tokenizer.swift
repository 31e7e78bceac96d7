/// Splits a command line into words the way a POSIX shell does, without expansions.
///
/// Single quotes keep everything literally; double quotes allow `\"` and `\\`; a backslash
/// outside quotes escapes the next character; an unquoted `#` at the start of a word starts a
/// comment that runs to the end of the line.
///
/// (Public, its members `package`, for ``CommandError``'s `syntax` case.)
public enum Tokenizer {
  /// Why a line could not be split.
  public enum Failure: Error, Equatable, Sendable {
    case unterminatedQuote(Character)
    case trailingBackslash

    package var message: String {
      switch self {
      case .unterminatedQuote(let quote): "unterminated \(quote == "'" ? "single" : "double") quote"
      case .trailingBackslash: "the line ends with a lone backslash"
      }
    }
  }

  /// The first run of non-whitespace scalars, as typed (quotes and backslashes kept): what a
  /// line starts with even when it does not tokenize. Splits where `split` splits words.
  static func leadingRawWord(_ line: String) -> String {
    String(String.UnicodeScalarView(line.unicodeScalars.split(whereSeparator: \.properties.isWhitespace).first ?? []))
  }

  /// Works on Unicode scalars, not characters: a combining mark after a space or a quote
  /// belongs to the next word, not to the separator (`query \u{301}x` is two words).
  package static func split(_ line: String) throws(Failure) -> [String] {
    if let words = plainWords(line) { return words }
    var words: [String] = []
    var current = String.UnicodeScalarView()
    var inWord = false
    var iterator = line.unicodeScalars.makeIterator()
    while let scalar = iterator.next() {
      switch scalar {
      case "'":
        inWord = true
        var closed = false
        while let next = iterator.next() {
          if next == "'" {
            closed = true
            break
          }
          current.append(next)
        }
        if !closed { throw .unterminatedQuote("'") }
      case "\"":
        inWord = true
        var closed = false
        while let next = iterator.next() {
          if next == "\"" {
            closed = true
            break
          }
          if next == "\\" {
            guard let escaped = iterator.next() else { throw .unterminatedQuote("\"") }
            if escaped != "\"" && escaped != "\\" { current.append("\\") }
            current.append(escaped)
          } else {
            current.append(next)
          }
        }
        if !closed { throw .unterminatedQuote("\"") }
      case "\\":
        guard let escaped = iterator.next() else { throw .trailingBackslash }
        inWord = true
        current.append(escaped)
      case "#" where !inWord:
        return words
      case _ where isSeparator(scalar):
        if inWord { words.append(String(current)) }
        current = String.UnicodeScalarView()
        inWord = false
      default:
        inWord = true
        current.append(scalar)
      }
    }
    if inWord { words.append(String(current)) }
    return words
  }

  /// Unicode's White_Space, with ASCII answered without a property lookup.
  @inline(__always)
  static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
    scalar.isASCII ? isASCIISpace(UInt8(scalar.value)) : scalar.properties.isWhitespace
  }

  /// The ASCII scalars with Unicode's White_Space property: space and U+0009 to U+000D.
  @inline(__always)
  static func isASCIISpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }

  /// The words of a line of ASCII with no quote, backslash or `#`, split on ASCII white space
  /// (what `split` does with such a line, without building words scalar by scalar); nil for
  /// any other line. Most command lines are such lines (`next`, `query swift`).
  static func plainWords(_ line: String) -> [String]? {
    // On the raw bytes: `line[start..<index]` would round its bounds to Characters, the
    // costly part of so short a scan.
    var line = line
    return line.withUTF8 { bytes -> [String]? in
      var words: [String] = []
      var wordStart: Int?
      for index in bytes.indices {
        let byte = bytes[index]
        switch byte {
        case 0x80..., UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "#"): return nil
        case _ where isASCIISpace(byte):
          if let start = wordStart {
            words.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
          }
          wordStart = nil
        default:
          if wordStart == nil { wordStart = index }
        }
      }
      if let start = wordStart {
        words.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self))
      }
      return words
    }
  }
}
