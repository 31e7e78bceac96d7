import Foundation
import GitHubClient
import GitHubClientLive
import Testing

// Status and header -> GitHubError mapping with synthetic responses, transport failures, and
// the search API's 1,000-result cap.

/// One row of the status matrix.
struct StatusCase: Sendable, CustomTestStringConvertible {
  var name: String
  var response: HTTPResponse
  var expected: GitHubError
  var testDescription: String { name }

  init(
    _ name: String, _ status: Int, _ headers: [(String, String)] = [], body: String = "", expect expected: GitHubError
  ) {
    self.name = name
    self.response = httpResponse(status, headers, body: body)
    self.expected = expected
  }
}

private let statusCases: [StatusCase] = [
  StatusCase(
    "403 with Retry-After", 403, [("Retry-After", "30")], body: #"{"message":"You have exceeded a limit"}"#,
    expect: .secondaryRateLimited(retryAfter: 30)),
  StatusCase(
    "403 with padded Retry-After", 403, [("retry-after", " 7 ")], expect: .secondaryRateLimited(retryAfter: 7)),
  StatusCase("429 with no headers", 429, expect: .secondaryRateLimited(retryAfter: nil)),
  StatusCase("429 with Retry-After", 429, [("Retry-After", "120")], expect: .secondaryRateLimited(retryAfter: 120)),
  StatusCase(
    "403 with GitHub's secondary rate limit message", 403,
    body: #"{"message":"You have exceeded a secondary rate limit. Please wait a few minutes before you try again."}"#,
    expect: .secondaryRateLimited(retryAfter: nil)),
  StatusCase(
    "403 with remaining 0 is the primary limit even with Retry-After", 403,
    [("x-ratelimit-remaining", "0"), ("Retry-After", "60")], expect: .rateLimited(resetsIn: nil, authenticated: false)),
  StatusCase(
    "plain 403", 403, body: #"{"message":"Resource not accessible by integration"}"#,
    expect: .forbidden("Resource not accessible by integration")),
  StatusCase("403 without a body", 403, expect: .forbidden("HTTP 403")),
  StatusCase("404", 404, body: #"{"message":"Not Found"}"#, expect: .notFound("Not Found")),
  StatusCase("404 without a body", 404, expect: .notFound("HTTP 404")),
  StatusCase(
    "422 with GitHub's errors array", 422,
    body:
      #"{"message":"Validation Failed","errors":[{"message":"The listed users cannot be searched","resource":"Search","field":"q","code":"invalid"}],"documentation_url":"https://docs.github.com"}"#,
    expect: .validationFailed("Validation Failed: The listed users cannot be searched")),
  StatusCase(
    "422 with field and code only", 422,
    body: #"{"message":"Validation Failed","errors":[{"resource":"Search","field":"q","code":"missing"}]}"#,
    expect: .validationFailed("Validation Failed: q missing")),
  StatusCase("422 without a body", 422, expect: .validationFailed("Validation Failed")),
  StatusCase("500", 500, body: #"{"message":"Server Error"}"#, expect: .server(status: 500, message: "Server Error")),
  StatusCase("502 HTML", 502, body: "<html>Bad Gateway</html>", expect: .server(status: 502, message: nil)),
  StatusCase("503 empty", 503, expect: .server(status: 503, message: nil)),
  StatusCase("401 empty, no token sent", 401, expect: .unauthorized("HTTP 401", authenticated: false)),
  StatusCase("418", 418, body: #"{"message":"I'm a teapot"}"#, expect: .http(status: 418, message: "I'm a teapot")),
  StatusCase("301 is not followed here", 301, expect: .http(status: 301, message: nil)),
]

@Suite struct ErrorMappingTests {
  @Test(arguments: statusCases)
  func statusMapsToError(_ row: StatusCase) {
    #expect(throws: row.expected) { try makeAPI().checkStatus(row.response) }
    #expect(throws: row.expected) { try makeAPI().searchPage(row.response, page: 1, perPage: 30) }
  }

  @Test(arguments: [200, 201, 204, 299])
  func successStatusesPass(_ status: Int) throws {
    try makeAPI().checkStatus(httpResponse(status))
  }

  @Test func notModifiedEventsAreNotAnError() throws {
    let response = httpResponse(304, [("ETag", #"W/"abc""#)])
    #expect(try makeAPI().eventsResult(response, page: 1) == .notModified)
  }

  @Test("a server that echoes the token in its error message never gets it printed")
  func theTokenIsNeverInAMessage() {
    let token = "ghp_FAKETOKEN1234567890"
    let body = #"{"message":"Bad credentials for token \#(token)","errors":[{"message":"\#(token) is revoked"}]}"#
    #expect(throws: GitHubError.unauthorized("Bad credentials for token <token>: <token> is revoked")) {
      try makeAPI(token: token).checkStatus(httpResponse(401, body: body))
    }
    #expect(throws: GitHubError.notFound("Bad credentials for token <token>: <token> is revoked")) {
      try makeAPI(token: token).checkStatus(httpResponse(404, body: body))
    }
  }

  @Test func eventsErrorsMapLikeOthers() {
    #expect(throws: GitHubError.server(status: 500, message: nil)) {
      try makeAPI().eventsResult(httpResponse(500), page: 1)
    }
  }

  @Test func searchBodyOfTheWrongShapeIsInvalid() {
    #expect(throws: GitHubError.invalidResponse("missing field 'total_count'")) {
      try makeAPI().searchPage(httpResponse(200, body: #"{"items":[]}"#), page: 1, perPage: 30)
    }
    #expect(throws: GitHubError.invalidResponse("not valid JSON")) {
      try makeAPI().searchPage(httpResponse(200, body: "<html>"), page: 1, perPage: 30)
    }
  }

  // MARK: - Transport failures

  @Test func transportErrorsMap() {
    #expect(GitHubError.from(HTTPTransportError.timedOut) == .timeout(seconds: nil))
    #expect(
      GitHubError.from(HTTPTransportError.unreachable("connection refused")) == .transport("connection refused"))
    #expect(GitHubError.from(HTTPTransportError.bodyTooLarge(limit: 5)) == .responseTooLarge(limit: 5))
    #expect(GitHubError.from(CancellationError()) == .cancelled)
    #expect(GitHubError.from(GitHubError.notFound("x")) == .notFound("x"))
    struct Odd: Error, CustomStringConvertible { var description: String { "odd failure" } }
    #expect(GitHubError.from(Odd()) == .transport("odd failure"))
    #expect(GitHubError.timeout(seconds: nil).code == "timeout" && GitHubError.transport("x").code == "offline")
  }

  // MARK: - The 1,000-result cap

  /// A page with a `Link` that offers a next page.
  private func pageWithNext(_ page: Int, perPage: Int = 30) -> HTTPResponse {
    httpResponse(
      200,
      [("Link", "<https://api.github.com/search/repositories?q=x&page=\(page + 1)>; rel=\"next\"")],
      body: #"{"total_count":5000,"incomplete_results":false,"items":[]}"#)
  }

  @Test(
    arguments: [(33, 30, 34), (34, 30, nil), (35, 30, nil), (9, 100, 10), (10, 100, nil), (1, 1000, nil)]
      as [(Int, Int, Int?)])
  func nextPageStopsAtTheCap(page: Int, perPage: Int, expected: Int?) throws {
    let decoded = try makeAPI().searchPage(pageWithNext(page, perPage: perPage), page: page, perPage: perPage)
    #expect(decoded.nextPage == expected)
    #expect(decoded.totalCount == 5000)
  }
}
