internal import CByteScan

/// A strict reader of JSON text (RFC 8259) over its UTF-8 bytes, in place: the one scanner
/// under the search page decoder and the daemon's request reader.
///
/// It checks syntax as strictly as `JSONDecoder` does (structure, numbers, escapes, UTF-8
/// without overlongs or surrogates, no lone surrogate escapes) and builds nothing for what it
/// skips. A caller walks a document with ``object(_:)`` and ``array(_:)``, reads what it wants
/// (``string()``, ``literal(_:)``, the bytes ``skipNumber()`` passed) and skips the rest with
/// ``skipValue(depth:)``. A method that reads throws ``SyntaxError`` at the first byte that is
/// not JSON; ``index`` is then unspecified. The bytes must outlive the scanner.
package struct JSONScanner {
  /// The text is not JSON. Where is not said: callers report "not valid JSON", as
  /// `JSONDecoder` does.
  package struct SyntaxError: Error {}

  /// The text nests arrays and objects deeper than ``maximumNesting``: JSON, but more than
  /// reactor reads, which bounds the recursion on hostile input.
  package struct NestingTooDeep: Error, CustomStringConvertible {
    package var description: String {
      "arrays and objects nested more than \(JSONScanner.maximumNesting) deep"
    }
  }

  /// The most arrays and objects a value read may be nested in one another (`[[1]]` is 2):
  /// deeper than any document reactor reads, and the bound ``JSONPatch`` keeps the values it
  /// builds within, so that everything written can be read back.
  package static let maximumNesting = 128

  package let bytes: UnsafeBufferPointer<UInt8>
  /// The next byte to read.
  package var index = 0
  /// The UTF-8 of the strings read with escapes, unescaped (see ``StringBytes``); the caller
  /// empties it when it is done with them.
  package var unescaped: [UInt8] = []

  package init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  /// Where a string's UTF-8 is: in ``bytes`` itself, or (for a string with escapes) in
  /// ``unescaped``.
  package struct StringBytes {
    package var range: Range<Int>
    package var isUnescaped: Bool
    /// Printable ASCII without `"` or `\`, which JSON text holds as it is.
    package var isVerbatim: Bool
  }

  /// An object member's key: its bytes between the quotes, escapes as written.
  package struct Key {
    package let bytes: UnsafeBufferPointer<UInt8>
    package var count: Int { bytes.count }

    /// Whether the key is written exactly as `text` (a key with an escape in it matches only
    /// its escaped spelling).
    package func equals(_ text: StaticString) -> Bool {
      text.utf8CodeUnitCount == bytes.count && rc_bytes_equal(text.utf8Start, bytes.baseAddress!, bytes.count) != 0
    }

    /// The key's text, escapes decoded.
    package var text: String {
      guard bytes.contains(UInt8(ascii: "\\")) else { return String(decoding: bytes, as: UTF8.self) }
      var scanner = JSONScanner(bytes: bytes)
      var text = String.UnicodeScalarView()
      var plainStart = 0
      while scanner.index < bytes.count {
        guard bytes[scanner.index] == UInt8(ascii: "\\") else {
          scanner.index += 1
          continue
        }
        text.append(contentsOf: String(decoding: bytes[plainStart..<scanner.index], as: UTF8.self).unicodeScalars)
        scanner.index += 1
        // The object's scan checked every escape.
        text.append((try? scanner.escape()) ?? "\u{FFFD}")
        plainStart = scanner.index
      }
      text.append(contentsOf: String(decoding: bytes[plainStart...], as: UTF8.self).unicodeScalars)
      return String(text)
    }
  }

  // MARK: Structure

  /// The next byte, or nil at the end.
  package var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

  /// Skips JSON whitespace (space, tab, line feed, carriage return).
  @inline(__always)
  package mutating func skipSpace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x0A, 0x0D, 0x09: index += 1
      default: return
      }
    }
  }

  /// After whitespace, takes `byte` if it is next.
  @inline(__always)
  package mutating func take(_ byte: UInt8) -> Bool {
    skipSpace()
    guard index < bytes.count, bytes[index] == byte else { return false }
    index += 1
    return true
  }

  /// After whitespace, takes `byte`, which must be next.
  @inline(__always)
  package mutating func expect(_ byte: UInt8) throws { guard take(byte) else { throw SyntaxError() } }

  /// Takes `text` if it comes next, byte for byte (no whitespace is skipped).
  package mutating func literal(_ text: StaticString) -> Bool {
    let count = text.utf8CodeUnitCount
    guard index + count <= bytes.count, rc_bytes_equal(text.utf8Start, bytes.baseAddress! + index, count) != 0 else {
      return false
    }
    index += count
    return true
  }

  /// Reads an object, calling `body` for every member with the scanner at its value, which
  /// `body` must read or skip.
  package mutating func object(_ body: (inout JSONScanner, Key) throws -> Void) throws {
    try expect(UInt8(ascii: "{"))
    if take(UInt8(ascii: "}")) { return }
    repeat {
      skipSpace()
      guard peek == UInt8(ascii: "\"") else { throw SyntaxError() }
      let start = index + 1
      try skipString()
      let key = Key(bytes: UnsafeBufferPointer(rebasing: bytes[start..<(index - 1)]))
      try expect(UInt8(ascii: ":"))
      try body(&self, key)
    } while take(UInt8(ascii: ","))
    try expect(UInt8(ascii: "}"))
  }

  /// Reads an array, calling `body` for every element, which `body` must read or skip.
  package mutating func array(_ body: (inout JSONScanner) throws -> Void) throws {
    try expect(UInt8(ascii: "["))
    if take(UInt8(ascii: "]")) { return }
    repeat { try body(&self) } while take(UInt8(ascii: ","))
    try expect(UInt8(ascii: "]"))
  }

  /// Skips one value of any kind, checking its syntax; `index` ends just after it. `depth` is
  /// how many arrays and objects hold the value; one nested deeper than ``maximumNesting`` in
  /// all throws ``NestingTooDeep``.
  package mutating func skipValue(depth: Int = 0) throws {
    skipSpace()
    guard let byte = peek else { throw SyntaxError() }
    switch byte {
    case UInt8(ascii: "\""): try skipString()
    case UInt8(ascii: "{"):
      guard depth < Self.maximumNesting else { throw NestingTooDeep() }
      try object { scanner, _ in try scanner.skipValue(depth: depth + 1) }
    case UInt8(ascii: "["):
      guard depth < Self.maximumNesting else { throw NestingTooDeep() }
      try array { scanner in try scanner.skipValue(depth: depth + 1) }
    case UInt8(ascii: "t"): guard literal("true") else { throw SyntaxError() }
    case UInt8(ascii: "f"): guard literal("false") else { throw SyntaxError() }
    case UInt8(ascii: "n"): guard literal("null") else { throw SyntaxError() }
    default: try skipNumber()
    }
  }

  /// Skips the rest of a document after its value: only whitespace may follow.
  package mutating func expectEnd() throws {
    skipSpace()
    guard index == bytes.count else { throw SyntaxError() }
  }

  // MARK: Numbers

  /// Skips a number, `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
  package mutating func skipNumber() throws {
    if peek == UInt8(ascii: "-") { index += 1 }
    guard let first = peek, (0x30...0x39).contains(first) else { throw SyntaxError() }
    index += 1
    if first != 0x30 { skipDigits() }
    if peek == UInt8(ascii: ".") {
      index += 1
      guard skipDigits() > 0 else { throw SyntaxError() }
    }
    if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
      index += 1
      if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
      guard skipDigits() > 0 else { throw SyntaxError() }
    }
  }

  @discardableResult
  private mutating func skipDigits() -> Int {
    let start = index
    while let byte = peek, (0x30...0x39).contains(byte) { index += 1 }
    return index - start
  }

  /// The value of a number's text if it is a plain integer literal that fits in `Int`; nil
  /// for fractions, exponents and overflow.
  package static func integer(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
    var index = 0
    let negative = text.first == UInt8(ascii: "-")
    if negative { index = 1 }
    var value = 0
    while index < text.count {
      let byte = text[index]
      guard (0x30...0x39).contains(byte) else { return nil }
      let digit = Int(byte &- 0x30)
      let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (next, overflow2) =
        negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
      if overflow1 || overflow2 { return nil }
      value = next
      index += 1
    }
    return value
  }
}
