import Foundation
import GitHubClient
import GitHubClientLive
import TestSupport

// Shared helpers for the GitHubClientLive suites. Tests that need the recordings carry the
// `.needsRecordedFixtures` trait (TestSupport): skipped, and counted as such, when
// ../shared/fixtures/github-recorded is absent.

/// A fixed instant for injected clocks: 2023-11-14T22:13:20Z.
let fixedNow = Date(timeIntervalSince1970: 1_700_000_000)

/// A configuration for `https://api.github.com` with an optional token and a fixed clock.
func makeConfiguration(
  baseURL: String = "https://api.github.com", token: String? = nil, now: Date = fixedNow
) -> GitHubConfiguration {
  GitHubConfiguration(
    baseURL: URL(string: baseURL)!, token: token.map(Secret.init), userAgent: "reactor/x",
    now: { now })
}

/// The API over `makeConfiguration`.
func makeAPI(token: String? = nil, now: Date = fixedNow) -> GitHubAPI {
  GitHubAPI(configuration: makeConfiguration(token: token, now: now))
}

/// A recorded exchange as the transport would return it.
func httpResponse(_ exchange: RecordedExchange) -> HTTPResponse {
  HTTPResponse(
    status: exchange.status,
    headers: exchange.responseHeaders.map { HTTPHeader($0.name, $0.value) },
    body: exchange.body)
}

/// A synthetic response with a JSON (or any) body.
func httpResponse(_ status: Int, _ headers: [(String, String)] = [], body: String = "") -> HTTPResponse {
  HTTPResponse(status: status, headers: headers.map { HTTPHeader($0.0, $0.1) }, body: Data(body.utf8))
}

/// The error a throwing closure throws, as a GitHubError (nil when it did not throw).
func gitHubError<T>(_ body: () async throws -> T) async -> GitHubError? {
  do {
    _ = try await body()
    return nil
  } catch let error as GitHubError {
    return error
  } catch {
    return .transport("not a GitHubError: \(error)")
  }
}
