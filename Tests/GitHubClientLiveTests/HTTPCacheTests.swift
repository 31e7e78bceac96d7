import Foundation
import GitHubClient
import GitHubClientLive
import TestSupport
import Testing

// The on-disk HTTP cache: conditional requests, 304s answered from it, what it never stores,
// corrupt entries, its size bound, and writers racing on one folder.

/// A fresh cache folder under the temporary directory: never the user's own cache.
private func scratchDirectory() -> URL {
  FileManager.default.temporaryDirectory.appendingPathComponent("reactor-cache-\(UUID().uuidString)")
}

private let searchBody =
  #"{"total_count":1,"incomplete_results":false,"items":[{"id":1,"full_name":"apple/swift","description":"The Swift Programming Language","stargazers_count":67100,"language":"C++","html_url":"https://github.com/apple/swift"}]}"#

/// GitHub's conditional GET: 304 when `If-None-Match` names the current ETag.
private func conditionalServer(etag: String = "\"v1\"") throws -> LoopbackServer {
  try LoopbackServer { request in
    let budget = [("X-RateLimit-Limit", "30"), ("X-RateLimit-Remaining", "17"), ("X-RateLimit-Reset", "1700000060")]
    if request.headers["if-none-match"] == etag { return LoopbackResponse(status: 304, headers: budget) }
    return .json(200, searchBody, headers: [("ETag", etag), ("Set-Cookie", "session=abc")] + budget)
  }
}

private func cachedClient(_ baseURL: String, cache: HTTPCache, token: String? = "ghp_secret_token") throws
  -> GitHubClient
{
  let environment = token.map { ["GH_TOKEN": $0] } ?? [:]
  let configuration = try GitHubConfiguration.resolve(
    apiURL: baseURL, environment: { environment[$0] }, userAgent: "reactor/x")
  return .live(
    configuration: configuration,
    transport: CachingTransport(wrapping: CurlTransport(timeout: 600), cache: cache, token: configuration.token))
}

@Suite(.serialized) struct HTTPCacheTests {
  @Test func aSecondRequestIsConditionalAndA304IsServedFromTheCache() async throws {
    let server = try conditionalServer()
    defer { server.stop() }
    let directory = scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let client = try cachedClient(server.baseURL, cache: HTTPCache(directory: directory))
    let first = try await client.searchRepositories("swift", 1, 30)
    let second = try await client.searchRepositories("swift", 1, 30)
    #expect(first == second)
    #expect(second.items.first?.fullName == "apple/swift")
    let requests = server.requests
    #expect(requests.count == 2)
    #expect(requests[0].headers["if-none-match"] == nil)
    #expect(requests[1].headers["if-none-match"] == "\"v1\"")
    // The 304's headers are the budget now.
    #expect(client.rateLimits().first?.remaining == 17)
  }

  @Test func theCacheNeverHoldsTheTokenCookiesOrAuthorization() async throws {
    let server = try conditionalServer()
    defer { server.stop() }
    let directory = scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    _ = try await cachedClient(server.baseURL, cache: HTTPCache(directory: directory)).searchRepositories(
      "swift", 1, 30)
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(files.count == 1)
    for file in files {
      #expect(!file.contains("ghp_secret_token"))
      let text = try String(contentsOfFile: directory.appendingPathComponent(file).path, encoding: .utf8)
      #expect(!text.contains("ghp_secret_token"))
      #expect(!text.lowercased().contains("set-cookie"))
      #expect(!text.lowercased().contains("authorization"))
      #expect(text.contains("ETag"))
    }
  }

  @Test func anotherTokenDoesNotReadTheFirstTokensEntries() async throws {
    let server = try conditionalServer()
    defer { server.stop() }
    let directory = scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let cache = HTTPCache(directory: directory)
    _ = try await cachedClient(server.baseURL, cache: cache, token: "ghp_one").searchRepositories("swift", 1, 30)
    _ = try await cachedClient(server.baseURL, cache: cache, token: "ghp_two").searchRepositories("swift", 1, 30)
    _ = try await cachedClient(server.baseURL, cache: cache, token: nil).searchRepositories("swift", 1, 30)
    #expect(server.requests.map { $0.headers["if-none-match"] } == [nil, nil, nil])
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).count == 3)
  }

  @Test func aCorruptEntryIsIgnoredAndReplaced() async throws {
    let server = try conditionalServer()
    defer { server.stop() }
    let directory = scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let client = try cachedClient(server.baseURL, cache: HTTPCache(directory: directory))
    _ = try await client.searchRepositories("swift", 1, 30)
    let file = try #require(try FileManager.default.contentsOfDirectory(atPath: directory.path).first)
    let path = directory.appendingPathComponent(file).path
    for garbage in [Data("{\"version\":1,\"status\":200,\"hea".utf8), Data([0xFF, 0x00, 0x7B]), Data()] {
      try garbage.write(to: URL(fileURLWithPath: path))
      let page = try await client.searchRepositories("swift", 1, 30)
      #expect(page.items.count == 1)
      // Unconditional, since the entry could not be read; then stored afresh.
      #expect(server.requests.last?.headers["if-none-match"] == nil)
      #expect(try Data(contentsOf: URL(fileURLWithPath: path)) != garbage)
    }
    _ = try await client.searchRepositories("swift", 1, 30)
    #expect(server.requests.last?.headers["if-none-match"] == "\"v1\"")
  }

  @Test func theLeastRecentlyUsedEntriesGoFirstWhenTheCacheIsFull() throws {
    let directory = scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let body = Data(repeating: UInt8(ascii: "x"), count: 1000)
    let response = HTTPResponse(status: 200, headers: [HTTPHeader("ETag", "\"e\"")], body: body)
    // Each entry is about 1,400 bytes (base64 and the headers): room for three.
    let cache = HTTPCache(directory: directory, maxBytes: 4500)
    for key in ["a", "b", "c"] { cache.store(response, key: key) }
    // Set the use times apart explicitly: a file system's clock may not tell them apart.
    for (offset, key) in ["a", "b", "c"].enumerated() {
      try FileManager.default.setAttributes(
        [.modificationDate: Date(timeIntervalSince1970: 1_000_000 + Double(offset) * 10)],
        ofItemAtPath: directory.appendingPathComponent(key + ".json").path)
    }
    cache.touch("a")
    cache.store(response, key: "d")
    #expect(cache.load("a") != nil)
    #expect(cache.load("b") == nil)
    #expect(cache.load("c") != nil)
    #expect(cache.load("d") != nil)
  }

  @Test func writersRacingOnOneEntryNeverLeaveATornOne() async throws {
    let directory = scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let bodies = (0..<8).map { writer in Data(repeating: UInt8(ascii: "a") + UInt8(writer), count: 200_000) }
    let cache = HTTPCache(directory: directory)
    await withTaskGroup(of: Void.self) { group in
      for writer in 0..<8 {
        group.addTask {
          let response = HTTPResponse(status: 200, headers: [HTTPHeader("ETag", "\"\(writer)\"")], body: bodies[writer])
          for _ in 0..<20 { cache.store(response, key: "shared") }
        }
      }
      group.addTask {
        for _ in 0..<200 {
          guard let loaded = cache.load("shared") else { continue }
          #expect(bodies.contains(loaded.body), "a torn entry was read")
        }
      }
    }
    let final = try #require(cache.load("shared"))
    #expect(bodies.contains(final.body))
    // No temporary file is left behind.
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["shared.json"])
  }

  @Test func theDefaultFolderFollowsXDGThenHome() {
    #expect(
      HTTPCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u"].lookup)?.path
        == "/x/cache/reactor")
    #expect(HTTPCache.defaultDirectory(environment: ["HOME": "/home/u"].lookup)?.path == "/home/u/.cache/reactor")
    // A relative XDG_CACHE_HOME is invalid by the spec and ignored.
    #expect(
      HTTPCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "rel", "HOME": "/home/u"].lookup)?.path
        == "/home/u/.cache/reactor")
    #expect(HTTPCache.defaultDirectory(environment: [String: String]().lookup) == nil)
  }
}

extension Dictionary where Key == String, Value == String {
  fileprivate var lookup: (String) -> String? { { self[$0] } }
}
