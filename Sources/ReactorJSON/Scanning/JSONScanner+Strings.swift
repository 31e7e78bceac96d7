internal import CByteScan

extension JSONScanner {
  /// The index of the first byte at or after `start` that ends a plain run of string
  /// content: a quote, a backslash, a control character or a non-ASCII byte; `bytes.count`
  /// if there is none.
  ///
  /// Sixteen bytes at a time (`rc_plain_run_end`, SSE2).
  @inline(__always)
  func plainRunEnd(from start: Int) -> Int {
    guard let base = bytes.baseAddress, start < bytes.count else { return start }
    return rc_plain_run_end(base, start, bytes.count)
  }

  /// Skips a string literal, checking escapes and UTF-8; `index` ends after the closing quote.
  package mutating func skipString() throws {
    index += 1
    while true {
      index = plainRunEnd(from: index)
      guard index < bytes.count else { throw SyntaxError() }
      switch bytes[index] {
      case UInt8(ascii: "\""):
        index += 1
        return
      case UInt8(ascii: "\\"):
        index += 1
        _ = try escape()
      case 0..<0x20: throw SyntaxError()
      default: try skipUTF8Sequence()
      }
    }
  }

  /// Reads the string literal at `index` (its opening quote): where its UTF-8 is, checked.
  package mutating func string() throws -> StringBytes {
    let start = index + 1
    // Most strings: printable ASCII without escapes, which JSON text written by reactor
    // holds as it is (`rc_escape_run_end` stops at DEL too, which the writer escapes).
    let verbatimEnd = rc_escape_run_end(bytes.baseAddress!, start, bytes.count)
    if verbatimEnd < bytes.count, bytes[verbatimEnd] == UInt8(ascii: "\"") {
      index = verbatimEnd + 1
      return StringBytes(range: start..<verbatimEnd, isUnescaped: false, isVerbatim: true)
    }
    // Non-ASCII without escapes: still in place, once its UTF-8 is checked.
    index = start
    while true {
      index = plainRunEnd(from: index)
      guard index < bytes.count else { throw SyntaxError() }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        return StringBytes(range: start..<(index - 1), isUnescaped: false, isVerbatim: false)
      }
      guard byte >= 0x80 else { break }
      try skipUTF8Sequence()
    }
    // Escapes: unescaped into `unescaped`.
    let outStart = unescaped.count
    unescaped.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        return StringBytes(range: outStart..<unescaped.count, isUnescaped: true, isVerbatim: false)
      case UInt8(ascii: "\\"):
        index += 1
        let scalar = try escape()
        unescaped.append(contentsOf: String(Character(scalar)).utf8)
      case 0..<0x20: throw SyntaxError()
      case 0x80...:
        let sequenceStart = index
        try skipUTF8Sequence()
        unescaped.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[sequenceStart..<index]))
      default:
        unescaped.append(byte)
        index += 1
      }
    }
    throw SyntaxError()
  }

  /// The scalar of the escape after a backslash; a surrogate pair counts as one escape, a
  /// lone surrogate is an error.
  mutating func escape() throws -> Unicode.Scalar {
    guard let byte = peek else { throw SyntaxError() }
    index += 1
    switch byte {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{08}"
    case UInt8(ascii: "f"): return "\u{0C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      let high = try hex4()
      if (0xDC00..<0xE000).contains(high) { throw SyntaxError() }
      guard (0xD800..<0xDC00).contains(high) else { return Unicode.Scalar(high)! }
      guard literal("\\u") else { throw SyntaxError() }
      let low = try hex4()
      guard (0xDC00..<0xE000).contains(low) else { throw SyntaxError() }
      return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
    default: throw SyntaxError()
    }
  }

  private mutating func hex4() throws -> UInt32 {
    guard index + 4 <= bytes.count else { throw SyntaxError() }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      index += 1
      let digit: UInt8
      switch byte {
      case 0x30...0x39: digit = byte - 0x30
      case 0x41...0x46: digit = byte - 0x37
      case 0x61...0x66: digit = byte - 0x57
      default: throw SyntaxError()
      }
      value = value << 4 | UInt32(digit)
    }
    return value
  }

  /// Skips one well-formed UTF-8 sequence of two to four bytes (no overlongs, surrogates or
  /// values past U+10FFFF).
  private mutating func skipUTF8Sequence() throws {
    let lead = bytes[index]
    let length: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      low = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      high = 0x9F
    case 0xF0:
      length = 4
      low = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      high = 0x8F
    default: throw SyntaxError()
    }
    guard index + length <= bytes.count else { throw SyntaxError() }
    let second = bytes[index + 1]
    guard second >= low, second <= high else { throw SyntaxError() }
    for offset in 2..<max(2, length) where bytes[index + offset] & 0xC0 != 0x80 { throw SyntaxError() }
    index += length
  }
}
