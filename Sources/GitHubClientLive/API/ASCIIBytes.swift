/// Byte-level helpers for the ASCII syntax of HTTP text: query strings and header parameters.
/// They read bytes in place, with no `String` made per token.
enum ASCIIBytes {
  /// Whether `bytes` equal `lowercase` (lowercase ASCII) once their ASCII letters are
  /// lowercased.
  ///
  /// For ASCII text this is `lowercased()`; no other character lowercases to an ASCII letter
  /// but the Kelvin sign (to `k`), which callers rule out or do not meet in ASCII text.
  static func equalsLowercased(_ bytes: some Collection<UInt8>, _ lowercase: some Collection<UInt8>) -> Bool {
    guard bytes.count == lowercase.count else { return false }
    return zip(bytes, lowercase).allSatisfy { byte, letter in
      (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 == letter : byte == letter
    }
  }

  typealias Bytes = Slice<UnsafeBufferPointer<UInt8>>

  /// Calls `body` with every `&`-separated item of a raw (still percent-encoded) query, empty
  /// ones included, as `split(separator: "&", omittingEmptySubsequences: false)` gives them:
  /// its name (up to the first `=`) and its value (after it; nil without one). Stops when
  /// `body` returns true.
  static func forEachQueryItem(_ query: Bytes, _ body: (_ name: Bytes, _ value: Bytes?) -> Bool) {
    var start = query.startIndex
    while start <= query.endIndex {
      var end = start
      while end < query.endIndex && query[end] != UInt8(ascii: "&") { end += 1 }
      var nameEnd = start
      while nameEnd < end && query[nameEnd] != UInt8(ascii: "=") { nameEnd += 1 }
      let value = nameEnd < end ? query[(nameEnd + 1)..<end] : nil
      if body(query[start..<nameEnd], value) { return }
      start = end + 1
    }
  }
}
