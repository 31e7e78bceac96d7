#if canImport(Glibc)
  import Glibc
#endif

/// Lower-cased text that query words are searched in, or a query word itself.
///
/// A word matches as `String.contains` matches, by Characters: canonically equivalent text
/// matches, and a match never splits a grapheme cluster. When both sides are ASCII without a
/// carriage return, every byte is a Character of its own, so a byte search gives the same
/// answer without the searcher (and its hash table) that `String.contains` builds per call.
struct MatchText: Equatable, Sendable {
  let text: String
  /// The text's UTF-8 when every Character of it is one ASCII byte; nil otherwise.
  let bytes: [UInt8]?

  init(_ text: String) {
    self.text = text
    let utf8 = Array(text.utf8)
    // CR LF is the one pair of ASCII bytes that forms a single Character.
    bytes = utf8.allSatisfy { $0 < 0x80 && $0 != UInt8(ascii: "\r") } ? utf8 : nil
  }

  /// Whether `word` occurs in this text.
  func contains(_ word: MatchText) -> Bool {
    guard let bytes, let needle = word.bytes else { return text.contains(word.text) }
    return Self.find(needle, in: bytes)
  }

  /// Whether `needle` occurs in `haystack`: `memchr` (vectorized) finds each candidate first
  /// byte, `memcmp` compares the rest.
  static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Bool {
    guard !needle.isEmpty else { return true }
    guard needle.count <= haystack.count else { return false }
    return haystack.withUnsafeBufferPointer { haystack in
      needle.withUnsafeBufferPointer { needle in
        let base = UnsafeRawPointer(haystack.baseAddress!)
        let rest = UnsafeRawPointer(needle.baseAddress! + 1)
        let starts = haystack.count - needle.count + 1
        var start = 0
        while start < starts, let hit = memchr(base + start, Int32(needle[0]), starts - start) {
          start = base.distance(to: hit) + 1
          if memcmp(base + start, rest, needle.count - 1) == 0 { return true }
        }
        return false
      }
    }
  }
}
