import Testing

@testable import GitHubClientLive

// Header names are ASCII tokens, compared ignoring ASCII case only (RFC 9110, 5.1).

@Suite("HTTP header names")
struct HTTPHeaderNameTests {
  static let headers = [HTTPHeader("Content-Type", "application/json"), HTTPHeader("LINK", "<x>; rel=\"next\"")]

  @Test("any ASCII case of a name finds its field", arguments: ["link", "Link", "LINK", "lInK"])
  func asciiCase(name: String) {
    #expect(Self.headers.value(of: name) == "<x>; rel=\"next\"")
  }

  @Test(
    "Unicode case folding does not make a name match",
    arguments: [
      "lin\u{212A}",  // KELVIN SIGN, which folds to k
      "\u{17F}tatus",  // LATIN SMALL LETTER LONG S, which folds to s
      "lınk",  // dotless i
    ])
  func noUnicodeFolding(name: String) {
    let headers = [HTTPHeader(name, "spoofed")]
    #expect(headers.value(of: name) == "spoofed")
    #expect(headers.value(of: "link") == nil)
    #expect(headers.value(of: "status") == nil)
  }

  @Test("only letters fold: punctuation and digits that differ in bit 5 do not match")
  func onlyLettersFold() {
    // "-" (0x2D) and "\r" (0x0D) differ only in bit 5; so do "@" and "`", "[" and "{".
    #expect(!HTTPHeader.sameName("a-b", "a\rb"))
    #expect(!HTTPHeader.sameName("@", "`"))
    #expect(!HTTPHeader.sameName("[", "{"))
    #expect(!HTTPHeader.sameName("link", "lin"))
    #expect(HTTPHeader.sameName("", ""))
    #expect(HTTPHeader.sameName("X-RateLimit-Remaining", "x-ratelimit-remaining"))
  }
}
