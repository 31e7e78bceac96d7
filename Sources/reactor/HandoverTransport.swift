import FoundationEssentials
import GitHubClientLive
import ReactorCore

/// The transport of `reactor replay --until` and `--step`: the cassette answers what it
/// recorded; once the session is handed over, a request it has no answer for goes to
/// `fallback` (the offline sample, or the API at `--api-url`), rebased onto `baseURL`. Before
/// the hand-over such a request fails the replay, as in any replay.
final class HandoverTransport: HTTPTransport {
  private let cassette: any HTTPTransport
  private let fallback: any HTTPTransport
  private let baseURL: URL
  private let handedOver = Locked(false)

  init(cassette: any HTTPTransport, fallback: any HTTPTransport, baseURL: URL) {
    self.cassette = cassette
    self.fallback = fallback
    self.baseURL = baseURL
  }

  /// From now on, requests the cassette cannot answer go to the fallback.
  func handOver() { handedOver.withLock { $0 = true } }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    do {
      return try await cassette.send(request)
    } catch CassetteError.noRecordedAnswer(_, _) where handedOver.withLock({ $0 }) {
      var rebased = request
      rebased.url = rebase(request.url)
      return try await fallback.send(rebased)
    }
  }

  /// The same path and query under `baseURL` (which may have a path of its own, as GitHub
  /// Enterprise's `/api/v3` has).
  private func rebase(_ url: URL) -> URL {
    let suffix = String(url.absoluteString.dropFirst(GitHubConfiguration.defaultBaseURL.absoluteString.count))
    var base = baseURL.absoluteString
    while base.hasSuffix("/") { base.removeLast() }
    return URL(string: base + (suffix.hasPrefix("/") ? suffix : "/" + suffix)) ?? url
  }
}
