import Foundation
import GitHubClientLive
import Testing

/// A replay's timeout error names the seconds the recording waited, as the recorded session's did
/// (offline.t and timeout-json.t show it through a replay).
@Suite struct CassetteTimeoutTests {
  private static func timedOut(after milliseconds: Int) -> Cassette.Exchange {
    Cassette.Exchange(
      request: HTTPRequest(url: URL(string: "https://api.github.com/search/repositories?q=a")!),
      failure: .timedOut, latencyMs: milliseconds)
  }

  @Test func theRecordingsTimeoutComesFromItsFirstTimedOutExchange() {
    let answered = Cassette.Exchange(
      request: HTTPRequest(url: URL(string: "https://api.github.com/users/a")!), response: HTTPResponse(status: 200),
      latencyMs: 45_000)
    #expect(Cassette(exchanges: [answered]).timeoutSeconds == nil)
    #expect(Cassette(exchanges: [answered, Self.timedOut(after: 30_004)]).timeoutSeconds == 30)
    #expect(Cassette(exchanges: [Self.timedOut(after: 2_500), Self.timedOut(after: 9_000)]).timeoutSeconds == 3)
    #expect(Cassette(exchanges: [Self.timedOut(after: 0)]).timeoutSeconds == 1)
  }
}
