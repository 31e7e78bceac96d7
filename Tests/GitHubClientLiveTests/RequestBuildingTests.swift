import Foundation
import GitHubClient
import GitHubClientLive
import Testing

// How GitHubAPI builds requests: headers, percent-encoding and base URLs.

@Suite struct RequestBuildingTests {
  @Test func headersWithoutATokenAreExactlyTheThreeDefaults() {
    let request = makeAPI().searchRepositories(query: "swift", page: 1, perPage: 30)
    #expect(request.method == "GET")
    #expect(
      request.headers == [
        HTTPHeader("Accept", "application/vnd.github+json"),
        HTTPHeader("User-Agent", "reactor/x"),
        HTTPHeader("X-GitHub-Api-Version", "2022-11-28"),
      ])
    #expect(request.header("authorization") == nil)
  }

  @Test func aTokenAddsABearerAuthorization() {
    let request = makeAPI(token: "ghp_abc123").user("octocat")
    #expect(
      request.headers == [
        HTTPHeader("Accept", "application/vnd.github+json"),
        HTTPHeader("User-Agent", "reactor/x"),
        HTTPHeader("X-GitHub-Api-Version", "2022-11-28"),
        HTTPHeader("Authorization", "Bearer ghp_abc123"),
      ])
  }

  @Test func eventsWithAnETagAddIfNoneMatch() {
    let request = makeAPI().events(page: 2, perPage: 50, etag: #"W/"abc""#)
    #expect(request.url.absoluteString == "https://api.github.com/events?page=2&per_page=50")
    #expect(request.header("If-None-Match") == #"W/"abc""#)
    #expect(request.headers.last == HTTPHeader("If-None-Match", #"W/"abc""#))
    #expect(makeAPI().events(page: 1, perPage: 30, etag: nil).header("If-None-Match") == nil)
  }

  @Test func searchURLIsPercentEncoded() {
    let request = makeAPI().searchRepositories(query: "swift language:swift stars:>1000", page: 2, perPage: 30)
    #expect(
      request.url.absoluteString
        == "https://api.github.com/search/repositories?q=swift%20language%3Aswift%20stars%3A%3E1000&page=2&per_page=30")
  }

  @Test(arguments: [
    ("swift language:swift stars:>1000", "swift%20language%3Aswift%20stars%3A%3E1000"),
    ("c++ & go", "c%2B%2B%20%26%20go"),
    ("a=b#c?d/e", "a%3Db%23c%3Fd%2Fe"),
    ("unreserved-._~AZaz09", "unreserved-._~AZaz09"),
    ("\"quoted phrase\"", "%22quoted%20phrase%22"),
    ("é漢", "%C3%A9%E6%BC%A2"),
    ("100%", "100%25"),
  ])
  func percentEncoding(_ raw: String, _ encoded: String) {
    #expect(GitHubAPI.percentEncode(raw) == encoded)
  }

  @Test func encodedQueryRoundTripsThroughURLComponents() throws {
    let query = "c++ & go stars:>1000"
    let request = makeAPI().searchRepositories(query: query, page: 1, perPage: 30)
    let components = try #require(URLComponents(url: request.url, resolvingAgainstBaseURL: false))
    #expect(components.queryItems?.first { $0.name == "q" }?.value == query)
  }

  @Test func loginsAreEncodedInThePath() {
    #expect(makeAPI().user("octocat").url.absoluteString == "https://api.github.com/users/octocat")
    #expect(makeAPI().user("a/b c").url.absoluteString == "https://api.github.com/users/a%2Fb%20c")
  }

  @Test(arguments: [
    "https://ghe.example/api/v3", "https://ghe.example/api/v3/", "https://ghe.example/api/v3//",
  ])
  func enterpriseBaseURLKeepsItsPathPrefix(_ base: String) {
    let api = GitHubAPI(configuration: makeConfiguration(baseURL: base))
    #expect(
      api.searchRepositories(query: "x", page: 1, perPage: 30).url.absoluteString
        == "https://ghe.example/api/v3/search/repositories?q=x&page=1&per_page=30")
    #expect(api.user("octocat").url.absoluteString == "https://ghe.example/api/v3/users/octocat")
    #expect(
      api.events(page: 1, perPage: 30, etag: nil).url.absoluteString
        == "https://ghe.example/api/v3/events?page=1&per_page=30")
  }

  @Test func rootBaseURLWithTrailingSlash() {
    let api = GitHubAPI(configuration: makeConfiguration(baseURL: "http://127.0.0.1:8080/"))
    #expect(api.user("octocat").url.absoluteString == "http://127.0.0.1:8080/users/octocat")
  }

  @Test func queryParametersKeepTheirOrder() {
    let request = makeAPI().request("/x", query: [("b", "2"), ("a", "1"), ("b", "3")])
    #expect(request.url.absoluteString == "https://api.github.com/x?b=2&a=1&b=3")
  }
}
