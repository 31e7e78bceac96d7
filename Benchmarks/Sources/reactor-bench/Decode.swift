import Foundation
import GitHubClient
import GitHubClientLive

/// Scenario `decode` (informational, with `http`): microseconds to decode one search page, by
/// the client's decoder (`GitHubAPI.searchPage`, a one-pass byte scanner) and by JSONDecoder
/// over Codable wire types, the decoder it replaced. Both must give the same repositories.
enum DecodeBench {
  // The wire's own key names, so Codable needs no CodingKeys.
  // swift-format-ignore: AlwaysUseLowerCamelCase
  private struct SearchWire: Decodable {
    struct Item: Decodable {
      struct License: Decodable { var name: String? }
      var id: Int
      var full_name: String
      var description: String?
      var stargazers_count: Int
      var language: String?
      var html_url: String
      var forks_count: Int?
      var open_issues_count: Int?
      var topics: [String]?
      var license: License?
      var created_at: String?
      var pushed_at: String?
      var homepage: String?
    }
    var total_count: Int
    var incomplete_results: Bool?
    var items: [Item]
  }

  private static func withJSONDecoder(_ body: Data) throws -> (total: Int, items: [Repository]) {
    let wire = try JSONDecoder().decode(SearchWire.self, from: body)
    return (
      wire.total_count,
      wire.items.map {
        Repository(
          id: $0.id, fullName: $0.full_name, description: $0.description, stars: $0.stargazers_count,
          language: $0.language, url: $0.html_url,
          details: Repository.Details(
            forks: $0.forks_count, openIssues: $0.open_issues_count, topics: $0.topics ?? [], license: $0.license?.name,
            createdAt: $0.created_at, pushedAt: $0.pushed_at, homepage: $0.homepage))
      }
    )
  }

  static func run(_ context: Context) throws -> [Row] {
    let api = GitHubAPI(
      configuration: GitHubConfiguration(baseURL: GitHubConfiguration.defaultBaseURL, userAgent: "reactor-bench"))
    var pages: [(id: String, name: String, body: [UInt8])] = []
    if let recorded = HTTPBench.recordedBody() {
      pages.append(("", "recorded \(recorded.count / 1000) KB page", recorded))
    }
    let minimal = HTTPBench.minimalBody()
    pages.append((".small", "minimal \(minimal.count / 1000) KB page", minimal))
    let count = context.count(full: 1_000, quick: 200)
    progress("decode: \(count) search pages per run, best of \(context.runs)")
    var rows: [Row] = []
    for page in pages {
      let response = HTTPResponse(status: 200, headers: [], body: Data(page.body))
      let ours = try api.searchPage(response, page: 1, perPage: 30)
      let reference = try withJSONDecoder(response.body)
      guard ours.items == reference.items, ours.totalCount == reference.total else {
        throw BenchError("the client decoded the \(page.name) differently from JSONDecoder")
      }
      let client = try best(of: context.runs) {
        try seconds { for _ in 0..<count { blackhole(try api.searchPage(response, page: 1, perPage: 30)) } }
          / Double(count) * 1e6
      }
      let foundation = try best(of: context.runs) {
        try seconds { for _ in 0..<count { blackhole(try withJSONDecoder(response.body)) } } / Double(count) * 1e6
      }
      rows.append(
        Row(
          id: "decode" + page.id, scenario: "decode one search page, \(page.name)", ours: client, baseline: foundation,
          baselineName: "JSONDecoder (the decoder replaced)", unit: "us/page", target: nil))
    }
    return rows
  }
}
