import Foundation
import TestSupport
import Testing

// The built binary against loopback servers that behave like GitHub: the HTTP cache shared by
// two processes, where the token came from, and the flags of the live API.

/// A scratch folder under the temporary directory: never the user's own cache or config.
private func scratch(_ name: String) throws -> URL {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent("reactor-\(name)-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}

private func searchBody(version: Int) -> String {
  #"{"total_count":1,"incomplete_results":false,"items":[{"id":1,"full_name":"apple/swift","description":"version \#(version)","stargazers_count":67100,"language":"C++","html_url":"https://github.com/apple/swift"}]}"#
}

@Suite("reactor binary: the live API")
struct LiveAPIBinaryTests {
  @Test("two processes hammering one cache: every answer whole, every entry readable, 304s served")
  func twoProcessesShareOneCache() async throws {
    // GitHub's conditional GET, with a new version every fourth request, so that the
    // processes keep replacing the entry while the other reads it.
    let counter = Counter()
    let server = try LoopbackServer { request in
      let version = (counter.next() / 4) + 1
      let etag = "\"v\(version)\""
      if request.headers["if-none-match"] == etag { return LoopbackResponse(status: 304, headers: [("ETag", etag)]) }
      return .json(200, searchBody(version: version), headers: [("ETag", etag)])
    }
    defer { server.stop() }
    let cache = try scratch("cache")
    defer { try? FileManager.default.removeItem(at: cache) }
    let input = String(repeating: "query swift\n", count: 25) + "state search\n"
    async let first = ReactorBinary.run(
      ["--api-url", server.baseURL, "--json"], input: input, environment: ["XDG_CACHE_HOME": cache.path])
    async let second = ReactorBinary.run(
      ["--api-url", server.baseURL, "--json"], input: input, environment: ["XDG_CACHE_HOME": cache.path])
    for result in try await [first, second] {
      #expect(result.status == 0, "stderr: \(result.stderr)")
      let records = try jsonLines(result.stdout)
      #expect(!records.contains { $0["type"] as? String == "error" }, "\(result.stdout)")
      let state = try #require(records.last { $0["type"] as? String == "state" }?["state"] as? [String: Any])
      let repos = try #require(state["repos"] as? [[String: Any]])
      #expect(repos.count == 1)
      #expect((repos.first?["description"] as? String)?.hasPrefix("version ") == true)
    }
    let requests = server.requests
    #expect(requests.count == 50)
    #expect(requests.contains { $0.headers["if-none-match"] != nil }, "no conditional request was made")
    let files = try FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent("reactor").path)
    #expect(files.count == 1, "\(files)")
    for file in files {
      let data = try Data(contentsOf: cache.appendingPathComponent("reactor").appendingPathComponent(file))
      #expect((try? JSONSerialization.jsonObject(with: data)) != nil, "a torn cache entry")
    }
  }

  @Test("--no-cache sends no conditional request and writes nothing")
  func noCacheLeavesTheCacheAlone() async throws {
    let server = try LoopbackServer { _ in .json(200, searchBody(version: 1), headers: [("ETag", "\"v1\"")]) }
    defer { server.stop() }
    let cache = try scratch("nocache")
    defer { try? FileManager.default.removeItem(at: cache) }
    let result = try await ReactorBinary.run(
      ["--api-url", server.baseURL, "--no-cache"], input: "query swift\nquery swift\n",
      environment: ["XDG_CACHE_HOME": cache.path])
    #expect(result.status == 0)
    #expect(server.requests.allSatisfy { $0.headers["if-none-match"] == nil })
    #expect(!FileManager.default.fileExists(atPath: cache.appendingPathComponent("reactor").path))
  }

  @Test("the token's source, in order: GH_TOKEN, GITHUB_TOKEN, gh's hosts.yml; never the token")
  func tokenSources() async throws {
    let server = try LoopbackServer { _ in .json(200, searchBody(version: 1)) }
    defer { server.stop() }
    let config = try scratch("gh")
    defer { try? FileManager.default.removeItem(at: config) }
    try "127.0.0.1:\n    oauth_token: gho_fromGhFile123\n    user: octocat\n".write(
      to: config.appendingPathComponent("hosts.yml"), atomically: true, encoding: .utf8)
    let cases: [([String: String], String, String?, String?)] = [
      (
        ["GH_TOKEN": "ghp_first123", "GITHUB_TOKEN": "ghp_second123", "GH_CONFIG_DIR": config.path],
        "token: from GH_TOKEN", "Bearer ghp_first123", "GH_TOKEN"
      ),
      (
        ["GITHUB_TOKEN": "ghp_second123", "GH_CONFIG_DIR": config.path], "token: from GITHUB_TOKEN",
        "Bearer ghp_second123", "GITHUB_TOKEN"
      ),
      (
        ["GH_CONFIG_DIR": config.path], "token: gh's token for 127.0.0.1, from \(config.path)/hosts.yml",
        "Bearer gho_fromGhFile123", "gh hosts.yml"
      ),
      ([:], "token: none (set GH_TOKEN for higher rate limits)", nil, nil),
    ]
    let tokens = ["ghp_first123", "ghp_second123", "gho_fromGhFile123"]
    for (environment, line, authorization, name) in cases {
      try await ReactorBinary.withScratchHome { home in
        // A HOME and a cache of its own (the cache inside HOME), searched for the tokens after.
        var environment = environment
        environment["HOME"] = home
        environment["XDG_CACHE_HOME"] = home + "/cache"
        let before = server.requests.count
        let result = try await ReactorBinary.run(
          ["--api-url", server.baseURL, "--no-cache"], input: "query swift\nlimits\n", environment: environment)
        #expect(result.status == 0)
        #expect(result.lines.contains(line), "\(result.stdout)")
        #expect(server.requests[before].headers["authorization"] == authorization)
        // With --json, the limits record names the source too (null without a token).
        let json = try await ReactorBinary.run(
          ["--api-url", server.baseURL, "--no-cache", "--json"], input: "limits\n", environment: environment)
        let limits = try #require(try jsonLines(json.stdout).last, "\(json.stdout)")
        #expect(limits["feature"] as? String == "rateLimit")
        #expect(limits.keys.contains("tokenSource"))
        #expect(limits["tokenSource"] as? String == name, "\(json.stdout)")
        let leaks = SecretLeaks.find(
          tokens,
          streams: [
            ("standard output", result.stdout), ("standard error", result.stderr),
            ("standard output with --json", json.stdout), ("standard error with --json", json.stderr),
          ],
          folders: [home])
        #expect(leaks.isEmpty, "a token was written: \(leaks)")
      }
    }
  }

  @Test("gh logged in through the keyring: limits says how to pass the token")
  func keyringHint() async throws {
    let server = try LoopbackServer { _ in .json(200, searchBody(version: 1)) }
    defer { server.stop() }
    let config = try scratch("gh-keyring")
    defer { try? FileManager.default.removeItem(at: config) }
    try "127.0.0.1:\n    user: octocat\n    git_protocol: https\n".write(
      to: config.appendingPathComponent("hosts.yml"), atomically: true, encoding: .utf8)
    let result = try await ReactorBinary.run(
      ["--api-url", server.baseURL, "--no-cache"], input: "limits\n", environment: ["GH_CONFIG_DIR": config.path])
    #expect(
      result.lines.first
        == "token: none; gh keeps its token for 127.0.0.1 in the system keyring, so pass it with GH_TOKEN=$(gh auth token) reactor"
    )
  }

  @Test("--sort and --order reach the wire; --wait-on-rate-limit takes an optional value")
  func sortFlagsOnTheWire() async throws {
    let server = try LoopbackServer { _ in .json(200, searchBody(version: 1)) }
    defer { server.stop() }
    let result = try await ReactorBinary.run(
      ["--api-url", server.baseURL, "--no-cache", "--sort", "updated", "--order", "asc", "--wait-on-rate-limit"],
      input: "query swift\nsort\n")
    #expect(result.status == 0, "stderr: \(result.stderr)")
    #expect(
      server.requests.first?.pathAndQuery == "/search/repositories?q=swift&sort=updated&order=asc&page=1&per_page=30")
    #expect(result.lines.last == "sort: updated, asc")
    let bad = try await ReactorBinary.run(["--wait-on-rate-limit=soon", "--offline"], input: "")
    #expect(bad.status == 2)
    #expect(bad.stderr.contains("--wait-on-rate-limit"))
  }

  @Test("a daemon waits out Retry-After with --wait-on-rate-limit, saying so in an info record with the id")
  func daemonWaitsOutASecondaryLimit() async throws {
    let counter = Counter()
    let server = try LoopbackServer { _ in
      counter.next() == 0
        ? .json(429, #"{"message":"You have exceeded a secondary rate limit"}"#, headers: [("Retry-After", "1")])
        : .json(200, searchBody(version: 1))
    }
    defer { server.stop() }
    let result = try await ReactorBinary.run(
      ["--daemon", "--api-url", server.baseURL, "--wait-on-rate-limit=5"],
      input: #"{"id":"w","command":"query swift"}"# + "\n")
    let records = try jsonLines(result.stdout)
    let info = try #require(records.first { $0["type"] as? String == "info" }, "\(result.stdout)")
    #expect(info["id"] as? String == "w")
    #expect(
      info["message"] as? String
        == "rate limited (secondary); waiting 1 s, then retrying once (Ctrl-C or 'cancel' stops)")
    #expect(!records.contains { $0["type"] as? String == "error" })
    #expect(records.last { $0["type"] as? String == "end" }?["status"] as? String == "ok")
    #expect(server.requests.count == 2)
  }
}
