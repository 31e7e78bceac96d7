import Foundation
import GitHubClientLive
import ReactorCore
import Testing

// RFC 8288 Link header parsing, as GitHub sends it for pagination, and its edge cases.

private let base = "https://api.github.com/search/repositories?q=swift"

@Suite struct LinkHeaderTests {
  @Test func parsesGitHubsFourRelations() {
    let header =
      "<\(base)&page=3>; rel=\"next\", <\(base)&page=34>; rel=\"last\", "
      + "<\(base)&page=1>; rel=\"first\", <\(base)&page=1>; rel=\"prev\""
    let links = LinkHeader.parse(header)
    #expect(Set(links.keys) == ["next", "last", "first", "prev"])
    #expect(links["next"]?.absoluteString == "\(base)&page=3")
    #expect(links["last"]?.absoluteString == "\(base)&page=34")
    #expect(LinkHeader.nextPage(header) == 3)
  }

  @Test func ordersDoNotMatter() {
    let header = "<\(base)&page=34>; rel=\"last\", <\(base)&page=2>; rel=\"next\""
    #expect(LinkHeader.nextPage(header) == 2)
  }

  @Test func toleratesSpacesAroundEverything() {
    let header = "  < \(base)&page=5 >  ;  rel = \"next\"  ,  <\(base)&page=9>;rel=\"last\"  "
    let links = LinkHeader.parse(header)
    #expect(links["next"]?.absoluteString == "\(base)&page=5")
    #expect(links["last"]?.absoluteString == "\(base)&page=9")
    #expect(LinkHeader.nextPage(header) == 5)
  }

  @Test func acceptsUnquotedRelations() {
    #expect(LinkHeader.nextPage("<\(base)&page=4>; rel=next") == 4)
    #expect(LinkHeader.nextPage("<\(base)&page=4>; rel=next, <\(base)&page=8>; rel=last") == 4)
  }

  @Test func mapsEachOfSeveralSpaceSeparatedRelations() {
    let links = LinkHeader.parse("<\(base)&page=2>; rel=\"next last\"")
    #expect(links["next"]?.absoluteString == "\(base)&page=2")
    #expect(links["last"]?.absoluteString == "\(base)&page=2")
  }

  @Test func keepsTheFirstTargetOfARepeatedRelation() {
    #expect(LinkHeader.nextPage("<\(base)&page=2>; rel=\"next\", <\(base)&page=7>; rel=\"next\"") == 2)
  }

  @Test func ignoresOtherParameters() {
    let header = "<\(base)&page=6>; title=\"six\"; rel=\"next\"; type=\"application/json\""
    #expect(LinkHeader.nextPage(header) == 6)
    #expect(LinkHeader.parse("<\(base)&page=6>; title=\"next\"").isEmpty)
  }

  @Test func usesThePageParameterNotOthers() {
    #expect(LinkHeader.nextPage("<https://api.github.com/events?per_page=100&page=3>; rel=\"next\"") == 3)
    #expect(LinkHeader.nextPage("<https://api.github.com/events?per_page=100>; rel=\"next\"") == nil)
    #expect(LinkHeader.nextPage("<https://api.github.com/events?page=two>; rel=\"next\"") == nil)
  }

  @Test(arguments: [
    "", "   ", "garbage", "rel=\"next\"", "<\(base)&page=2", "\(base)&page=2>; rel=\"next\"",
    "<\(base)&page=2>", "<\(base)&page=2>; rel=\"last\"", "<\(base)&page=2>; rel", ",,,;;;<>",
  ])
  func garbageHasNoNextPage(_ header: String) {
    #expect(LinkHeader.nextPage(header) == nil)
  }

  @Test func nilHeaderHasNoNextPage() {
    #expect(LinkHeader.nextPage(nil) == nil)
    #expect(LinkHeader.parse("").isEmpty)
    #expect(LinkHeader.parse("garbage").isEmpty)
  }

  @Test func skipsAMalformedEntryButKeepsTheRest() {
    let header = "<>; rel=\"prev\", <\(base)&page=2>; rel=\"next\""
    #expect(LinkHeader.nextPage(header) == 2)
  }

  /// Found by fuzz-link: a space followed by a combining mark (U+036F) inside a rel value.
  /// `parse` split the value on Characters, where that space is part of one grapheme, and
  /// found no `next`; `nextPage`, splitting bytes, found one.
  @Test func aSpaceBeforeACombiningMarkSeparatesRelationsForParseAndNextPageAlike() {
    let header = "<https://api.github.com/search/repositories?q=swift&page=2>; rel=\"next \u{36F}\u{FFFD}last\""
    #expect(
      LinkHeader.parse(header)["next"]?.absoluteString == "https://api.github.com/search/repositories?q=swift&page=2")
    #expect(LinkHeader.parse(header).keys.sorted() == ["next", "\u{36F}\u{FFFD}last"])
    #expect(LinkHeader.nextPage(header) == 2)
  }

  @Test func relationNamesAreCaseInsensitive() {
    // RFC 8288 section 2.1.1: relation types are compared case-insensitively.
    #expect(LinkHeader.nextPage("<\(base)&page=2>; rel=\"NEXT\"") == 2)
    #expect(LinkHeader.nextPage("<\(base)&page=2>; REL=\"next\"") == 2)
  }
}

/// The parser before it was made fast (URL per entry, Foundation trimming, URLComponents): the
/// reference the current one must agree with.
private enum ReferenceLinkHeader {
  static func parse(_ header: String) -> [String: URL] {
    var links: [String: URL] = [:]
    var rest = Substring(header)
    while let open = rest.firstIndex(of: "<") {
      guard let close = rest[open...].firstIndex(of: ">") else { break }
      let target = rest[rest.index(after: open)..<close]
      let paramsEnd = rest[close...].firstIndex(of: "<") ?? rest.endIndex
      let params = rest[rest.index(after: close)..<paramsEnd]
      rest = rest[paramsEnd...]
      guard let url = URL(string: String(target.trimmingCharacters(in: .whitespaces))) else { continue }
      for param in params.split(separator: ";") {
        let pair = param.split(separator: "=", maxSplits: 1)
        guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "rel" else { continue }
        let value = pair[1].trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: "\",")))
        for rel in value.lowercased().split(separator: " ") where links[String(rel)] == nil {
          links[String(rel)] = url
        }
      }
    }
    return links
  }

  static func nextPage(_ header: String?) -> Int? {
    guard let header, let next = parse(header)["next"] else { return nil }
    return URLComponents(url: next, resolvingAgainstBaseURL: false)?
      .queryItems?.last { $0.name == "page" }?.value.flatMap { Int($0) }
  }
}

@Suite struct LinkHeaderDifferentialTests {
  static let targets = [
    "https://api.github.com/search/repositories?q=swift&page=3", "https://h/x?page=2&page=7", "https://h/x?page",
    "https://h/x?page=", "https://h/x?=5", "https://h/x?p%61ge=4", "https://h/x?page=%35", "https://h/x?page=5#page=9",
    "https://h/x?a=1&&page=6&", "https://h/x", "?page=8", "//h?page=9", "https://h/x?page=+5", "https://h/x?page=-2",
    "https://h/x?q=a b&page=3", "https://h/x?q=é&page=4", "https://h/x?page=99999999999999999999", "ht tp://bad",
    "https://h/x?page=1%", "", " ", "https://h/%zz?page=2", "https://h/x?q=\"&page=5",
    // A `%` in another item's value, in an item's name, in the path or the fragment.
    "https://h/x?q=language%3Aswift&page=2", "https://h/x?q=a%26page%3D9&page=3", "https://h/x?page=2&%70age=5",
    "https://h/x?%70age=5&page=2", "https://h/x?page=2&q=%", "https://h/a%20b?page=6#x%20y",
  ]
  static let rels = [
    "rel=\"next\"", "rel=next", "REL=\"Next\"", "rel=\"next last\"", "rel=\"last\"", "rel=\"prev next\"", "rel=",
    "rel", "title=\"next\"", "rel = \"next\" ", "rel=\"\u{00A0}next\u{00A0}\"", "rel=\u{3000}next", "rel=\"next,\"",
    "rel=\"\tnext\"",
  ]
  static let pads = ["", " ", "\t", "\u{00A0}", "  ", "\u{2003}"]

  @Test func agreesWithTheReferenceOnGeneratedHeaders() {
    let generator = SeededGenerator(seed: 0x11_4B)
    var mismatches: [String] = []
    var nextPages = 0
    func pick(_ choices: [String]) -> String { choices[Int(generator.next() % UInt64(choices.count))] }
    let (targets, rels, pads) = (Self.targets, Self.rels, Self.pads)
    for _ in 0..<5_000 {
      var header = ""
      for index in 0..<Int(generator.next() % 4) {
        if index > 0 { header += pick([",", ", ", " ,", ",,"]) }
        header += pick(pads) + "<" + pick(pads) + pick(targets) + pick(pads) + ">"
        for _ in 0..<Int(generator.next() % 3) {
          header += pick(pads) + ";" + pick(pads) + pick(rels)
        }
        if generator.next() % 10 == 0 { header += pick(["<", ">", ";", "=", "\""]) }
      }
      let expected = ReferenceLinkHeader.parse(header).mapValues(\.absoluteString)
      let actual = LinkHeader.parse(header).mapValues(\.absoluteString)
      if expected != actual { mismatches.append("parse \(header.debugDescription): \(actual) vs \(expected)") }
      let page = LinkHeader.nextPage(header)
      if page != ReferenceLinkHeader.nextPage(header) {
        mismatches.append("nextPage \(header.debugDescription): \(String(describing: page))")
      }
      if page != nil { nextPages += 1 }
    }
    #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, first: \(mismatches.prefix(3))")
    #expect(nextPages > 500, "too few headers had a next page for the comparison to mean much")
  }
}
