import Foundation
import TestSupport
import Testing

/// The built binary against a loopback server that serves the real recorded GitHub exchanges.
@Suite("reactor binary: recorded GitHub exchanges")
struct RecordedAPITests {
  /// Serves a recorded file for any request whose path ends the same way; search pages are
  /// chosen by the `page` parameter, other routes in recorded order. For tests with the
  /// `.needsRecordedFixtures` trait.
  static func server(
    _ file: String, exchange only: Int? = nil, check: (@Sendable (LoopbackRequest) -> Void)? = nil
  ) throws -> LoopbackServer {
    let all = try RecordedFixtures.load(file)
    let exchanges = only.map { [all[$0]] } ?? all
    let counter = Counter()
    return try LoopbackServer(makeHandler: { baseURL in
      { request in
        check?(request)
        let page =
          URLComponents(string: request.pathAndQuery)?.queryItems?.first { $0.name == "page" }?.value.flatMap(Int.init)
          ?? 1
        let isSearch = request.pathAndQuery.hasPrefix("/search/")
        let index = isSearch ? page - 1 : counter.next()
        guard index < exchanges.count || !isSearch else { return .json(404, #"{"message":"Not Found"}"#) }
        return .recorded(exchanges[min(index, exchanges.count - 1)], baseURL: baseURL)
      }
    })
  }

  @Test(
    "query then next yields the 60 recorded repositories in order, page 2 through the Link header",
    .needsRecordedFixtures)
  func searchPaging() async throws {
    let server = try Self.server("Search.testSearchRepos.txt")
    defer { server.stop() }
    let result = try await ReactorBinary.run(
      ["--api-url", server.baseURL, "--json"], input: "query github language:Python\nnext\nstate search\n")
    #expect(result.status == 0)
    let recorded = try RecordedFixtures.load("Search.testSearchRepos.txt").flatMap { exchange -> [String] in
      let body = try JSONSerialization.jsonObject(with: exchange.body) as! [String: Any]
      return (body["items"] as! [[String: Any]]).map { $0["full_name"] as! String }
    }
    let state = try #require(
      try jsonLines(result.stdout).last { $0["type"] as? String == "state" }?["state"] as? [String: Any])
    let names = (state["repos"] as! [[String: Any]]).map { $0["fullName"] as! String }
    #expect(names.count == 60)
    #expect(names == recorded)
    #expect(state["nextPage"] as? Int == 3)
    #expect(state["totalCount"] as? Int == 2723)
    let queries = server.requests.map(\.pathAndQuery)
    #expect(queries.count == 2)
    #expect(queries[0] == "/search/repositories?q=github%20language%3APython&page=1&per_page=30")
    #expect(queries[1].contains("page=2"))
  }

  @Test(
    "request headers: API version, media type, user agent, bearer token; the token is never printed",
    .needsRecordedFixtures)
  func headersAndSecrecy() async throws {
    let token = "ghp_e2eSecretToken0123456789"
    let seen = Headers()
    let server = try Self.server("Exceptions.testBadAuthentication.txt", check: { seen.add($0.headers) })
    defer { server.stop() }
    let home = NSTemporaryDirectory() + "reactor-e2e-\(UUID().uuidString)"
    let result = try await ReactorBinary.run(
      ["--api-url", server.baseURL], input: "query swift\nstate\n", environment: ["GH_TOKEN": token, "HOME": home])
    let headers = try #require(seen.first)
    #expect(headers["authorization"] == "Bearer \(token)")
    #expect(headers["accept"] == "application/vnd.github+json")
    #expect(headers["x-github-api-version"] == "2022-11-28")
    #expect(headers["user-agent"]?.hasPrefix("reactor/") == true)
    #expect(result.status == 4, "an authentication failure")
    #expect(
      result.stderr.contains(
        "error: line 1: GitHub rejected the token (Bad credentials). Check GH_TOKEN or GITHUB_TOKEN."))
    #expect(!result.stdout.contains(token) && !result.stderr.contains(token))
    #expect(!FileManager.default.fileExists(atPath: home + "/.local/state/reactor/history"))
    for case let path as String in FileManager.default.enumerator(atPath: home)?.allObjects ?? [] {
      let contents = (try? Data(contentsOf: URL(fileURLWithPath: home + "/" + path))) ?? Data()
      #expect(!String(decoding: contents, as: UTF8.self).contains(token), "token found in \(path)")
    }
  }

  @Test("the recorded 403 is a rate-limit message with a wait, and the shell keeps working", .needsRecordedFixtures)
  func rateLimit() async throws {
    // The recording's second exchange is the 403 (its first is the 200 before it).
    let server = try Self.server("SpecificExceptions.testRateLimitExceeded.txt", exchange: 1)
    defer { server.stop() }
    let result = try await ReactorBinary.run(["--api-url", server.baseURL], input: "query swift\nstate search\nhelp\n")
    #expect(result.status == 5, "rate limited")
    #expect(
      result.stderr.contains(
        "error: line 1: GitHub rate limit reached; try again in a minute. Set GH_TOKEN for a higher limit."))
    #expect(result.stdout.contains("commands:"))
  }

  @Test("zero results: a clear line, no error", .needsRecordedFixtures)
  func noResults() async throws {
    let server = try Self.server("Search.testSearchReposWithNoResults.txt")
    defer { server.stop() }
    let result = try await ReactorBinary.run(["--api-url", server.baseURL], input: "query doesnotexist\nnext\n")
    #expect(result.status == 0)
    #expect(result.stdout.contains(#"no results for "doesnotexist""#))
    #expect(result.stdout.contains("no more results"))
  }

  @Test(
    "recorded failures each give a clear error and the shell keeps working", .needsRecordedFixtures,
    arguments: [
      (
        "Exceptions.testNonJsonDataReturnedByGithub.txt", "GitHub had a server error (HTTP 503); try again later.",
        "server-error", 3
      ),
      (
        "Exceptions.testJSONParseError.txt", "GitHub sent a response that is not the expected JSON", "invalid-response",
        3
      ),
      (
        "Exceptions.testBadAuthentication.txt", "GitHub requires a token for this (Bad credentials).", "unauthorized",
        4
      ),
    ] as [(String, String, String, Int32)])
  func failures(file: String, message: String, code: String, status: Int32) async throws {
    let server = try Self.server(file)
    defer { server.stop() }
    let text = try await ReactorBinary.run(["--api-url", server.baseURL], input: "query swift\nnext\nhelp next\n")
    #expect(text.status == status)
    #expect(text.stderr.contains("error: line 1: " + message))
    #expect(text.stdout.contains("usage: next"))
    let json = try await ReactorBinary.run(["--api-url", server.baseURL, "--json"], input: "query swift\n")
    let errors = try jsonLines(json.stdout).filter { $0["type"] as? String == "error" }
    #expect(errors.first?["code"] as? String == code)
  }

  @Test("a secondary rate limit (403 with Retry-After) says how long to wait")
  func secondaryRateLimit() async throws {
    let server = try LoopbackServer { _ in
      .json(403, #"{"message":"You have exceeded a secondary rate limit."}"#, headers: [("Retry-After", "37")])
    }
    defer { server.stop() }
    let result = try await ReactorBinary.run(["--api-url", server.baseURL], input: "query swift\n")
    #expect(result.stderr.contains("error: line 1: GitHub secondary rate limit reached; retry in 37 s."))
    #expect(result.status == 5, "rate limited")
  }

  @Test("a refused connection is an offline error, not a crash")
  func refused() async throws {
    let refusing = try RefusingPort()
    defer { refusing.close() }
    let result = try await ReactorBinary.run(
      ["--api-url", refusing.baseURL, "--timeout", "5"], input: "query swift\nhelp\n")
    #expect(result.status == 3, "a network failure")
    #expect(result.stderr.contains("error: line 1: Could not reach GitHub"))
    #expect(result.stdout.contains("commands:"))
  }
}

final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var value = -1
  func next() -> Int {
    lock.withLock {
      value += 1
      return value
    }
  }
}

final class Headers: @unchecked Sendable {
  private let lock = NSLock()
  private var all: [[String: String]] = []
  func add(_ headers: [String: String]) { lock.withLock { all.append(headers) } }
  var first: [String: String]? { lock.withLock { all.first } }
}
