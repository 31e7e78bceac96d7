package import FoundationEssentials

/// Parses an RFC 8288 `Link` header, as GitHub sends for pagination.
///
/// Every paged response carries one, so ``nextPage(_:)`` is on the path of every search and
/// feed request. It reads the header's UTF-8 bytes in place: delimiters (`<`, `>`, `;`, `=`,
/// space) are ASCII, so nothing is split into `Character`s or copied into `String`s, except the
/// `next` target, the only one it builds a `URL` for. Its `page` parameter is read without
/// `URLComponents` when the target has no percent-escapes: character-level splitting and one
/// `URL` per relation would cost about as much as decoding the page.
package enum LinkHeader {
  /// Maps each `rel` to its target: `<https://…&page=2>; rel="next", <…>; rel="last"`.
  /// Malformed entries are skipped; a `rel` with several space-separated values maps each.
  package static func parse(_ header: String) -> [String: URL] {
    var links: [String: URL] = [:]
    for entry in entries(header) {
      guard let url = URL(string: entry.target) else { continue }
      for rel in entry.rels where links[rel] == nil {
        links[rel] = url
      }
    }
    return links
  }

  /// The `page` query parameter of the `rel="next"` link, if there is one.
  package static func nextPage(_ header: String?) -> Int? {
    guard var header else { return nil }
    return header.withUTF8 { header in
      // The first entry with a valid target and rel `next`, as `parse(header)["next"]`.
      var page: Int?
      forEachEntry(header) { target, params in
        guard hasRel(params, named: "next") else { return false }
        let target = trimmed(target, quotesAndCommas: false).string
        guard let url = URL(string: target) else { return false }
        page = pageParameter(of: url, target: target)
        return true
      }
      return page
    }
  }

  /// One `<target>; params` entry: the target, trimmed, and its `rel` values, lowercased.
  struct Entry {
    var target: String
    var rels: [String]
  }

  static func entries(_ header: String) -> [Entry] {
    var header = header
    return header.withUTF8 { header in
      var entries: [Entry] = []
      forEachEntry(header) { target, params in
        var rels: [String] = []
        forEachRel(params) { value in
          for rel in relations(value.string.lowercased()) { rels.append(String(rel)) }
          return false
        }
        entries.append(Entry(target: trimmed(target, quotesAndCommas: false).string, rels: rels))
        return false
      }
      return entries
    }
  }

  // MARK: - Bytes

  typealias Bytes = ASCIIBytes.Bytes

  /// Calls `body` with the target (between `<` and `>`) and the parameters (up to the next `<`)
  /// of each entry in turn, until it returns true.
  static func forEachEntry(_ header: UnsafeBufferPointer<UInt8>, _ body: (Bytes, Bytes) -> Bool) {
    var rest = header[...]
    while let open = rest.firstIndex(of: UInt8(ascii: "<")) {
      guard let close = rest[open...].firstIndex(of: UInt8(ascii: ">")) else { return }
      let target = rest[(open + 1)..<close]
      let paramsEnd = rest[close...].firstIndex(of: UInt8(ascii: "<")) ?? rest.endIndex
      let params = rest[(close + 1)..<paramsEnd]
      rest = rest[paramsEnd...]
      if body(target, params) { return }
    }
  }

  /// Calls `body` with the value of each `rel` parameter (`;`-separated `name=value`, the name
  /// compared case-insensitively), trimmed of spaces, quotes and commas, until it returns true.
  static func forEachRel(_ params: Bytes, _ body: (Trimmed) -> Bool) {
    for param in params.split(separator: UInt8(ascii: ";")) {
      let pair = param.split(separator: UInt8(ascii: "="), maxSplits: 1)
      guard pair.count == 2, trimmed(pair[0], quotesAndCommas: false).equalsLowercased("rel") else { continue }
      if body(trimmed(pair[1], quotesAndCommas: true)) { return }
    }
  }

  /// The space-separated relations of a `rel` value. Split on the space byte, as `hasRel`
  /// splits bytes: a space followed by a combining mark is one `Character`, and splitting on
  /// Characters made `parse` miss a `next` that `nextPage` found.
  static func relations(_ value: String) -> [Substring] {
    value.utf8.split(separator: UInt8(ascii: " ")).map { Substring($0) }
  }

  /// True when one of the space-separated values of a `rel` parameter is `name` (lowercase
  /// ASCII), compared case-insensitively.
  static func hasRel(_ params: Bytes, named name: StaticString) -> Bool {
    var found = false
    forEachRel(params) { value in
      switch value {
      case .bytes(let bytes):
        found = bytes.split(separator: UInt8(ascii: " ")).contains { Trimmed.bytes($0).equalsLowercased(name) }
      case .text(let text):
        found = relations(text.lowercased()).contains { $0.utf8.elementsEqual(name.utf8Buffer) }
      }
      return found
    }
    return found
  }

  /// A trimmed token: the bytes themselves when its edges are ASCII, or the text Foundation
  /// trimmed when an edge is not (for the Unicode spaces of `CharacterSet.whitespaces`).
  enum Trimmed {
    case bytes(Bytes)
    case text(String)

    var string: String {
      switch self {
      case .bytes(let bytes): String(decoding: bytes, as: UTF8.self)
      case .text(let text): text
      }
    }

    /// Equal to `lowercase` (lowercase ASCII) after lowercasing. No non-ASCII character
    /// lowercases to ASCII letters other than `k` (the Kelvin sign), so bytes compare as ASCII.
    func equalsLowercased(_ lowercase: StaticString) -> Bool {
      switch self {
      case .bytes(let bytes): return ASCIIBytes.equalsLowercased(bytes, lowercase.utf8Buffer)
      case .text(let text):
        return text.lowercased().utf8.elementsEqual(lowercase.utf8Buffer)
      }
    }
  }

  /// `bytes` without leading and trailing white space (`CharacterSet.whitespaces`: tab and the
  /// Unicode space separators) and, with `quotesAndCommas`, quotes and commas. ASCII edges are
  /// trimmed here; a non-ASCII edge is trimmed by scalars, for the Unicode spaces.
  static func trimmed(_ bytes: Bytes, quotesAndCommas: Bool) -> Trimmed {
    func trimmable(_ byte: UInt8) -> Bool {
      byte == 0x20 || byte == 0x09 || (quotesAndCommas && (byte == UInt8(ascii: "\"") || byte == UInt8(ascii: ",")))
    }
    var start = bytes.startIndex
    var end = bytes.endIndex
    while start < end, trimmable(bytes[start]) { start += 1 }
    while start < end, trimmable(bytes[end - 1]) { end -= 1 }
    let result = bytes[start..<end]
    guard let first = result.first, let last = result.last, first >= 0x80 || last >= 0x80 else { return .bytes(result) }
    return .text(
      String(decoding: result, as: UTF8.self).trimming { scalar in
        scalar.isBlank || (quotesAndCommas && (scalar == "\"" || scalar == ","))
      })
  }

  /// The last `page` query item of `url`, as `URLComponents.queryItems` reads it.
  ///
  /// The query is read on the target's bytes, the text after the first `?` up to a `#`, when
  /// decoding cannot change the answer: no item's name has a `%` (it might decode to `page`)
  /// and no `page` item's value has one. A `%` elsewhere, as in `q=language%3Aswift`, changes
  /// nothing. Otherwise `URLComponents` decodes. (The byte split is a loop: the generic `split`
  /// on the UTF-8 view, and `URLComponents` for every query with an escaped search, cost far
  /// more a page; Benchmarks/README.md has the figure.)
  static func pageParameter(of url: URL, target: String) -> Int? {
    var target = target
    let page: PageItem = target.withUTF8 { bytes in
      guard let question = bytes.firstIndex(of: UInt8(ascii: "?")) else { return .absent }
      let query = bytes[(question + 1)...].prefix { $0 != UInt8(ascii: "#") }
      var found = PageItem.absent
      ASCIIBytes.forEachQueryItem(query) { name, value in
        guard !name.contains(UInt8(ascii: "%")) else {
          found = .needsDecoding
          return true
        }
        guard name.elementsEqual("page".utf8) else { return false }
        guard value?.contains(UInt8(ascii: "%")) != true else {
          found = .needsDecoding
          return true
        }
        found = .value(value.flatMap { Int(String(decoding: $0, as: UTF8.self)) })
        return false
      }
      return found
    }
    switch page {
    case .absent: return nil
    case .value(let value): return value
    case .needsDecoding:
      return URLComponents(url: url, resolvingAgainstBaseURL: false)?
        .queryItems?.last { $0.name == "page" }?.value.flatMap { Int($0) }
    }
  }

  private enum PageItem {
    case absent
    case value(Int?)
    case needsDecoding
  }
}

extension StaticString {
  fileprivate var utf8Buffer: UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: utf8Start, count: utf8CodeUnitCount)
  }
}
