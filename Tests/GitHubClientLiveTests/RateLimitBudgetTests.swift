import Foundation
import GitHubClient
import GitHubClientLive
import TestSupport
import Testing

// The rate-limit budget and the checks made before sending, against loopback servers that
// send GitHub's recorded headers.

private func client(_ baseURL: String, token: String? = nil) throws -> GitHubClient {
  let environment = token.map { ["GH_TOKEN": $0] } ?? [:]
  let configuration = try GitHubConfiguration.resolve(
    apiURL: baseURL, environment: { environment[$0] }, userAgent: "reactor/x")
  return .live(configuration: configuration, transport: CurlTransport(timeout: 600))
}

private let searchBody = #"{"total_count":1,"incomplete_results":false,"items":[]}"#

@Suite(.serialized) struct RateLimitBudgetTests {
  @Test(.needsRecordedFixtures) func theBudgetAfterEachRequestIsTheLastResponsesHeaders() async throws {
    var exchanges = try RecordedFixtures.load("Search.testSearchRepos.txt")
    exchanges[0].pathAndQuery = "/search/repositories?q=github+language%3APython&page=1&per_page=30"
    exchanges[1].pathAndQuery = "/search/repositories?q=github+language%3APython&page=2&per_page=30"
    let server = try LoopbackServer.replaying(exchanges)
    defer { server.stop() }
    let client = try client(server.baseURL)
    #expect(client.rateLimits().isEmpty)
    _ = try await client.searchRepositories("github language:Python", 1, 30)
    // The 2014 recording has no X-RateLimit-Resource: a search path counts against search.
    #expect(client.rateLimits() == [RateLimit(resource: "search", limit: 30, remaining: 29, reset: 1_393_821_241)])
    _ = try await client.searchRepositories("github language:Python", 2, 30)
    #expect(client.rateLimits() == [RateLimit(resource: "search", limit: 30, remaining: 28, reset: 1_393_821_241)])
    #expect(client.rateLimits().first?.resetAt == "2014-03-03T04:34:01Z")
  }

  @Test("a resource header that is not a name (a control sequence) is not taken: it is printed")
  func aResourceThatIsNotANameIsNotTaken() {
    func budget(_ resource: String, path: String) -> String? {
      let headers = [
        HTTPHeader("X-RateLimit-Limit", "30"), HTTPHeader("X-RateLimit-Remaining", "2"),
        HTTPHeader("X-RateLimit-Reset", "1700000060"), HTTPHeader("X-RateLimit-Resource", resource),
      ]
      return GitHubAPI.rateLimit(in: HTTPResponse(status: 200, headers: headers), path: path)?.resource
    }
    #expect(budget("se\u{1B}]0;pwned\u{07}arch", path: "/search/repositories") == "search")
    #expect(budget("core\u{9B}31m", path: "/users/octocat") == "core")
    #expect(budget("Code_Scanning-Upload ", path: "/x") == "code_scanning-upload")
  }

  @Test func eachResourceKeepsItsOwnBudget() async throws {
    let server = try LoopbackServer { request in
      let search = request.pathAndQuery.hasPrefix("/search/")
      return .json(
        200, search ? searchBody : #"{"login":"octocat"}"#,
        headers: [
          ("X-RateLimit-Limit", search ? "30" : "5000"), ("X-RateLimit-Remaining", search ? "2" : "4999"),
          ("X-RateLimit-Reset", "1700000060"), ("X-RateLimit-Used", search ? "28" : "1"),
          ("X-RateLimit-Resource", search ? "search" : "core"),
        ])
    }
    defer { server.stop() }
    let client = try client(server.baseURL)
    _ = try await client.userExists("octocat")
    _ = try await client.searchRepositories("swift", 1, 30)
    let budgets = client.rateLimits()
    #expect(budgets.map(\.resource) == ["core", "search"])
    #expect(budgets[0] == RateLimit(resource: "core", limit: 5000, remaining: 4999, used: 1, reset: 1_700_000_060))
    #expect(budgets[1].isLow && !budgets[0].isLow)
    #expect(budgets[1].jsonValue["used"] == .int(28))
  }

  @Test func aPrimaryLimitErrorCarriesTheBudgetAndResetAt() async throws {
    let server = try LoopbackServer { _ in
      .json(
        403, #"{"message":"API rate limit exceeded"}"#,
        headers: [
          ("X-RateLimit-Limit", "10"), ("X-RateLimit-Remaining", "0"), ("X-RateLimit-Reset", "1795251642"),
          ("X-RateLimit-Resource", "search"),
        ])
    }
    defer { server.stop() }
    let error = await gitHubError { try await client(server.baseURL).searchRepositories("swift", 1, 30) }
    let failure = try #require(error)
    #expect(failure.category == .rateLimit)
    #expect(failure.details["resetAt"] == .string("2026-11-21T09:00:42Z"))
    #expect(failure.details["remaining"] == .int(0))
    #expect(failure.details["limit"] == .int(10))
    #expect(failure.details["resource"] == .string("search"))
    #expect(failure.details["retryAfter"] != nil)
  }

  @Test func sortAndOrderAreParametersOnTheWire() async throws {
    let server = try LoopbackServer { _ in .json(200, searchBody) }
    defer { server.stop() }
    let client = try client(server.baseURL)
    _ = try await client.search(RepositorySearch(query: "swift", sort: .stars, order: .asc, page: 2, perPage: 30))
    _ = try await client.search(RepositorySearch(query: "swift", sort: .helpWantedIssues, page: 1, perPage: 30))
    _ = try await client.search(RepositorySearch(query: "swift", sort: .best, order: .asc, page: 1, perPage: 30))
    #expect(
      server.requests.map(\.pathAndQuery) == [
        "/search/repositories?q=swift&sort=stars&order=asc&page=2&per_page=30",
        "/search/repositories?q=swift&sort=help-wanted-issues&order=desc&page=1&per_page=30",
        "/search/repositories?q=swift&page=1&per_page=30",
      ])
  }

  @Test func aQueryOverGitHubsLengthIsRefusedBeforeSending() async throws {
    let server = try LoopbackServer { _ in .json(200, searchBody) }
    defer { server.stop() }
    let client = try client(server.baseURL)
    let long = String(repeating: "a", count: 257)
    let error = await gitHubError { try await client.searchRepositories(long + " language:go stars:>10", 1, 30) }
    #expect(error == .tooLong(length: 257, limit: 256))
    #expect(error?.message.contains("257 characters of text, at most 256") == true)
    #expect(server.requests.isEmpty)
    // Qualifiers do not count.
    _ = try await client.searchRepositories(String(repeating: "a", count: 256) + " language:go", 1, 30)
    #expect(server.requests.count == 1)
  }

  @Test func a414SaysTheRequestWasTooLong() async throws {
    let server = try LoopbackServer { _ in LoopbackResponse(status: 414, body: Data("URI Too Long".utf8)) }
    defer { server.stop() }
    let error = await gitHubError { try await client(server.baseURL).searchRepositories("swift", 1, 30) }
    #expect(error == .tooLong(length: nil, limit: nil))
    #expect(error?.message == "GitHub refused the request as too long (HTTP 414). Shorten the query.")
    #expect(error?.category == .request)
  }

  @Test func aTokenIsNotSentOverPlainHTTPExceptToLoopback() async throws {
    let transport = CountingTransport()
    let environment = ["GH_TOKEN": "ghp_secret"]
    let configuration = try GitHubConfiguration.resolve(
      apiURL: "http://ghe.example.com/api/v3", environment: { environment[$0] }, userAgent: "reactor/x")
    let client = GitHubClient.live(configuration: configuration, transport: transport)
    let error = await gitHubError { try await client.searchRepositories("swift", 1, 30) }
    #expect(error == .insecureToken(host: "ghe.example.com"))
    #expect(error?.message.contains("plain http:// to ghe.example.com") == true)
    #expect(error?.message.contains("ghp_secret") == false)
    #expect(error?.category == .configuration)
    #expect(transport.count == 0)
    // Without a token the same server is fine, and loopback gets the token over http.
    let anonymous = GitHubClient.live(
      configuration: try GitHubConfiguration.resolve(
        apiURL: "http://ghe.example.com/api/v3", environment: { _ in nil }, userAgent: "reactor/x"),
      transport: transport)
    _ = try? await anonymous.searchRepositories("swift", 1, 30)
    #expect(transport.count == 1)
    for host in ["127.0.0.1", "localhost", "[::1]", "127.1.2.3"] {
      #expect(GitHubClient.isLoopback(host), "\(host)")
    }
    for host in ["128.0.0.1", "example.com", "127.0.0.1.example.com", "localhost.example.com"] {
      #expect(!GitHubClient.isLoopback(host), "\(host)")
    }
  }

  @Test func couldNotReachGitHubSuggestsOfflineOnlyWithoutAnyConfiguration() async throws {
    let port = try RefusingPort()
    defer { port.close() }
    let plain = GitHubConfiguration(
      baseURL: URL(string: "http://127.0.0.1:\(port.port)")!, userAgent: "x", apiURLWasSet: false)
    let hinted = await gitHubError {
      try await GitHubClient.live(configuration: plain, transport: CurlTransport(timeout: 5))
        .searchRepositories("swift", 1, 30)
    }
    #expect(hinted?.message.hasSuffix("; to try reactor without a network, run it with --offline.") == true)
    var chosen = plain
    chosen.apiURLWasSet = true
    let plainError = await gitHubError {
      try await GitHubClient.live(configuration: chosen, transport: CurlTransport(timeout: 5))
        .searchRepositories("swift", 1, 30)
    }
    #expect(plainError?.message.contains("--offline") == false)
  }

  @Test func theTimeoutNamesItsSecondsAndTheFlag() async throws {
    let server = try LoopbackServer { _ in LoopbackResponse(status: 200, body: Data("{}".utf8), delay: .seconds(600)) }
    defer { server.stop() }
    var configuration = try GitHubConfiguration.resolve(
      apiURL: server.baseURL, environment: { _ in nil }, userAgent: "reactor/x")
    configuration.timeoutSeconds = 1
    let error = await gitHubError {
      try await GitHubClient.live(configuration: configuration, transport: CurlTransport(timeout: 1))
        .searchRepositories("swift", 1, 30)
    }
    #expect(error == .timeout(seconds: 1))
    #expect(error?.message == "GitHub did not answer within 1 s; try again, or allow longer with --timeout.")
    #expect(error?.details["timeoutSeconds"] == .int(1))
  }
}
