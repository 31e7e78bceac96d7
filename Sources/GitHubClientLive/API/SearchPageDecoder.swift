internal import CByteScan
import Foundation
import GitHubClient
import ReactorCore

/// Decodes a search page (`GET /search/repositories`) in one pass over its bytes.
///
/// A GitHub search page is about 140 KB, of which reactor reads six fields a repository.
/// `JSONDecoder` builds a map of the whole document and then walks it through Codable's
/// containers: 560 us a page here. This scanner validates the whole document as strictly as
/// `JSONDecoder` does (RFC 8259 syntax, UTF-8, escapes, integer ranges) but builds nothing for
/// the fields it skips, and makes no `String` for those it keeps: a repository is built from
/// its strings' bytes in the page (`Repository.UTF8Text`), with one allocation. About eight
/// times faster on GitHub's pages, fifteen on small ones.
///
/// It reports the same errors as decoding `SearchResponseWire` with `JSONDecoder` (the tests
/// compare the two on recorded pages and on every truncation and corruption of a small page):
/// any syntax error anywhere is "not valid JSON"; otherwise the first missing or mistyped field
/// in decoding order (`total_count`, `incomplete_results`, `items`, then each item's `id`,
/// `full_name`, `description`, `stargazers_count`, `language`, `html_url`).
enum SearchPageDecoder {
  struct Result {
    var totalCount: Int
    var incompleteResults: Bool
    var items: [Repository]
  }

  /// What went wrong, as `GitHubAPI.describe` words a `DecodingError`.
  enum Failure: Error, Equatable {
    case invalidJSON
    case missing(String)
    case unexpected(path: String)

    var message: String {
      switch self {
      case .invalidJSON: "not valid JSON"
      case .missing(let key): "missing field '\(key)'"
      case .unexpected(let path): "unexpected value at '\(path)'"
      }
    }
  }

  static func decode(_ data: Data) throws(Failure) -> Result {
    let outcome: Swift.Result<Result, Failure> = data.withUnsafeBytes { raw in
      var scanner = Scanner(bytes: raw.bindMemory(to: UInt8.self))
      return scanner.document()
    }
    return try outcome.get()
  }

  /// A field's value as the decoder saw it.
  private enum Field<Value> {
    case absent
    case null
    case value(Value)
    case wrongType

    /// A required field: absent is "missing", null or another type "unexpected". (`path` is
    /// built only for an error: building one for every field of every item cost a third of
    /// decoding a page.)
    func required(_ key: String, at path: @autoclosure () -> String) throws(Failure) -> Value {
      switch self {
      case .value(let value): return value
      case .absent: throw .missing(key)
      case .null, .wrongType: throw .unexpected(path: path())
      }
    }

    /// An optional field: absent or null is nil.
    func optional(at path: @autoclosure () -> String) throws(Failure) -> Value? {
      switch self {
      case .value(let value): return value
      case .absent, .null: return nil
      case .wrongType: throw .unexpected(path: path())
      }
    }
  }

  private struct SyntaxError: Error {}

  private struct Scanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    /// The current item's strings that had escapes, unescaped (see `TextRef`).
    var unescaped: [UInt8] = []

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    // MARK: Document

    mutating func document() -> Swift.Result<Result, Failure> {
      var total = Field<Int>.absent
      var incomplete = Field<Bool>.absent
      var items = Field<[Repository]>.absent
      var itemError: Failure?
      var topLevelIsObject = false
      do {
        skipSpace()
        if peek == UInt8(ascii: "{") {
          topLevelIsObject = true
          try object { scanner, key in
            if key.equals("total_count") {
              total = try scanner.integerField()
            } else if key.equals("incomplete_results") {
              incomplete = try scanner.booleanField()
            } else if key.equals("items") {
              itemError = nil
              items = try scanner.repositories(firstError: &itemError)
            } else {
              try scanner.skipValue()
            }
          }
        } else {
          try skipValue()
        }
        skipSpace()
        guard index == bytes.count else { throw SyntaxError() }
      } catch {
        return .failure(.invalidJSON)
      }
      do throws(Failure) {
        guard topLevelIsObject else { throw .unexpected(path: "") }
        let totalCount = try total.required("total_count", at: "total_count")
        let incompleteResults = try incomplete.optional(at: "incomplete_results") ?? false
        let repositories = try items.required("items", at: "items")
        if let itemError { throw itemError }
        return .success(Result(totalCount: totalCount, incompleteResults: incompleteResults, items: repositories))
      } catch {
        return .failure(error)
      }
    }

    /// The `items` array; the first item's decoding error goes to `firstError` (syntax is
    /// checked to the end either way).
    mutating func repositories(firstError: inout Failure?) throws -> Field<[Repository]> {
      skipSpace()
      guard peek == UInt8(ascii: "[") else { return try otherValue() }
      var items: [Repository] = []
      items.reserveCapacity(100)
      var position = 0
      // Each repository's JSON text is written here, then copied into the repository.
      var json = JSONWriter(capacity: 1024)
      try array { scanner in
        let itemIndex = position
        position += 1
        scanner.skipSpace()
        guard scanner.peek == UInt8(ascii: "{") else {
          try scanner.skipValue()
          if firstError == nil { firstError = .unexpected(path: Item.path(itemIndex)) }
          return
        }
        let item = try scanner.repository()
        if firstError != nil { return }
        do throws(Failure) {
          items.append(try item.model(at: itemIndex, bytes: scanner.bytes, unescaped: scanner.unescaped, json: &json))
        } catch {
          firstError = error
        }
      }
      return .value(items)
    }

    struct Item {
      var id = Field<Int>.absent
      var fullName = Field<TextRef>.absent
      var description = Field<TextRef>.absent
      var stars = Field<Int>.absent
      var language = Field<TextRef>.absent
      var url = Field<TextRef>.absent

      /// The coding path of item `index` of `items`, as `DecodingError` words it.
      static func path(_ index: Int) -> String { "items.Index \(index)" }

      /// The repository, its strings read in place from the page (or from `unescaped`). Fields
      /// are checked in `RepositoryWire`'s declaration order, as its synthesized `init(from:)`
      /// decodes.
      func model(
        at index: Int, bytes: UnsafeBufferPointer<UInt8>, unescaped: [UInt8], json: inout JSONWriter
      ) throws(Failure) -> Repository {
        let id = try id.required("id", at: Self.path(index) + ".id")
        let fullName = try fullName.required("full_name", at: Self.path(index) + ".full_name")
        let description = try description.optional(at: Self.path(index) + ".description")
        let stars = try stars.required("stargazers_count", at: Self.path(index) + ".stargazers_count")
        let language = try language.optional(at: Self.path(index) + ".language")
        let url = try url.required("html_url", at: Self.path(index) + ".html_url")
        return unescaped.withUnsafeBufferPointer { unescaped in
          func text(_ reference: TextRef) -> Repository.UTF8Text {
            let source = reference.isUnescaped ? unescaped : bytes
            let text = UnsafeBufferPointer(rebasing: source[reference.range])
            return reference.isVerbatim ? .init(verbatim: text) : .init(validUTF8: text)
          }
          return Repository(
            id: id, stars: stars, fullName: text(fullName), description: description.map(text),
            language: language.map(text), url: text(url), scratch: &json)
        }
      }
    }

    mutating func repository() throws -> Item {
      var item = Item()
      unescaped.removeAll(keepingCapacity: true)
      try object { scanner, key in
        switch key.count {
        case 2 where key.equals("id"): item.id = try scanner.integerField()
        case 9 where key.equals("full_name"): item.fullName = try scanner.stringField()
        case 11 where key.equals("description"): item.description = try scanner.stringField()
        case 16 where key.equals("stargazers_count"): item.stars = try scanner.integerField()
        case 8 where key.equals("language"): item.language = try scanner.stringField()
        case 8 where key.equals("html_url"): item.url = try scanner.stringField()
        default: try scanner.skipValue()
        }
      }
      return item
    }

    // MARK: Typed fields

    mutating func integerField() throws -> Field<Int> {
      skipSpace()
      guard let byte = peek, byte == UInt8(ascii: "-") || (0x30...0x39).contains(byte) else { return try otherValue() }
      let start = index
      try skipNumber()
      return Self.integer(UnsafeBufferPointer(rebasing: bytes[start..<index])).map { .value($0) } ?? .wrongType
    }

    mutating func booleanField() throws -> Field<Bool> {
      skipSpace()
      if literal("true") { return .value(true) }
      if literal("false") { return .value(false) }
      return try otherValue()
    }

    mutating func stringField() throws -> Field<TextRef> {
      skipSpace()
      guard peek == UInt8(ascii: "\"") else { return try otherValue() }
      return .value(try string())
    }

    /// Skips a value of another type than the field's: null, or a wrong type.
    mutating func otherValue<Value>() throws -> Field<Value> {
      if literal("null") { return .null }
      try skipValue()
      return .wrongType
    }

    /// A plain integer literal that fits in `Int`; nil for fractions, exponents and overflow.
    static func integer(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
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

    // MARK: Structure

    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    @inline(__always)
    mutating func skipSpace() {
      while index < bytes.count {
        switch bytes[index] {
        case 0x20, 0x0A, 0x0D, 0x09: index += 1
        default: return
        }
      }
    }

    @inline(__always)
    mutating func take(_ byte: UInt8) -> Bool {
      skipSpace()
      guard index < bytes.count, bytes[index] == byte else { return false }
      index += 1
      return true
    }

    @inline(__always)
    mutating func expect(_ byte: UInt8) throws { guard take(byte) else { throw SyntaxError() } }

    mutating func literal(_ text: StaticString) -> Bool {
      let count = text.utf8CodeUnitCount
      guard index + count <= bytes.count, memcmp(text.utf8Start, bytes.baseAddress! + index, count) == 0 else {
        return false
      }
      index += count
      return true
    }

    /// Calls `body` for every member. Keys are compared raw: one with an escape in it is read
    /// correctly but matches no field (GitHub's keys have none).
    mutating func object(_ body: (inout Scanner, Key) throws -> Void) throws {
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

    mutating func array(_ body: (inout Scanner) throws -> Void) throws {
      try expect(UInt8(ascii: "["))
      if take(UInt8(ascii: "]")) { return }
      repeat { try body(&self) } while take(UInt8(ascii: ","))
      try expect(UInt8(ascii: "]"))
    }

    /// Skips one value of any kind, checking its syntax.
    mutating func skipValue(depth: Int = 0) throws {
      // Deeper than any page GitHub sends; bounds the recursion on hostile input.
      guard depth < 128 else { throw SyntaxError() }
      skipSpace()
      guard let byte = peek else { throw SyntaxError() }
      switch byte {
      case UInt8(ascii: "\""): try skipString()
      case UInt8(ascii: "{"): try object { scanner, _ in try scanner.skipValue(depth: depth + 1) }
      case UInt8(ascii: "["): try array { scanner in try scanner.skipValue(depth: depth + 1) }
      case UInt8(ascii: "t"): guard literal("true") else { throw SyntaxError() }
      case UInt8(ascii: "f"): guard literal("false") else { throw SyntaxError() }
      case UInt8(ascii: "n"): guard literal("null") else { throw SyntaxError() }
      default: try skipNumber()
      }
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    mutating func skipNumber() throws {
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
    mutating func skipDigits() -> Int {
      let start = index
      while let byte = peek, (0x30...0x39).contains(byte) { index += 1 }
      return index - start
    }

    // MARK: Strings

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
    mutating func skipString() throws {
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

    /// Reads a string literal: where its UTF-8 is, checked.
    mutating func string() throws -> TextRef {
      let start = index + 1
      // Most strings: printable ASCII without escapes, which JSON text written by reactor
      // holds as it is (`rc_escape_run_end` stops at DEL too, which the writer escapes).
      let verbatimEnd = rc_escape_run_end(bytes.baseAddress!, start, bytes.count)
      if verbatimEnd < bytes.count, bytes[verbatimEnd] == UInt8(ascii: "\"") {
        index = verbatimEnd + 1
        return TextRef(range: start..<verbatimEnd, isUnescaped: false, isVerbatim: true)
      }
      // Non-ASCII without escapes: still in place, once its UTF-8 is checked.
      index = start
      while true {
        index = plainRunEnd(from: index)
        guard index < bytes.count else { throw SyntaxError() }
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") {
          index += 1
          return TextRef(range: start..<(index - 1), isUnescaped: false, isVerbatim: false)
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
          return TextRef(range: outStart..<unescaped.count, isUnescaped: true, isVerbatim: false)
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

    mutating func hex4() throws -> UInt32 {
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
    mutating func skipUTF8Sequence() throws {
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

  /// Where a string's UTF-8 is: in the page itself, or (for a string with escapes) in the
  /// scanner's `unescaped` buffer.
  private struct TextRef {
    var range: Range<Int>
    var isUnescaped: Bool
    /// Printable ASCII without `"` or `\` (see `Repository.UTF8Text.init(verbatim:)`).
    var isVerbatim: Bool
  }

  private struct Key {
    let bytes: UnsafeBufferPointer<UInt8>
    var count: Int { bytes.count }
    func equals(_ text: StaticString) -> Bool {
      text.utf8CodeUnitCount == bytes.count && memcmp(text.utf8Start, bytes.baseAddress!, bytes.count) == 0
    }
  }
}
