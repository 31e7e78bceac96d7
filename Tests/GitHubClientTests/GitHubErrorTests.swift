import GitHubClient
import ReactorCore
import Testing

// GitHubError as users and scripts see it: a stable code and a sentence for every case, and
// any error turned into one.

@Suite struct GitHubErrorTests {
  @Test func errorMessagesReadLikeSentences() {
    #expect(
      GitHubError.secondaryRateLimited(retryAfter: 30).message == "GitHub secondary rate limit reached; retry in 30 s.")
    #expect(
      GitHubError.secondaryRateLimited(retryAfter: nil).message
        == "GitHub secondary rate limit reached; retry in a minute.")
    #expect(GitHubError.http(status: 418, message: "I'm a teapot").message == "GitHub answered HTTP 418: I'm a teapot.")
    #expect(GitHubError.http(status: 418, message: nil).message == "GitHub answered HTTP 418.")
    #expect(
      GitHubError.server(status: 502, message: "Bad Gateway").message
        == "GitHub had a server error (HTTP 502): Bad Gateway.")
    #expect(
      GitHubError.responseTooLarge(limit: 10_000_000).message
        == "GitHub's response was larger than 10 MB and was refused.")
    #expect(GitHubError.notFound("Not Found").code == "not-found")
    #expect(GitHubError.secondaryRateLimited(retryAfter: 1).code == "secondary-rate-limited")
  }

  @Test func everyCaseHasItsStableCode() {
    let codes: [(GitHubError, String)] = [
      (.transport("x"), "offline"), (.timeout(seconds: nil), "timeout"), (.cancelled, "cancelled"),
      (.unauthorized("x"), "unauthorized"), (.rateLimited(resetsIn: 1, authenticated: true), "rate-limited"),
      (.secondaryRateLimited(retryAfter: nil), "secondary-rate-limited"), (.forbidden("x"), "forbidden"),
      (.notFound("x"), "not-found"), (.validationFailed("x"), "validation-failed"),
      (.server(status: 500, message: nil), "server-error"), (.http(status: 418, message: nil), "http-error"),
      (.invalidResponse("x"), "invalid-response"), (.responseTooLarge(limit: 1), "response-too-large"),
    ]
    for (error, code) in codes { #expect(error.code == code, "\(error)") }
    let added: [GitHubError] = [.tooLong(length: 300, limit: 256), .insecureToken(host: "h")]
    for error in codes.map(\.0) + added {
      #expect(GitHubError.category(ofCode: error.code) == error.category, "\(error)")
    }
    #expect(GitHubError.category(ofCode: "unknown-command") == nil)
  }

  @Test func categoriesDecideTheExitStatus() {
    #expect(GitHubError.transport("x").category == .network)
    #expect(GitHubError.timeout(seconds: 3).category == .network)
    #expect(GitHubError.server(status: 502, message: nil).category == .network)
    #expect(GitHubError.unauthorized("x").category == .authentication)
    #expect(GitHubError.rateLimited(resetsIn: 1, authenticated: false).category == .rateLimit)
    #expect(GitHubError.secondaryRateLimited(retryAfter: nil).category == .rateLimit)
    #expect(GitHubError.validationFailed("x").category == .request)
    #expect(GitHubError.insecureToken(host: "h").category == .configuration)
    #expect(GitHubError.cancelled.category == .cancelled)
    #expect(GitHubFailure(.unauthorized("x")).category == .authentication)
  }

  @Test func aDetailNeverEndsTheSentenceTwice() {
    #expect(GitHubError.notFound("Not Found. ").message == "Not found on GitHub: Not Found.")
    #expect(GitHubError.transport("connection refused...").message == "Could not reach GitHub: connection refused.")
  }

  @Test func anyErrorBecomesAGitHubError() {
    struct Odd: Error, CustomStringConvertible { var description: String { "odd failure" } }
    #expect(GitHubError.from(CancellationError()) == .cancelled)
    #expect(GitHubError.from(GitHubError.notFound("x")) == .notFound("x"))
    #expect(GitHubError.from(Odd()) == .transport("odd failure"))
  }

  @Test func aFailureInStateCarriesTheCodeAndMessage() {
    let failure = GitHubFailure(.timeout(seconds: nil))
    let message = "GitHub did not answer in time; try again, or allow longer with --timeout."
    #expect(failure.code == "timeout" && failure.message == message)
    #expect(failure.jsonValue == .object(["code": .string("timeout"), "message": .string(message)]))
    let timed = GitHubFailure(.timeout(seconds: 30))
    #expect(timed.message == "GitHub did not answer within 30 s; try again, or allow longer with --timeout.")
    #expect(timed.jsonValue["timeoutSeconds"] == .int(30))
  }
}
