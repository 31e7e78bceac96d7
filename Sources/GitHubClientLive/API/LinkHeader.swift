public import Foundation

/// Parses an RFC 8288 `Link` header, as GitHub sends for pagination.
///
/// Every paged response carries one, so ``nextPage(_:)`` is on the path of every search and
/// feed request: it builds a `URL` only for the `next` target, not one per relation, and reads
/// the `page` parameter without `URLComponents` when the target has no percent-escapes. (With
/// `URL` parsing of all four targets GitHub sends, it cost about as much as decoding a page.)
public enum LinkHeader {
  /// Maps each `rel` to its target: `<https://…&page=2>; rel="next", <…>; rel="last"`.
  /// Malformed entries are skipped; a `rel` with several space-separated values maps each.
  public static func parse(_ header: String) -> [String: URL] {
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
  public static func nextPage(_ header: String?) -> Int? {
    guard let header else { return nil }
    // The first entry with a valid target and rel `next`, as `parse(header)["next"]`.
    for entry in entries(header) where entry.rels.contains("next") {
      guard let url = URL(string: entry.target) else { continue }
      return pageParameter(of: url, target: entry.target)
    }
    return nil
  }

  /// One `<target>; params` entry: the target, trimmed, and its `rel` values, lowercased.
  struct Entry {
    var target: String
    var rels: [String]
  }

  static func entries(_ header: String) -> [Entry] {
    var entries: [Entry] = []
    var rest = Substring(header)
    while let open = rest.firstIndex(of: "<") {
      guard let close = rest[open...].firstIndex(of: ">") else { break }
      let target = rest[rest.index(after: open)..<close]
      let paramsEnd = rest[close...].firstIndex(of: "<") ?? rest.endIndex
      let params = rest[rest.index(after: close)..<paramsEnd]
      rest = rest[paramsEnd...]
      var rels: [String] = []
      for param in params.split(separator: ";") {
        let pair = param.split(separator: "=", maxSplits: 1)
        guard pair.count == 2, trimmed(pair[0], quotesAndCommas: false).lowercased() == "rel" else { continue }
        for rel in trimmed(pair[1], quotesAndCommas: true).lowercased().split(separator: " ") {
          rels.append(String(rel))
        }
      }
      entries.append(Entry(target: String(trimmed(target, quotesAndCommas: false)), rels: rels))
    }
    return entries
  }

  /// `text` without leading and trailing white space (`CharacterSet.whitespaces`: tab and the
  /// Unicode space separators) and, with `quotesAndCommas`, quotes and commas. ASCII edges are
  /// trimmed here; a non-ASCII edge goes to Foundation, for the Unicode spaces.
  static func trimmed(_ text: Substring, quotesAndCommas: Bool) -> Substring {
    func trimmable(_ byte: UInt8) -> Bool {
      byte == 0x20 || byte == 0x09 || (quotesAndCommas && (byte == UInt8(ascii: "\"") || byte == UInt8(ascii: ",")))
    }
    let utf8 = text.utf8
    var start = utf8.startIndex
    var end = utf8.endIndex
    while start < end, trimmable(utf8[start]) { start = utf8.index(after: start) }
    while start < end, trimmable(utf8[utf8.index(before: end)]) { end = utf8.index(before: end) }
    let result = text[start..<end]
    guard let first = result.utf8.first, let last = result.utf8.last, first >= 0x80 || last >= 0x80 else { return result }
    let set = quotesAndCommas ? whitespaceQuotesAndCommas : CharacterSet.whitespaces
    return Substring(result.trimmingCharacters(in: set))
  }

  private static let whitespaceQuotesAndCommas = CharacterSet.whitespaces.union(CharacterSet(charactersIn: "\","))

  /// The last `page` query item of `url`, as `URLComponents.queryItems` reads it. Without a `%`
  /// in the target, decoding changes nothing, and the query is the text after the first `?` up
  /// to a `#`.
  static func pageParameter(of url: URL, target: String) -> Int? {
    guard target.utf8.contains(UInt8(ascii: "%")) else {
      guard let question = target.firstIndex(of: "?") else { return nil }
      let query = target[target.index(after: question)...].prefix { $0 != "#" }
      var page: Int??
      for item in query.split(separator: "&", omittingEmptySubsequences: false) {
        let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        if pair[0] == "page" { page = pair.count == 2 ? Int(pair[1]) : .some(nil) }
      }
      return page ?? nil
    }
    return URLComponents(url: url, resolvingAgainstBaseURL: false)?
      .queryItems?.last { $0.name == "page" }?.value.flatMap { Int($0) }
  }
}
