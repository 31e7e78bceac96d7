import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// Tests of TestSupport's loopback HTTP server, driven by URLSession and raw sockets.
// Tests that need the recordings carry `.needsRecordedFixtures`: skipped, and counted as such,
// when ../shared/fixtures/github-recorded is absent.

/// A session that never caches, so every request reaches the server, and whose timeout only a
/// hang reaches.
private func makeSession() -> URLSession {
  let configuration = URLSessionConfiguration.ephemeral
  configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
  configuration.timeoutIntervalForRequest = 600
  return URLSession(configuration: configuration)
}

private func fetch(
  _ session: URLSession, _ url: String, method: String = "GET", body: Data? = nil,
  headers: [String: String] = [:]
) async throws -> (Data, HTTPURLResponse) {
  var request = URLRequest(url: try #require(URL(string: url)))
  request.httpMethod = method
  request.httpBody = body
  for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
  let (data, response) = try await session.data(for: request)
  return (data, try #require(response as? HTTPURLResponse))
}

/// The URL of the `rel="next"` entry of a Link header.
private func nextLink(_ link: String) -> String? {
  link.components(separatedBy: ",").first { $0.contains(#"rel="next""#) }
    .flatMap { entry in
      guard let open = entry.firstIndex(of: "<"), let close = entry.firstIndex(of: ">") else {
        return nil
      }
      return String(entry[entry.index(after: open)..<close])
    }
}

@Suite struct LoopbackServerTests {
  /// The server keeps a connection alive for as many requests as the client sends on it. (A
  /// client decides whether to reuse its connection: URLSession's libcurl drops one idle for two
  /// minutes, which a loaded machine once reached between two requests, so the requests are
  /// written here on one socket.)
  @Test func hundredRequestsOnOneKeptAliveConnection() throws {
    let server = try LoopbackServer { request in
      .json(200, #"{"path":"\#(request.pathAndQuery)"}"#)
    }
    defer { server.stop() }
    let connection = try RawHTTPClient(port: server.port)
    connection.send(
      (0..<100).map { "GET /n/\($0) HTTP/1.1\r\nHost: x\r\n\($0 == 99 ? "Connection: close\r\n" : "")\r\n" }.joined())
    let text = connection.readToEnd()
    #expect(connection.sawEnd)
    let bodies = text.components(separatedBy: "\r\n\r\n").dropFirst().map { $0.prefix { $0 != "}" } + "}" }
    #expect(bodies == (0..<100).map { #"{"path":"/n/\#($0)"}"# }, "\(text.suffix(500))")
    #expect(server.requests.count == 100)
    #expect(server.connectionCount == 1)
  }

  @Test func delayedResponseIsDelayed() async throws {
    let server = try LoopbackServer { _ in
      LoopbackResponse(status: 200, delay: .milliseconds(300))
    }
    defer { server.stop() }
    let session = makeSession()
    defer { session.finishTasksAndInvalidate() }
    let clock = ContinuousClock()
    let start = clock.now
    let (data, response) = try await fetch(session, server.baseURL + "/slow")
    let elapsed = start.duration(to: clock.now)
    #expect(response.statusCode == 200 && data.isEmpty)
    // A lower bound only: a loaded machine makes it later (20 s was once too little).
    #expect(elapsed >= .milliseconds(300))
  }

  @Test func requestsAreRecordedWithLowerCasedHeadersAndBody() async throws {
    let server = try LoopbackServer { request in
      LoopbackResponse(
        status: 201, headers: [("X-Echo", request.headers["x-custom"] ?? "")], body: request.body)
    }
    defer { server.stop() }
    let session = makeSession()
    defer { session.finishTasksAndInvalidate() }
    let body = Data(#"{"name":"reactor"}"#.utf8)
    let (data, response) = try await fetch(
      session, server.baseURL + "/user/repos?a=1", method: "POST", body: body,
      headers: ["X-Custom": "hello", "Content-Type": "application/json"])
    #expect(response.statusCode == 201 && data == body)
    #expect(response.value(forHTTPHeaderField: "x-echo") == "hello")
    let request = try #require(server.requests.last)
    #expect(request.method == "POST" && request.pathAndQuery == "/user/repos?a=1")
    #expect(request.headers["content-type"] == "application/json" && request.body == body)
    #expect(request.headers.keys.allSatisfy { $0 == $0.lowercased() })
  }

  @Test(.needsRecordedFixtures) func replayingServesBothSearchPagesWithRewrittenLinks() async throws {
    let exchanges = try RecordedFixtures.load("Search.testSearchRepos.txt")
    let server = try LoopbackServer.replaying(exchanges)
    defer { server.stop() }
    let session = makeSession()
    defer { session.finishTasksAndInvalidate() }
    let (page1, response1) = try await fetch(session, server.baseURL + exchanges[0].pathAndQuery)
    #expect(response1.statusCode == 200 && page1 == exchanges[0].body)
    #expect(response1.value(forHTTPHeaderField: "Content-Length") == "\(page1.count)")
    #expect(response1.value(forHTTPHeaderField: "Status") == nil)
    #expect(response1.value(forHTTPHeaderField: "X-RateLimit-Remaining") == "29")
    let link1 = try #require(response1.value(forHTTPHeaderField: "Link"))
    #expect(
      !link1.contains("api.github.com") && link1.contains(server.baseURL + "/search/repositories?"))
    let (page2, response2) = try await fetch(session, try #require(nextLink(link1)))
    #expect(response2.statusCode == 200 && page2 == exchanges[1].body)
    let link2 = try #require(response2.value(forHTTPHeaderField: "link"))
    #expect(
      nextLink(link2) == server.baseURL
        + exchanges[1].pathAndQuery.replacingOccurrences(of: "page=2", with: "page=3"))
    // Query parameters match in any order and encoding.
    let reordered = "/search/repositories?order=desc&q=github%20language:Python&sort=stars"
    let (again, _) = try await fetch(session, server.baseURL + reordered)
    #expect(again == exchanges[0].body)
  }

  @Test(.needsRecordedFixtures) func replayingAnswersUnmatchedRequestsWith404() async throws {
    let server = try LoopbackServer.replaying(
      try RecordedFixtures.load("Exceptions.testUnknownUser.txt"))
    defer { server.stop() }
    let session = makeSession()
    defer { session.finishTasksAndInvalidate() }
    let (data, response) = try await fetch(session, server.baseURL + "/users/nobody?x=1")
    #expect(response.statusCode == 404)
    let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: String])
    #expect(json["message"] == "no recorded exchange for GET /users/nobody?x=1")
    let (_, post) = try await fetch(
      session, server.baseURL + "/users/ThisUserShouldReallyNotExist", method: "POST")
    #expect(post.statusCode == 404)
    let (recorded, get) = try await fetch(
      session, server.baseURL + "/users/ThisUserShouldReallyNotExist")
    #expect(get.statusCode == 404 && recorded == Data(#"{"message":"Not Found"}"#.utf8))
  }

  @Test(.needsRecordedFixtures) func replayingServesRepeatedRoutesInOrderThenRepeatsTheLast() async throws {
    let server = try LoopbackServer.replaying(
      try RecordedFixtures.load("SpecificExceptions.testRateLimitExceeded.txt"))
    defer { server.stop() }
    let session = makeSession()
    defer { session.finishTasksAndInvalidate() }
    var statuses: [Int] = []
    for _ in 0..<3 {
      statuses.append(try await fetch(session, server.baseURL + "/users/jacquev6").1.statusCode)
    }
    #expect(statuses == [200, 403, 403])
  }

  @Test func concurrentClientsAreServed() async throws {
    let server = try LoopbackServer { request in .json(200, #"{"p":"\#(request.pathAndQuery)"}"#) }
    defer { server.stop() }
    let session = makeSession()
    defer { session.finishTasksAndInvalidate() }
    let base = server.baseURL
    let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
      for i in 0..<20 { group.addTask { try await fetch(session, base + "/c/\(i)").1.statusCode } }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(statuses == Array(repeating: 200, count: 20))
    #expect(server.requests.count == 20)
  }

  @Test func pipelinedChunkedAndConnectionCloseOnRawSocket() throws {
    let server = try LoopbackServer { request in
      LoopbackResponse(
        status: 200,
        body: Data("\(request.method) \(request.pathAndQuery) \(request.body.count)".utf8))
    }
    defer { server.stop() }
    let connection = try RawHTTPClient(port: server.port)
    connection.send(
      "GET /one HTTP/1.1\r\nHost: x\r\n\r\n"
        + "POST /two HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
        + "3\r\nabc\r\n2;x=y\r\nde\r\n0\r\n\r\n"
        + "PUT /three HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nConnection: close\r\n\r\nwxyz")
    let text = connection.readToEnd()
    #expect(connection.sawEnd, "the server did not close after Connection: close")
    #expect(text.components(separatedBy: "HTTP/1.1 200 OK\r\n").count == 4, "\(text)")
    #expect(text.contains("Content-Length: 10\r\n\r\nGET /one 0"))
    #expect(text.contains("Content-Length: 11\r\n\r\nPOST /two 5"))
    #expect(text.hasSuffix("Connection: close\r\n\r\nPUT /three 4"))
    #expect(server.requests.map(\.body) == [Data(), Data("abcde".utf8), Data("wxyz".utf8)])
    #expect(server.connectionCount == 1)
  }

  @Test func stopReturnsPromptlyWithOpenConnections() async throws {
    // Every answer is an hour off: a stop that waited for its handlers would hang.
    let server = try LoopbackServer { _ in LoopbackResponse(status: 200, delay: .seconds(3600)) }
    let idle = try RawHTTPClient(port: server.port)
    idle.send("GET /idle HTTP/1.1\r\nHost: x\r\n\r\n")  // now waiting in the delay
    let session = makeSession()
    defer { session.finishTasksAndInvalidate() }
    let port = server.port
    let inFlight = Task { try? await fetch(session, "http://127.0.0.1:\(port)/slow") }
    #expect(await poll(timeout: TimingSlack.eventTimeout) { server.requests.count == 2 })
    let clock = ContinuousClock()
    let start = clock.now
    server.stop()
    server.stop()  // idempotent
    // Only a hang: a stop that waited for the answers would take the hour.
    #expect(start.duration(to: clock.now) < TimingSlack.seconds(60), "stop() waited for the handlers' answers")
    // The connections were shut: the idle one ends with no answer, the request in flight fails.
    #expect(idle.readToEnd().isEmpty)
    #expect(idle.sawEnd, "the idle connection was left open")
    #expect(await inFlight.value == nil)
    #expect(throws: (any Error).self) { try RawHTTPClient(port: port) }
  }
}
