extension JSONValue {
  /// The value of JSON text (any value at the top, as `JSONSerialization` reads with
  /// `.fragmentsAllowed`), read with the strict ``JSONScanner``. For the few places that need a
  /// whole document as a value (a transcript's JSON lines, the built-in sample), so that
  /// reactor needs no Foundation `JSONSerialization`.
  ///
  /// Numbers: an integer that fits in `Int` is ``int(_:)``; an integer beyond it keeps its
  /// digits (a ``RawJSONNumber``, which compares as its nearest double); `-0` and any other
  /// number is ``double(_:)``, so everything is written back with the value it was read with.
  /// A number beyond a double's range (`1e999`) throws ``NumberOutOfRange``, as JSON has no
  /// text for the infinity it would read as; arrays and objects nested deeper than
  /// ``JSONScanner/maximumNesting`` throw ``JSONScanner/NestingTooDeep``.
  package init(parsing text: some Collection<UInt8>) throws {
    let bytes = Array(text)
    self = try bytes.withUnsafeBufferPointer { buffer in
      var scanner = JSONScanner(bytes: buffer)
      let value = try Self.parseValue(&scanner, depth: 0)
      try scanner.expectEnd()
      return value
    }
  }

  private static func parseValue(_ scanner: inout JSONScanner, depth: Int) throws -> JSONValue {
    scanner.skipSpace()
    guard let byte = scanner.peek else { throw JSONScanner.SyntaxError() }
    switch byte {
    case UInt8(ascii: "\""):
      let string = try scanner.string()
      defer { scanner.unescaped.removeAll(keepingCapacity: true) }
      if string.isUnescaped { return .string(String(decoding: scanner.unescaped[string.range], as: UTF8.self)) }
      return .string(String(decoding: UnsafeBufferPointer(rebasing: scanner.bytes[string.range]), as: UTF8.self))
    case UInt8(ascii: "{"):
      // The scanner's bound on nesting, so hostile input cannot exhaust the stack.
      guard depth < JSONScanner.maximumNesting else { throw JSONScanner.NestingTooDeep() }
      var members: [(String, JSONValue)] = []
      try scanner.object { scanner, key in members.append((key.text, try parseValue(&scanner, depth: depth + 1))) }
      return .object(JSONObject(members))
    case UInt8(ascii: "["):
      guard depth < JSONScanner.maximumNesting else { throw JSONScanner.NestingTooDeep() }
      var elements: [JSONValue] = []
      try scanner.array { scanner in elements.append(try parseValue(&scanner, depth: depth + 1)) }
      return .array(elements)
    case UInt8(ascii: "t"):
      guard scanner.literal("true") else { throw JSONScanner.SyntaxError() }
      return .bool(true)
    case UInt8(ascii: "f"):
      guard scanner.literal("false") else { throw JSONScanner.SyntaxError() }
      return .bool(false)
    case UInt8(ascii: "n"):
      guard scanner.literal("null") else { throw JSONScanner.SyntaxError() }
      return .null
    default:
      let start = scanner.index
      try scanner.skipNumber()
      let text = UnsafeBufferPointer(rebasing: scanner.bytes[start..<scanner.index])
      if let integer = JSONScanner.integer(text) {
        // `Int` has no negative zero.
        return integer == 0 && text[0] == UInt8(ascii: "-") ? .double(-0.0) : .int(integer)
      }
      let number = String(decoding: text, as: UTF8.self)
      guard let double = Double(number) else { throw JSONScanner.SyntaxError() }
      guard double.isFinite else { throw NumberOutOfRange(text: number) }
      let isInteger = !text.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
      if isInteger, let digits = RawJSONNumber(text, value: .double(double)) { return .encoded(digits) }
      return .double(double)
    }
  }

  /// A number too large for a double: read, it would be an infinity, which JSON text cannot
  /// hold (the writer would turn it into `null`).
  package struct NumberOutOfRange: Error, CustomStringConvertible {
    /// The number as written, cut to a length a message can hold.
    package let text: String
    init(text: String) { self.text = text.count > 40 ? text.prefix(37) + "..." : text }
    package var description: String { "the number \(text) is out of range (beyond a 64-bit double)" }
  }
}

extension JSONScanner {
  /// Whether `text` is one JSON value with nothing but whitespace around it; builds nothing.
  package static func isDocument(_ text: some Collection<UInt8>) -> Bool { (try? checkDocument(text)) != nil }

  /// Throws unless `text` is one JSON value with nothing but whitespace around it:
  /// ``NestingTooDeep`` for JSON nested deeper than reactor reads, ``SyntaxError`` for the
  /// rest; builds nothing.
  package static func checkDocument(_ text: some Collection<UInt8>) throws {
    let bytes = Array(text)
    try bytes.withUnsafeBufferPointer { buffer in
      var scanner = JSONScanner(bytes: buffer)
      try scanner.skipValue()
      try scanner.expectEnd()
    }
  }
}
