import FoundationEssentials
package import GitHubClient
package import ReactorCore

extension GitHubClient {
  /// The client a replay uses: recorded answers from the cassette at `cassettePath` (or the
  /// offline sample when it is nil), each after its recorded latency on `time`'s clock, with
  /// rate-limit waits computed from `time`'s virtual now. Never touches the network.
  package static func replaying(
    cassettePath: String?, time: TimeSource, userAgent: String, log: ReplayLog? = nil
  ) throws -> GitHubClient {
    let now: @Sendable () -> Date = { Date(timeIntervalSince1970: time.now()) }
    var configuration = GitHubConfiguration(baseURL: GitHubConfiguration.defaultBaseURL, userAgent: userAgent, now: now)
    guard let cassettePath else {
      return .live(configuration: configuration, transport: OfflineTransport(now: now))
    }
    let cassette = try Cassette.load(from: URL(fileURLWithPath: cassettePath))
    configuration.timeoutSeconds = cassette.timeoutSeconds
    return .live(configuration: configuration, transport: ReplayingTransport(cassette: cassette, time: time, log: log))
  }
}
