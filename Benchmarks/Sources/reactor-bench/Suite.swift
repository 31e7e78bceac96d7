import Foundation

/// Runs the scenarios asked for, prints the table, saves the results and compares them with
/// the previous run.
enum Suite {
  static func run(_ context: Context) async {
    var rows: [Row] = []
    func attempt(_ id: String, _ body: () async throws -> [Row]) async {
      guard context.wants(id) else { return }
      do {
        rows += try await body()
      } catch {
        progress("\(id): \(error)")
        rows.append(.failure(id: id, scenario: id, error: "\(error)"))
      }
    }
    await attempt("counter") { await CounterBench.run(context) }
    await attempt("search") { SearchScriptBench.run(context) }
    await attempt("large") { LargeStateBench.run(context) }
    await attempt("render") { try RenderLineBench.run(context) }
    await attempt("replay") { try await ReplayBench.run(context) }
    await attempt("startup") { try StartupBench.run(context) }
    await attempt("http") { try await HTTPBench.run(context) }
    await attempt("decode") { try DecodeBench.run(context) }
    await attempt("memory") { try MemoryBench.run(context) }
    await attempt("history") { try HistoryBench.run(context) }
    await attempt("offline") { try OfflineBench.run(context) }
    await attempt("live") { LiveBench.run(context) }

    let report = Report(date: Report.now(), quick: context.quick, machine: Report.machine(), rows: rows)
    print("reactor benchmarks, \(report.date), \(report.machine)\(context.quick ? ", quick run" : "")")
    print("")
    print(report.table())
    if let directory = context.results {
      do {
        let previous = try report.save(in: directory)
        print("")
        print("saved \(directory)/latest.json")
        if let previous { print(report.comparison(with: previous)) }
      } catch {
        progress("could not save results: \(error)")
      }
    }
    if rows.contains(where: { $0.error != nil || ($0.passed == false && !context.ignoresTargets) }) { exit(1) }
  }
}
