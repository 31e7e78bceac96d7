import Foundation
import GitHubClientLive
import ReactorCore
import Testing

// Cassettes: how requests are matched to recorded exchanges, and what is kept of a URL.

/// The redaction before its fast path: every URL through `URLComponents`. The reference the
/// current one must agree with.
private func referenceRedactedPath(_ url: URL) -> String {
  guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url.path }
  if let items = components.percentEncodedQueryItems {
    components.percentEncodedQueryItems = items.map {
      ["access_token", "token", "client_secret", "client_id", "code"].contains($0.name.lowercased())
        ? URLQueryItem(name: $0.name, value: "REDACTED") : $0
    }
  }
  let query = components.percentEncodedQuery.map { "?" + $0 } ?? ""
  return components.percentEncodedPath + query
}

@Suite struct CassettePathTests {
  @Test func credentialParametersAreRedactedInAnyCase() {
    let url = URL(string: "https://api.github.com/search/repositories?q=swift&Access_Token=abc&page=2&CODE=x")!
    #expect(Cassette.redactedPath(url) == "/search/repositories?q=swift&Access_Token=REDACTED&page=2&CODE=REDACTED")
  }

  @Test func aURLWithNothingToRedactKeepsItsPathAndQueryAsWritten() {
    let url = URL(string: "https://api.github.com/search/repositories?q=language%3Aswift%20stars%3A%3E10&page=2")!
    #expect(Cassette.redactedPath(url) == "/search/repositories?q=language%3Aswift%20stars%3A%3E10&page=2")
    #expect(Cassette.redactedPath(URL(string: "https://api.github.com/users/octocat")!) == "/users/octocat")
  }

  @Test func agreesWithTheReferenceOnGeneratedURLs() {
    let generator = SeededGenerator(seed: 0xCA55)
    func pick(_ choices: [String]) -> String { choices[Int(generator.next() % UInt64(choices.count))] }
    let paths = ["/search/repositories", "/users/oct%20cat", "/events", "", "/a/b/", "/%E2%9C%93", "/x;y"]
    let names = [
      "q", "page", "per_page", "token", "TOKEN", "access_token", "client_id", "Client_Secret", "code", "tok%65n", "",
      "a b",
      "tokens", "xcode", "cod", "access_tokeN",
    ]
    let values = ["swift", "", "2", "language%3Aswift", "a=b", "%20", "REDACTED", "x+y", "é"]
    var mismatches: [String] = []
    for _ in 0..<3_000 {
      var text = "https://api.github.com" + pick(paths)
      let items = Int(generator.next() % 5)
      if items > 0 || generator.next() % 4 == 0 { text += "?" }
      for index in 0..<items {
        if index > 0 { text += pick(["&", "&", "&&"]) }
        text += pick(names)
        if generator.next() % 5 != 0 { text += "=" + pick(values) }
      }
      if generator.next() % 8 == 0 { text += "#frag" }
      guard let url = URL(string: text) else { continue }
      if Cassette.redactedPath(url) != referenceRedactedPath(url) {
        mismatches.append("\(text): \(Cassette.redactedPath(url)) vs \(referenceRedactedPath(url))")
      }
    }
    #expect(mismatches.count == 0, "\(mismatches.count) mismatches, first: \(mismatches.prefix(3))")
  }
}

@Suite struct ReplayingTransportTests {
  static let time = TimeSource(clock: ContinuousClock(), now: { 1_700_000_000 })

  static func exchange(_ path: String, body: String, status: Int = 200) -> Cassette.Exchange {
    Cassette.Exchange(
      request: HTTPRequest(url: URL(string: "https://api.github.com" + path)!),
      response: HTTPResponse(
        status: status, headers: [HTTPHeader("Link", "<x>; rel=\"next\""), HTTPHeader("ETag", "\"1\"")],
        body: Data(body.utf8)),
      latencyMs: 0)
  }

  static func request(_ path: String) -> HTTPRequest { HTTPRequest(url: URL(string: "https://example.com" + path)!) }

  @Test func eachRequestGetsTheFirstUnusedExchangeThenTheLastAgain() async throws {
    let cassette = Cassette(exchanges: [
      Self.exchange("/events?page=1", body: "first"), Self.exchange("/users/a", body: "user"),
      Self.exchange("/events?page=1", body: "second", status: 304),
    ])
    let transport = ReplayingTransport(cassette: cassette, time: Self.time)
    var bodies: [String] = []
    var statuses: [Int] = []
    for _ in 0..<4 {
      let response = try await transport.send(Self.request("/events?page=1"))
      bodies.append(String(decoding: response.body, as: UTF8.self))
      statuses.append(response.status)
    }
    #expect(bodies == ["first", "second", "second", "second"])
    #expect(statuses == [200, 304, 304, 304])
    #expect(transport.unusedCount == 1)
    let user = try await transport.send(Self.request("/users/a"))
    #expect(user == cassette.exchanges[1].response)
    #expect(user.headers.map(\.name) == ["ETag", "Link"])
    #expect(transport.unusedCount == 0)
  }

  @Test func aRequestWithNoRecordedAnswerFailsAndIsLogged() async {
    let log = ReplayLog()
    let transport = ReplayingTransport(
      cassette: Cassette(exchanges: [Self.exchange("/events?page=1", body: "x")]), time: Self.time, log: log)
    await #expect(throws: CassetteError.self) { try await transport.send(Self.request("/events?page=2")) }
    // The method is part of the match.
    var post = Self.request("/events?page=1")
    post.method = "POST"
    await #expect(throws: CassetteError.self) { try await transport.send(post) }
    #expect(log.problems.count == 2)
    #expect(log.problems.first?.contains("/events?page=2") == true)
  }

  @Test func aTokenInTheQueryMatchesTheRedactedRecording() async throws {
    let transport = ReplayingTransport(
      cassette: Cassette(exchanges: [Self.exchange("/events?page=1&access_token=secret", body: "ok")]), time: Self.time)
    #expect(transport.unusedCount == 1)
    let response = try await transport.send(Self.request("/events?page=1&access_token=other"))
    #expect(String(decoding: response.body, as: UTF8.self) == "ok")
  }
}
