import Foundation
import GitHubClient
import GitHubClientLive
import Testing

// Inputs found by fuzzing the response side of GitHubAPI (Fuzz/, `scripts/fuzz github-json`)
// that crashed the process. A trap cannot be caught in-process, so each input runs in an exit
// test whose child process must exit normally. For a new crash not fixed yet, wrap the test
// in withKnownIssue so the suite stays green, and drop the wrapper with the fix.

@Suite("Fuzz regressions: GitHubAPI")
struct FuzzRegressionAPITests {
  /// A 403 with `x-ratelimit-remaining: 0` and a reset time that is not a sane number of
  /// seconds: `resetsIn` converted `reset - now` to Int unchecked, and Int(_: Double) traps on
  /// NaN, infinity and anything beyond Int's range (GitHubAPI+Errors.swift, resetsIn).
  @Test(
    "a primary rate limit with an absurd x-ratelimit-reset is an error, not a crash",
    arguments: ["1e300", "-1e300", "nan", "inf", "-inf", "1e19"])
  func absurdRateLimitReset(_ reset: String) async {
    await #expect(processExitsWith: .success) { [reset] in
      let response = HTTPResponse(
        status: 403, headers: [HTTPHeader("x-ratelimit-remaining", "0"), HTTPHeader("x-ratelimit-reset", reset)],
        body: Data(#"{"message":"API rate limit exceeded"}"#.utf8))
      #expect(throws: GitHubError.self) { try makeAPI().checkStatus(response) }
    }
  }

  /// The same header through the public client path a 429 takes.
  @Test("a 429 with remaining 0 and reset 'nan' is an error, not a crash")
  func nanResetOn429() async {
    await #expect(processExitsWith: .success) {
      let response = HTTPResponse(
        status: 429, headers: [HTTPHeader("X-RateLimit-Remaining", "0"), HTTPHeader("X-RateLimit-Reset", "nan")])
      #expect(throws: GitHubError.self) { _ = try makeAPI().searchPage(response, page: 1, perPage: 30) }
    }
  }

  /// A Link header whose next page is near Int.max: the page is accepted, the client asks for
  /// it, and decoding the answer computed `page * perPage` unchecked (GitHubAPI.swift,
  /// searchPage), which overflowed.
  @Test("following a Link header to page 9223372036854775807 does not crash")
  func hugeNextPage() async {
    let link = "<https://api.github.com/search/repositories?q=swift&page=9223372036854775807>; rel=\"next\""
    #expect(LinkHeader.nextPage(link) == Int.max)
    await #expect(processExitsWith: .success) {
      let body = Data(#"{"total_count":1,"incomplete_results":false,"items":[]}"#.utf8)
      let link = "<https://api.github.com/search/repositories?q=swift&page=9223372036854775807>; rel=\"next\""
      let first = try makeAPI().searchPage(
        HTTPResponse(status: 200, headers: [HTTPHeader("Link", link)], body: body), page: 1, perPage: 30)
      // `next` asks for the page the header named, and decodes the answer with it.
      _ = try makeAPI().searchPage(HTTPResponse(status: 200, body: body), page: first.nextPage ?? 2, perPage: 30)
    }
  }
}
