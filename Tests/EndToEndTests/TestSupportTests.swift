import Foundation
import TestSupport
import Testing

// Tests of TestSupport's recorded-fixture reader (LoopbackServerTests.swift covers the server).
// Tests that need the recordings carry `.needsRecordedFixtures`: skipped, and counted as such,
// when ../shared/fixtures/github-recorded is absent.

/// Every recorded file, with the statuses and body sizes (bytes) of its exchanges.
private let recordedFiles: [(name: String, statuses: [Int], bodySizes: [Int])] = [
  ("Search.testSearchRepos.txt", [200, 200], [140_961, 146_436]),
  ("Search.testSearchReposWithNoResults.txt", [200], [55]),
  ("NamedUser.testAttributesOfOtherUser.txt", [200], [653]),
  ("Exceptions.testUnknownUser.txt", [404], [23]),
  ("SpecificExceptions.testRateLimitExceeded.txt", [200, 403], [1299, 56]),
  ("Exceptions.testBadAuthentication.txt", [401], [29]),
  ("Exceptions.testJSONParseError.txt", [200], [183]),
  ("Exceptions.testNonJsonDataReturnedByGithub.txt", [503], [104]),
  ("Github.testGetEvents.txt", [200], [43_942]),
]

/// Ten recorded lines with the given header literal, status and body, for parser tests.
private func exchangeText(
  path: String = "/x", headers: String = "{'User-Agent': 'test'}", status: String = "200",
  responseHeaders: String = "[('a', 'b')]", body: String = "{}"
) -> String {
  ["https", "GET", "api.github.com", "None", path, headers, "None", status, responseHeaders, body]
    .joined(separator: "\n")
}

@Suite struct RecordedFixturesTests {
  @Test(.needsRecordedFixtures) func everyRecordedFileParses() throws {
    for file in recordedFiles {
      let exchanges = try RecordedFixtures.load(file.name)
      #expect(exchanges.map(\.status) == file.statuses, "\(file.name)")
      #expect(exchanges.map(\.body.count) == file.bodySizes, "\(file.name)")
      for exchange in exchanges {
        #expect(
          exchange.method == "GET" && exchange.host == "api.github.com" && exchange.port == nil)
        #expect(exchange.pathAndQuery.hasPrefix("/"))
        #expect(exchange.requestHeaders["User-Agent"] == "PyGithub/Python")
        #expect(exchange.requestBody == nil)
        #expect(exchange.body.last != UInt8(ascii: "\n"))
        #expect(exchange.responseHeader("CONTENT-TYPE")?.hasPrefix("application/json") == true)
        let isJSON = (try? JSONSerialization.jsonObject(with: exchange.body)) != nil
        #expect(isJSON == !(file.name.contains("JSONParseError") || file.name.contains("NonJson")))
      }
    }
  }

  @Test(.needsRecordedFixtures) func searchPageOneDecodesAndHasLinkHeader() throws {
    let exchanges = try RecordedFixtures.load("Search.testSearchRepos.txt")
    let page1 = exchanges[0]
    #expect(
      page1.pathAndQuery == "/search/repositories?sort=stars&q=github+language%3APython&order=desc")
    let json = try #require(try JSONSerialization.jsonObject(with: page1.body) as? [String: Any])
    #expect((json["items"] as? [Any])?.count == 30)
    #expect(json["total_count"] as? Int == 2723)
    let link = try #require(page1.responseHeader("Link"))
    #expect(link == page1.responseHeader("LINK"))
    #expect(link.contains(#"&page=2>; rel="next""#) && link.contains(#"rel="last""#))
    #expect(page1.responseHeaders.first?.name == "status")  // recorded order is kept
  }

  @Test(.needsRecordedFixtures) func doubleQuotedStringsAndNewStyleHeaders() throws {
    let events = try #require(try RecordedFixtures.load("Github.testGetEvents.txt").first)
    #expect(events.responseHeader("content-security-policy") == "default-src 'none'")
    #expect(events.responseHeader("etag") == #"W/"3a593e38a3ba7d45b1eaaf7b919e070b""#)
    #expect(events.responseHeaders.count == 25)
  }

  @Test func parsesEscapesTrailingCommasAndSeveralExchanges() throws {
    let headers = #"[('X-A', 'it\'s'), ("X-B", "say \"hi\"\\n"), ('x-c', '\x41\u00e9\t\101'),]"#
    let text =
      exchangeText(headers: "{'K': 'v', }", responseHeaders: headers) + "\n\n"
      + exchangeText(path: "/y?q=1", status: "204", body: "") + "\n"
    let exchanges = try RecordedFixtures.parse(Data(text.utf8))
    #expect(exchanges.count == 2)
    #expect(exchanges[0].requestHeaders == ["K": "v"])
    #expect(exchanges[0].responseHeader("x-a") == "it's")
    #expect(exchanges[0].responseHeader("x-b") == #"say "hi"\n"#)
    #expect(exchanges[0].responseHeader("X-C") == "A\u{e9}\tA")
    #expect(exchanges[1].pathAndQuery == "/y?q=1" && exchanges[1].status == 204)
    #expect(exchanges[1].body.isEmpty)
  }

  @Test(arguments: [
    (exchangeText(responseHeaders: "[('a', 'b')"), "t.txt:9:"),
    (exchangeText(responseHeaders: "[('a', 'b', 'c')]"), "t.txt:9:"),
    (exchangeText(headers: "{'a': 'unterminated}"), "t.txt:6:"),
    (exchangeText(status: "OK"), "t.txt:8:"),
    (exchangeText() + "\n\nhttps\nGET\n", "t.txt:12:"),
    ("", "t.txt:1:"),
  ])
  func malformedInputIsReportedWithFileAndLine(text: String, location: String) {
    do {
      _ = try RecordedFixtures.parse(Data(text.utf8), fileName: "t.txt")
      Issue.record("expected an error for \(text)")
    } catch {
      #expect("\(error)".hasPrefix(location), "\(error)")
    }
  }

  @Test(.needsRecordedFixtures) func missingFileThrowsDescriptiveError() {
    #expect {
      _ = try RecordedFixtures.load("NoSuchFile.txt")
    } throws: { "\($0)".contains("NoSuchFile.txt") }
  }
}
