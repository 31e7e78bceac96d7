import Foundation
import GitHubClient
import GitHubClientLive

/// Scenario `decode` (informational, with `http`): microseconds to decode one search page, by
/// the client's decoder (`GitHubAPI.searchPage`: JSONDecoder over Codable wire types) and by a
/// prototype byte scanner (`SearchPageScanner`). Both must give the same repositories.
enum DecodeBench {
  static func run(_ context: Context) throws -> [Row] {
    let api = GitHubAPI(
      configuration: GitHubConfiguration(baseURL: GitHubConfiguration.defaultBaseURL, userAgent: "reactor-bench"))
    var pages: [(id: String, name: String, body: [UInt8])] = []
    if let recorded = HTTPBench.recordedBody() { pages.append(("", "recorded \(recorded.count / 1000) KB page", recorded)) }
    let minimal = HTTPBench.minimalBody()
    pages.append((".small", "minimal \(minimal.count / 1000) KB page", minimal))
    let count = context.quick ? 200 : 1_000
    progress("decode: \(count) search pages per run, best of \(context.runs)")
    var rows: [Row] = []
    for page in pages {
      let response = HTTPResponse(status: 200, headers: [], body: Data(page.body))
      let reference = try api.searchPage(response, page: 1, perPage: 30)
      let scanned = try SearchPageScanner.decode(response.body)
      guard scanned.items == reference.items, scanned.totalCount == reference.totalCount else {
        throw BenchError("the prototype scanner decoded the \(page.name) differently")
      }
      let client = try best(of: context.runs) {
        try seconds { for _ in 0..<count { blackhole(try api.searchPage(response, page: 1, perPage: 30)) } } / Double(count) * 1e6
      }
      let scanner = try best(of: context.runs) {
        try seconds { for _ in 0..<count { blackhole(try SearchPageScanner.decode(response.body)) } } / Double(count) * 1e6
      }
      rows.append(
        Row(
          id: "decode" + page.id, scenario: "decode one search page, \(page.name)", ours: client, baseline: scanner,
          baselineName: "byte scanner (prototype)", unit: "us/page", target: nil))
    }
    return rows
  }
}
