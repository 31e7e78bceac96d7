import FeatureList
import Foundation
import GitHubClient
import ReactorCore
import Rendering
import Shell

/// Scenario `history` (time travel): what a session's history costs. Peak resident memory
/// while search holds 400,000 repositories, loaded 30 a page through a session with history on
/// (the default `--history-limit`) against the same session with `--history-limit 0`, each in
/// a child process of its own (`reactor-bench history-child on|off COUNT`); and the time a
/// change takes with history against without, in process.
enum HistoryBench {
  /// A session on `client` rendering NDJSON to nowhere, its effects run by `executor`.
  static func session(limit: Int, client: GitHubClient, executor: ManualExecutor) -> Session {
    Session(
      configuration: .init(
        client: client, features: Features.all, options: RenderOptions(mode: .json), sink: NullSink(),
        executor: executor, historyLimit: limit))
  }

  /// `query`, then `next` until `pages` pages are loaded (two changes a page after the first).
  static func load(_ session: Session, executor: ManualExecutor, pages: Int) {
    _ = session.start("query history")
    executor.runUntilIdle()
    for _ in 1..<pages {
      _ = session.start("next")
      executor.runUntilIdle()
    }
  }

  static func client() -> GitHubClient {
    Fixtures.instantClient(first: Fixtures.repositories(start: 0, count: 30)) {
      Fixtures.repositories(start: ($0 - 1) * 30, count: 30)
    }
  }

  /// The child: loads `count` repositories and prints a JSON ``MemoryBench/Report``.
  static func child(variant: String, count: Int) {
    let limit = variant == "on" ? Session.defaultHistoryLimit : 0
    let executor = ManualExecutor()
    let start = MemoryBench.residentKB()
    let session = session(limit: limit, client: client(), executor: executor)
    load(session, executor: executor, pages: count / 30)
    MemoryBench.report(repos: count / 30 * 30, start: start)
    blackhole(session)
  }

  static func measure(_ variant: String, count: Int) throws -> MemoryBench.Report {
    let result = try Subprocess.run(CommandLine.arguments[0], ["history-child", variant, String(count)])
    guard result.status == 0, let line = result.output.split(separator: "\n").last,
      let report = try? JSONDecoder().decode(MemoryBench.Report.self, from: Data(line.utf8))
    else { throw BenchError("history-child \(variant) failed (status \(result.status))") }
    return report
  }

  /// Seconds to load `pages` pages through a fresh session with history `limit`.
  static func loadTime(limit: Int, pages: Int) -> Double {
    let executor = ManualExecutor()
    let session = session(limit: limit, client: client(), executor: executor)
    let clock = ContinuousClock()
    let start = clock.now
    load(session, executor: executor, pages: pages)
    let elapsed = start.duration(to: clock.now)
    blackhole(session)
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
  }

  static func run(_ context: Context) throws -> [Row] {
    let count = context.count(full: 400_020, quick: 100_020, smoke: 10_020)
    progress("history: \(count) repositories with history on and off, one child process each")
    let on = try measure("on", count: count)
    let off = try measure("off", count: count)
    // More pages than the limit keeps changes, so the measured changes include the dropping
    // (each folded into the snapshot), the steady state of a long session.
    let pages = context.count(full: 12_000, quick: 3_000)
    let changes = Double(2 * pages - 1)
    progress("history: \(pages) pages through a session, history on and off, best of \(context.runs)")
    let withHistory = best(of: context.runs) { loadTime(limit: Session.defaultHistoryLimit, pages: pages) }
    let without = best(of: context.runs) { loadTime(limit: 0, pages: pages) }
    return [
      Row(
        id: "history.peak", scenario: "history: peak RSS holding \(count / 1000)k repos, history on",
        ours: Double(on.peakKB) / 1024, baseline: Double(off.peakKB) / 1024, baselineName: "--history-limit 0",
        unit: "MiB", target: .atMost(1.3, on: .ratio)),
      Row(
        id: "history.perChange", scenario: "history: time per change, history on (page appends, NDJSON)",
        ours: withHistory / changes * 1e9, baseline: without / changes * 1e9, baselineName: "--history-limit 0",
        unit: "ns", target: nil,
        note: String(format: "history costs %.0f ns a change", (withHistory - without) / changes * 1e9)),
    ]
  }
}
