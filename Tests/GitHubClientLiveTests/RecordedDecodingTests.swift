import Foundation
import GitHubClient
import GitHubClientLive
import TestSupport
import Testing

// GitHubAPI's decoding and error mapping against every real recording in
// ../shared/fixtures/github-recorded. Each test is skipped (`.needsRecordedFixtures`) when the
// recordings are absent.

@Suite struct RecordedDecodingTests {
  // MARK: - Search

  @Test(.needsRecordedFixtures) func searchReposPageOneDecodes() throws {
    let exchanges = try RecordedFixtures.load("Search.testSearchRepos.txt")
    let page = try makeAPI().searchPage(httpResponse(exchanges[0]), page: 1, perPage: 30)
    #expect(page.items.count == 30)
    #expect(page.page == 1)
    #expect(page.nextPage == 2)
    #expect(page.totalCount == 2723)
    #expect(page.incompleteResults == false)
    let first = try #require(page.items.first)
    #expect(first.id == 1_951_148)
    #expect(first.fullName == "kennethreitz/legit")
    #expect(first.stars == 3036)
    #expect(first.language == "Python")
    #expect(first.url == "https://github.com/kennethreitz/legit")
    #expect(first.description == "Git for Humans, Inspired by GitHub for Mac™.")
  }

  @Test(.needsRecordedFixtures) func searchReposPageTwoDecodesWithFourLinkRelations() throws {
    let exchanges = try RecordedFixtures.load("Search.testSearchRepos.txt")
    let first = try makeAPI().searchPage(httpResponse(exchanges[0]), page: 1, perPage: 30)
    let page = try makeAPI().searchPage(httpResponse(exchanges[1]), page: 2, perPage: 30)
    #expect(page.items.count == 30)
    #expect(page.page == 2)
    #expect(page.nextPage == 3)
    #expect(page.totalCount == 2723)
    let repository = try #require(page.items.first)
    #expect(repository.fullName == "logsol/Github-Auto-Deploy")
    #expect(repository.stars == 159)
    #expect(repository.language == "Python")
    #expect(repository.url == "https://github.com/logsol/Github-Auto-Deploy")
    let ids = (first.items + page.items).map(\.id)
    #expect(Set(ids).count == 60, "no repository appears on both pages")
  }

  @Test(.needsRecordedFixtures) func searchWithNoResultsHasNoNextPage() throws {
    let exchanges = try RecordedFixtures.load("Search.testSearchReposWithNoResults.txt")
    let page = try makeAPI().searchPage(httpResponse(exchanges[0]), page: 1, perPage: 1)
    #expect(page.items.isEmpty)
    #expect(page.nextPage == nil)
    #expect(page.totalCount == 0)
    #expect(page.incompleteResults == false)
  }

  // MARK: - Users

  @Test(.needsRecordedFixtures) func existingUserExists() throws {
    let exchanges = try RecordedFixtures.load("NamedUser.testAttributesOfOtherUser.txt")
    #expect(try makeAPI().userExists(httpResponse(exchanges[0])) == true)
  }

  @Test(.needsRecordedFixtures) func unknownUserDoesNotExist() throws {
    let exchanges = try RecordedFixtures.load("Exceptions.testUnknownUser.txt")
    #expect(exchanges[0].status == 404)
    #expect(try makeAPI().userExists(httpResponse(exchanges[0])) == false)
  }

  // MARK: - Errors

  @Test(.needsRecordedFixtures) func rateLimitExceededIsThePrimaryLimitWithTheFallbackWait() throws {
    let exchanges = try RecordedFixtures.load("SpecificExceptions.testRateLimitExceeded.txt")
    // The first answer is a 200 that used the last request: still a success.
    #expect(try makeAPI().userExists(httpResponse(exchanges[0])) == true)
    // The second is the 403; the recording has no x-ratelimit-reset, so no wait is known.
    let expected = GitHubError.rateLimited(resetsIn: nil, authenticated: false)
    #expect(throws: expected) { try makeAPI().userExists(httpResponse(exchanges[1])) }
    #expect(expected.code == "rate-limited")
    #expect(expected.message == "GitHub rate limit reached; try again in a minute. Set GH_TOKEN for a higher limit.")
  }

  @Test(.needsRecordedFixtures) func rateLimitWithResetHeaderCountsSecondsFromTheInjectedClock() throws {
    let recorded = try RecordedFixtures.load("SpecificExceptions.testRateLimitExceeded.txt")[1]
    var response = httpResponse(recorded)
    let reset = Int(fixedNow.timeIntervalSince1970) + 42
    response.headers.append(HTTPHeader("x-ratelimit-reset", String(reset)))

    // The recording has no X-RateLimit-Resource: GET /users counts against core.
    let budget = RateLimit(resource: "core", limit: 60, remaining: 0, reset: reset)
    let anonymous = GitHubError.rateLimited(resetsIn: 42, authenticated: false, budget: budget)
    #expect(throws: anonymous) { try makeAPI().userExists(response) }
    #expect(anonymous.message == "GitHub rate limit reached; resets in 42 s. Set GH_TOKEN for a higher limit.")

    let authenticated = GitHubError.rateLimited(resetsIn: 42, authenticated: true, budget: budget)
    #expect(throws: authenticated) { try makeAPI(token: "ghp_secret").userExists(response) }
    #expect(authenticated.message == "GitHub rate limit reached; resets in 42 s.")
    #expect(!authenticated.message.contains("GH_TOKEN"))
    #expect(
      anonymous.details
        == [
          "retryAfter": .int(42), "remaining": .int(0), "limit": .int(60), "resource": .string("core"),
          "resetAt": .string("2023-11-14T22:14:02Z"),
        ])
  }

  @Test func rateLimitResetInThePastWaitsZeroSeconds() throws {
    let response = httpResponse(
      403, [("X-RateLimit-Remaining", "0"), ("X-RateLimit-Reset", String(Int(fixedNow.timeIntervalSince1970) - 5))],
      body: #"{"message":"API rate limit exceeded"}"#)
    #expect(throws: GitHubError.rateLimited(resetsIn: 0, authenticated: false)) {
      try makeAPI().userExists(response)
    }
  }

  @Test(.needsRecordedFixtures) func badAuthenticationIsUnauthorized() throws {
    let exchanges = try RecordedFixtures.load("Exceptions.testBadAuthentication.txt")
    // Sent without a token, the 401 asks for one; with one, it blames it.
    let expected = GitHubError.unauthorized("Bad credentials", authenticated: false)
    #expect(throws: expected) { try makeAPI().userExists(httpResponse(exchanges[0])) }
    #expect(throws: expected) { try makeAPI().searchPage(httpResponse(exchanges[0]), page: 1, perPage: 30) }
    #expect(expected.message == "GitHub requires a token for this (Bad credentials). Set GH_TOKEN or GITHUB_TOKEN.")
    #expect(
      GitHubError.unauthorized("Bad credentials").message
        == "GitHub rejected the token (Bad credentials). Check GH_TOKEN or GITHUB_TOKEN.")
  }

  @Test(.needsRecordedFixtures) func truncatedJSONIsAnInvalidResponse() async throws {
    let exchanges = try RecordedFixtures.load("Exceptions.testJSONParseError.txt")
    let error = await gitHubError { try makeAPI().userExists(httpResponse(exchanges[0])) }
    guard case .invalidResponse(let detail)? = error else {
      Issue.record("expected .invalidResponse, got \(String(describing: error))")
      return
    }
    #expect(detail == "not valid JSON")
    #expect(error?.code == "invalid-response")
  }

  @Test(.needsRecordedFixtures) func htmlServiceUnavailableIsAServerErrorWithoutMessage() throws {
    let exchanges = try RecordedFixtures.load("Exceptions.testNonJsonDataReturnedByGithub.txt")
    let expected = GitHubError.server(status: 503, message: nil)
    #expect(throws: expected) { try makeAPI().userExists(httpResponse(exchanges[0])) }
    #expect(expected.message == "GitHub had a server error (HTTP 503); try again later.")
  }

  // MARK: - Events

  @Test(.needsRecordedFixtures) func eventsDecodeWithNextPageAndETag() throws {
    let exchanges = try RecordedFixtures.load("Github.testGetEvents.txt")
    let result = try makeAPI().eventsResult(httpResponse(exchanges[0]), page: 1)
    guard case .page(let page, let etag) = result else {
      Issue.record("expected a page, got \(result)")
      return
    }
    #expect(page.items.count == 30)
    #expect(page.page == 1)
    #expect(page.nextPage == 2)
    #expect(etag == #"W/"3a593e38a3ba7d45b1eaaf7b919e070b""#)
    #expect(Set(page.items.map(\.id)).count == 30)
    #expect(page.items.prefix(3).map(\.id) == ["12155213000", "12155213002", "12155212999"])
    #expect(page.items.last?.id == "12155212927")
    let first = page.items[0]
    #expect(first.type == "PushEvent")
    #expect(first.actor == "fengjixuchui")
    #expect(first.repository == "fengjixuchui/EmbeddedSystem")
    #expect(first.createdAt == 1_587_816_420)  // 2020-04-25T12:07:00Z
    #expect(first.detail == "master")
    #expect(page.items[1].type == "WatchEvent" && page.items[1].actor == "MichaelEvtushenko")
    #expect(page.items.last?.createdAt == 1_587_816_419)  // 12:06:59Z
    #expect(page.items.allSatisfy { $0.createdAt > 0 })
  }
}
