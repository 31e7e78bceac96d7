import Foundation
import GitHubClient
import GitHubClientLive

/// Scenario `http`: 1,000 sequential searches against a loopback server, by `reactor` reading
/// `query qN` lines from a pipe, against one `curl` invocation fetching the same 1,000 URLs
/// over one keep-alive connection. Twice: with a real recorded GitHub search page as every
/// answer (when the shared fixtures are there), and with a minimal page of the fields reactor
/// reads, which shows the per-request cost apart from decoding.
enum HTTPBench {
  static let fixture = "/work/shared/fixtures/github-recorded/Search.testSearchRepos.txt"

  /// A recorded GitHub search page (30 repositories with every field GitHub sends, about
  /// 140 KB), when the shared fixtures are there.
  static func recordedBody() -> [UInt8]? {
    guard let text = try? String(contentsOfFile: fixture, encoding: .utf8) else { return nil }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    return lines.count >= 10 && lines[9].hasPrefix("{") ? Array(lines[9].utf8) : nil
  }

  /// A page of 30 repositories with only the fields reactor reads (about 6 KB).
  static func minimalBody() -> [UInt8] {
    let items = Fixtures.repositories(start: 0, count: 30).map { repository in
      #"{"id":\#(repository.id),"full_name":"\#(repository.fullName)","description":"\#(repository.description ?? "")","#
        + #""stargazers_count":\#(repository.stars),"language":"\#(repository.language ?? "C")","html_url":"\#(repository.url)"}"#
    }
    return Array(
      (#"{"total_count":1000000,"incomplete_results":false,"items":["# + items.joined(separator: ",") + "]}").utf8)
  }

  static func path(_ index: Int) -> String { "/search/repositories?q=q\(index)&page=1&per_page=30" }

  static let headers = [
    "Accept: application/vnd.github+json", "User-Agent: reactor-bench", "X-GitHub-Api-Version: 2022-11-28",
  ]

  static func temporaryFile(_ name: String, _ text: String) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("reactor-bench-\(getpid())-\(name)").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// Milliseconds per request for `reactor` answering `count` piped queries.
  static func reactor(_ binary: String, server: LoopbackServer, input: String, count: Int) throws -> Double {
    let before = server.requestCount
    let result = try Subprocess.run(
      binary, ["--api-url", "http://127.0.0.1:\(server.port)", "--json"], input: input, capture: false,
      environment: ["GH_TOKEN": nil, "GITHUB_TOKEN": nil, "NO_COLOR": "1"])
    guard result.status == 0, server.requestCount - before == count else {
      throw BenchError("reactor exited \(result.status) after \(server.requestCount - before) of \(count) requests")
    }
    return result.seconds / Double(count) * 1e3
  }

  /// Milliseconds per request for one curl process fetching `count` URLs over keep-alive.
  static func curl(_ curl: String, server: LoopbackServer, config: String, count: Int) throws -> Double {
    let before = server.requestCount
    let result = try Subprocess.run(curl, ["-s", "-S", "-K", config], capture: false)
    guard result.status == 0, server.requestCount - before == count else {
      throw BenchError("curl exited \(result.status) after \(server.requestCount - before) of \(count) requests")
    }
    return result.seconds / Double(count) * 1e3
  }

  /// Milliseconds per request for the live client over its libcurl transport, in this process.
  static func inProcess(server: LoopbackServer, count: Int) async throws -> Double {
    let configuration = GitHubConfiguration(
      baseURL: URL(string: "http://127.0.0.1:\(server.port)")!, userAgent: "reactor-bench")
    let transport: any HTTPTransport = CurlTransport()
    let client = GitHubClient.live(configuration: configuration, transport: transport)
    _ = try await client.searchRepositories("warm", 1, 30)
    var items = 0
    let elapsed = try await asyncSeconds {
      for index in 0..<count { items += try await client.searchRepositories("q\(index)", 1, 30).items.count }
    }
    precondition(items == count * 30)
    return elapsed / Double(count) * 1e3
  }

  /// Checks once that reactor really printed a change record per page.
  static func validate(_ binary: String, server: LoopbackServer) throws {
    let input = try temporaryFile("validate.txt", "query swift\nnext\n")
    defer { try? FileManager.default.removeItem(atPath: input) }
    let result = try Subprocess.run(
      binary, ["--api-url", "http://127.0.0.1:\(server.port)", "--json"], input: input,
      environment: ["GH_TOKEN": nil, "GITHUB_TOKEN": nil])
    let appended = result.output.split(separator: "\n").filter { $0.contains(#""mutation":"appendRepos""#) }
    // The server answers every page with the same one, so the second page's repositories are
    // the first's again: reactor drops them as duplicates and says how many.
    guard result.status == 0, appended.count == 1,
      appended[0].contains(#""op":"add""#) || appended[0].contains(#""path":"/duplicatesDropped","value":30"#)
    else {
      throw BenchError("reactor did not load pages from the loopback server:\n\(result.output.prefix(500))")
    }
  }

  /// Our figures and curl's for one kind of page.
  static func measure(
    body: [UInt8], binary: String, curlPath: String, count: Int, runs: Int
  ) async throws -> (reactor: Double, client: Double, curl: Double) {
    let server = try LoopbackServer(body: body)
    defer { server.stop() }
    try validate(binary, server: server)
    let input = try temporaryFile("queries.txt", (0..<count).map { "query q\($0)\n" }.joined())
    let urls = (0..<count).map { #"url = "http://127.0.0.1:\#(server.port)\#(path($0))""# }
    let config = try temporaryFile(
      "curl.txt", (headers.map { #"header = "\#($0)""# } + urls).joined(separator: "\n") + "\n")
    defer {
      try? FileManager.default.removeItem(atPath: input)
      try? FileManager.default.removeItem(atPath: config)
    }
    // Interleaved, so that a slow stretch of the machine (curl's figure moved from 0.064 to
    // 0.105 ms between two runs of the suite) lands on both sides of the ratio alike.
    var (reactorTime, clientTime, curlTime) = (Double.infinity, Double.infinity, Double.infinity)
    for _ in 0..<max(1, runs) {
      curlTime = min(curlTime, try curl(curlPath, server: server, config: config, count: count))
      reactorTime = min(reactorTime, try reactor(binary, server: server, input: input, count: count))
      clientTime = min(clientTime, try await inProcess(server: server, count: count))
    }
    return (reactorTime, clientTime, curlTime)
  }

  static func run(_ context: Context) async throws -> [Row] {
    guard let binary = context.reactorStatic ?? context.reactor else { throw BenchError("no reactor binary") }
    guard let curlPath = Subprocess.which("curl") else { throw BenchError("curl is not installed") }
    let count = context.count(full: 1_000, quick: 300)
    let runs = min(context.runs, 3)
    var rows: [Row] = []
    var pages: [(id: String, name: String, body: [UInt8])] = []
    if let recorded = recordedBody() { pages.append(("", "recorded \(recorded.count / 1000) KB page", recorded)) }
    let minimal = minimalBody()
    pages.append((".small", "minimal \(minimal.count / 1000) KB page", minimal))
    for page in pages {
      progress("http: \(count) sequential searches on loopback, \(page.name), best of \(runs)")
      let result = try await measure(body: page.body, binary: binary, curlPath: curlPath, count: count, runs: runs)
      rows += [
        Row(
          id: "http" + page.id, scenario: "HTTP: \(count.grouped) searches, reactor pipe, \(page.name)",
          ours: result.reactor,
          baseline: result.curl, baselineName: "curl keep-alive", unit: "ms/request", target: .atMost(2, on: .ratio)),
        Row(
          id: "http.client" + page.id, scenario: "HTTP: live client in-process, \(page.name)", ours: result.client,
          baseline: result.curl, baselineName: "curl keep-alive", unit: "ms/request", target: nil),
      ]
    }
    return rows
  }
}
