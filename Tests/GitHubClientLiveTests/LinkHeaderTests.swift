import Foundation
import GitHubClientLive
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

  @Test func relationNamesAreCaseInsensitive() {
    // RFC 8288 section 2.1.1: relation types are compared case-insensitively.
    #expect(LinkHeader.nextPage("<\(base)&page=2>; rel=\"NEXT\"") == 2)
    #expect(LinkHeader.nextPage("<\(base)&page=2>; REL=\"next\"") == 2)
  }
}
