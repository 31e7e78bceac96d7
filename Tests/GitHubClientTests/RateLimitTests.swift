import GitHubClient
import ReactorJSON
import Testing

// Rate-limit budgets, their times in UTC, and the search request's own checks.

@Suite struct RateLimitTests {
  @Test func resetTimesAreISO8601InUTC() {
    #expect(ISO8601UTC.string(fromEpochSeconds: 0) == "1970-01-01T00:00:00Z")
    #expect(ISO8601UTC.string(fromEpochSeconds: 951_782_400) == "2000-02-29T00:00:00Z")
    #expect(ISO8601UTC.string(fromEpochSeconds: 1_795_251_642) == "2026-11-21T09:00:42Z")
    #expect(ISO8601UTC.string(fromEpochSeconds: -1) == "1969-12-31T23:59:59Z")
  }

  @Test func lowMeansLessThanATenth() {
    #expect(RateLimit(resource: "search", limit: 30, remaining: 2, reset: 0).isLow)
    #expect(!RateLimit(resource: "search", limit: 30, remaining: 3, reset: 0).isLow)
    #expect(!RateLimit(resource: "core", limit: 0, remaining: 0, reset: 0).isLow)
    #expect(RateLimit(resource: "core", limit: 60, remaining: 0, reset: 100).resetsIn(now: 40.5) == 60)
    #expect(RateLimit(resource: "core", limit: 60, remaining: 0, reset: 100).resetsIn(now: 200) == 0)
  }

  @Test func aSecondaryLimitsDetailsAreWhatGitHubSaid() {
    #expect(GitHubError.secondaryRateLimited(retryAfter: 37).details == ["retryAfter": .int(37)])
    #expect(GitHubError.secondaryRateLimited(retryAfter: nil).details == [:])
    #expect(GitHubError.tooLong(length: 300, limit: 256).details == ["length": .int(300), "maxLength": .int(256)])
  }

  @Test func theFreeTextLengthLeavesQualifiersOut() {
    #expect(RepositorySearch(query: "a bb language:go", page: 1, perPage: 30).freeTextLength == 4)
    #expect(RepositorySearch(query: "stars:>1", page: 1, perPage: 30).freeTextLength == 0)
    #expect(RepositorySearch(query: "x sort:stars", page: 1, perPage: 30).sortQualifier == "sort:stars")
  }
}
