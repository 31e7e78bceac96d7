import Foundation

/// Scenario `offline`: `reactor --offline` answering piped `query` lines, each a different
/// search of the built-in sample (matched, sorted and encoded by the sample server, decoded and
/// rendered as text), against the same binary answering as many piped `next` lines with no
/// search to page: a command through the session that sends no request. Both figures are per
/// command, with the time of the same binary reading an empty input (its start and exit)
/// taken off.
enum OfflineBench {
  /// Words, phrases and every kind of qualifier the sample supports, cycled so that no two
  /// consecutive queries are the same.
  static let queries = [
    "swift", "rust cli", "language:go stars:>1000", "user:apple", "in:name http", "topic:web",
    "\"package manager\"", "python stars:100..50000", "react in:description", "org:rust-lang compiler", "zig",
    "language:typescript framework",
  ]

  /// `count` query lines, cycling through ``queries``.
  static func queryLines(_ count: Int) -> [String] { (0..<count).map { "query \(queries[$0 % queries.count])" } }

  /// A temporary file of `lines`, one a line; returns its path.
  static func input(_ name: String, _ lines: [String]) throws -> String {
    try HTTPBench.temporaryFile("offline-\(name).txt", lines.map { $0 + "\n" }.joined())
  }

  /// Seconds for `binary --offline` to read `input` to its end.
  static func time(_ binary: String, input: String) throws -> Double {
    let result = try Subprocess.run(
      binary, ["--offline"], input: input, capture: false, quiet: true,
      environment: ["NO_COLOR": "1"])
    guard result.status == 0 else { throw BenchError("reactor --offline exited \(result.status) on \(input)") }
    return result.seconds
  }

  /// Checks once that every query line gave a page of results.
  static func validate(_ binary: String) throws {
    let input = try input("validate", queryLines(queries.count))
    defer { try? FileManager.default.removeItem(atPath: input) }
    let result = try Subprocess.run(binary, ["--offline", "--json"], input: input, quiet: true)
    let pages = result.output.split(separator: "\n").filter { $0.contains(#""mutation":"setRepos""#) }
    guard result.status == 0, pages.count == queries.count else {
      throw BenchError("reactor --offline did not answer every query:\n\(result.output.prefix(500))")
    }
  }

  static func run(_ context: Context) throws -> [Row] {
    guard let binary = context.reactorStatic ?? context.reactor else { throw BenchError("no reactor binary") }
    let count = context.count(full: 3_000, quick: 1_000)
    let runs = min(context.runs, 3)
    try validate(binary)
    let queryInput = try input("queries", queryLines(count))
    let nextInput = try input("next", Array(repeating: "next", count: count))
    defer {
      try? FileManager.default.removeItem(atPath: queryInput)
      try? FileManager.default.removeItem(atPath: nextInput)
    }
    progress("offline: \(count) piped queries and \(count) piped next, --offline, best of \(runs)")
    // Interleaved, so that a slow stretch of the machine lands on both sides of the ratio.
    var (start, query, next) = (Double.infinity, Double.infinity, Double.infinity)
    for _ in 0..<max(1, runs) {
      start = min(start, try time(binary, input: "/dev/null"))
      next = min(next, try time(binary, input: nextInput))
      query = min(query, try time(binary, input: queryInput))
    }
    func perCommand(_ total: Double) -> Double { max(total - start, 0) / Double(count) * 1e3 }
    return [
      Row(
        id: "offline.query", scenario: "offline: \(count.grouped) piped queries, text output",
        ours: perCommand(query), baseline: perCommand(next), baselineName: "offline next (no search)",
        unit: "ms/command", target: .atMost(10, on: .ratio),
        note: "start and exit (\(format(start * 1e3)) ms, empty input) taken off both")
    ]
  }
}
