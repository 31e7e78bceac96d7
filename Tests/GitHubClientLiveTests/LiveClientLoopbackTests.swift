import Foundation
import GitHubClient
import GitHubClientLive
import TestSupport
import Testing

// The live client end to end: GitHubClient.live over CurlTransport against a loopback
// server, with --api-url pointing at it.

/// The live client for `baseURL`, resolved the way the executable resolves `--api-url`. Its
/// timeout is far above what a loopback answer takes on a loaded machine, unless a test sets it.
private func liveClient(_ baseURL: String, timeout: TimeInterval = 600, environment: [String: String] = [:]) throws
  -> GitHubClient
{
  let configuration = try GitHubConfiguration.resolve(
    apiURL: baseURL, environment: { environment[$0] }, userAgent: "reactor/x")
  return GitHubClient.live(configuration: configuration, transport: CurlTransport(timeout: timeout))
}

/// The search recordings, re-targeted at what this client sends (`q`, `page`, `per_page`): the
/// recordings were made by a client that also sent `sort` and `order`, and omitted `page=1`.
private func searchExchanges() throws -> [RecordedExchange] {
  var exchanges = try RecordedFixtures.load("Search.testSearchRepos.txt")
  exchanges[0].pathAndQuery = "/search/repositories?q=github+language%3APython&page=1&per_page=30"
  exchanges[1].pathAndQuery = "/search/repositories?q=github+language%3APython&page=2&per_page=30"
  return exchanges
}

@Suite(.serialized) struct LiveClientLoopbackTests {
  @Test(.needsRecordedFixtures) func searchPageOneThenPageTwoViaNextPage() async throws {
    let server = try LoopbackServer.replaying(try searchExchanges())
    defer { server.stop() }
    let client = try liveClient(server.baseURL, environment: ["GH_TOKEN": "ghp_loopback"])

    let page1 = try await client.searchRepositories("github language:Python", 1, 30)
    #expect(page1.items.count == 30)
    #expect(page1.totalCount == 2723)
    #expect(page1.items.first?.fullName == "kennethreitz/legit")
    let next = try #require(page1.nextPage)
    #expect(next == 2)

    let page2 = try await client.searchRepositories("github language:Python", next, 30)
    #expect(page2.items.count == 30)
    #expect(page2.page == 2)
    #expect(page2.nextPage == 3)
    #expect(page2.items.first?.fullName == "logsol/Github-Auto-Deploy")
    #expect(Set((page1.items + page2.items).map(\.id)).count == 60)

    let requests = server.requests
    #expect(requests.count == 2)
    #expect(requests.first?.pathAndQuery == "/search/repositories?q=github%20language%3APython&page=1&per_page=30")
    let headers = try #require(requests.first?.headers)
    #expect(headers["accept"] == "application/vnd.github+json")
    #expect(headers["user-agent"] == "reactor/x")
    #expect(headers["x-github-api-version"] == "2022-11-28")
    #expect(headers["authorization"] == "Bearer ghp_loopback")
  }

  @Test(.needsRecordedFixtures) func unmatchedRequestIsNotFound() async throws {
    let server = try LoopbackServer.replaying(try searchExchanges())
    defer { server.stop() }
    let error = await gitHubError { try await liveClient(server.baseURL).searchRepositories("other", 1, 30) }
    guard case .notFound(let message)? = error else {
      Issue.record("expected .notFound, got \(String(describing: error))")
      return
    }
    #expect(message.hasPrefix("no recorded exchange for GET /search/repositories"))
  }

  @Test func userLookupsOverTheWire() async throws {
    let server = try LoopbackServer { request in
      request.pathAndQuery == "/users/octocat"
        ? .json(200, #"{"login":"octocat"}"#) : .json(404, #"{"message":"Not Found"}"#)
    }
    defer { server.stop() }
    let client = try liveClient(server.baseURL)
    #expect(try await client.userExists("octocat") == true)
    #expect(try await client.userExists("nobody-here") == false)
  }

  @Test func eventsNotModifiedOverTheWire() async throws {
    let server = try LoopbackServer { request in
      if request.headers["if-none-match"] == #"W/"v1""# {
        return LoopbackResponse(status: 304, headers: [("ETag", #"W/"v1""#)])
      }
      return .json(200, "[]", headers: [("ETag", #"W/"v1""#)])
    }
    defer { server.stop() }
    let client = try liveClient(server.baseURL)
    #expect(try await client.events(1, 30, nil) == .page(Page(items: [], page: 1, nextPage: nil), etag: #"W/"v1""#))
    #expect(try await client.events(1, 30, #"W/"v1""#) == .notModified)
  }

  @Test func oversizedBodyIsRefused() async throws {
    let server = try LoopbackServer { _ in .json(200, String(repeating: " ", count: 5000) + #"{"login":"x"}"#) }
    defer { server.stop() }
    let configuration = try GitHubConfiguration.resolve(
      apiURL: server.baseURL, environment: { _ in nil }, userAgent: "reactor/x")
    let client = GitHubClient.live(
      configuration: configuration, transport: CurlTransport(timeout: 600, maxBodyBytes: 1000))
    #expect(await gitHubError { try await client.userExists("x") } == .responseTooLarge(limit: 1000))
  }

  /// The Authorization header `target` saw after `origin` redirected there with a token set.
  private func authorizationAfterRedirect(toHost host: String) async throws -> String? {
    let target = try LoopbackServer { _ in .json(200, #"{"login":"x"}"#) }
    defer { target.stop() }
    let origin = try LoopbackServer { _ in
      LoopbackResponse(status: 302, headers: [("Location", "http://\(host):\(target.port)/users/x")])
    }
    defer { origin.stop() }
    let client = try liveClient(origin.baseURL, environment: ["GH_TOKEN": "ghp_redirect"])
    #expect(try await client.userExists("x") == true)
    #expect(origin.requests.first?.headers["authorization"] == "Bearer ghp_redirect")
    let request = try #require(target.requests.first)
    return request.headers["authorization"]
  }

  @Test func redirectToAnotherHostDropsTheToken() async throws {
    #expect(try await authorizationAfterRedirect(toHost: "localhost") == nil)
  }

  @Test func redirectToAnotherPortDropsTheToken() async throws {
    // An origin is scheme, host and port: a redirect to another port is another origin.
    let authorization = try await authorizationAfterRedirect(toHost: "127.0.0.1")
    #expect(authorization == nil)
  }

  /// Longer than any correct request here takes on a loaded machine under a sanitizer; the
  /// servers that test a timeout or a cancellation hold their answers for an hour.
  static let hangBound = TimingSlack.seconds(60)

  /// A timeout is kept to the millisecond: not rounded down to whole seconds (URLSession on Linux
  /// truncated it, so 0.5 s became 0 and requests "timed out" after a few ms, and 1.5 s became
  /// 1 s), so the client waits at least that long for a server that does not answer. A lower
  /// bound only: a load makes the wait longer, never shorter.
  @Test(arguments: [0.5, 0.9, 1.5])
  func aSilentServerTimesOutAfterTheTimeout(timeout: Double) async throws {
    let server = try LoopbackServer { _ in
      LoopbackResponse(status: 200, body: Data("{}".utf8), delay: .seconds(3600))
    }
    defer { server.stop() }
    let client = try liveClient(server.baseURL, timeout: timeout)
    let clock = ContinuousClock()
    let start = clock.now
    let (error, hung) = await unlessHung(Self.hangBound, unblock: server.stop) {
      await gitHubError { try await client.searchRepositories("slow", 1, 30) }
    }
    let elapsed = start.duration(to: clock.now)
    #expect(!hung, "no timeout: still waiting after \(Self.hangBound)")
    #expect(error == .timeout(seconds: nil))
    #expect(elapsed >= .seconds(timeout - 0.1), "timed out after \(elapsed), before the \(timeout) s timeout")
  }

  @Test func closedPortIsATransportError() async throws {
    let refusing = try RefusingPort()
    let error = await gitHubError { try await liveClient(refusing.baseURL, timeout: 5).searchRepositories("x", 1, 30) }
    guard case .transport(let detail)? = error else {
      Issue.record("expected .transport, got \(String(describing: error))")
      return
    }
    #expect(!detail.isEmpty)
    #expect(error?.code == "offline")
  }

  @Test func cancellingTheCallingTaskCancelsTheRequest() async throws {
    let server = try LoopbackServer { _ in
      LoopbackResponse(status: 200, body: Data("{}".utf8), delay: .seconds(3600))
    }
    defer { server.stop() }
    // Only the cancellation can end the request in time: the answer and the timeout are an hour off.
    let client = try liveClient(server.baseURL, timeout: 3600)
    let task = Task { await gitHubError { try await client.searchRepositories("slow", 1, 30) } }
    // In flight: the server has the request and holds its answer back.
    #expect(await poll(timeout: TimingSlack.eventTimeout) { server.requests.count == 1 })
    task.cancel()
    let (error, hung) = await unlessHung(Self.hangBound, unblock: server.stop) { await task.value }
    #expect(!hung, "the cancelled request went on")
    #expect(error == .cancelled)
  }
}
