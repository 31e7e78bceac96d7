import Foundation
import GitHubClient
import ReactorCore
import SearchFeature
import Shell

#if canImport(Glibc)
  import Glibc
#endif

/// Scenario `memory`: peak resident memory while search state holds 400,000 distinct
/// repositories, loaded 30 a page through the store with diff + NDJSON, against the same pages
/// reduced in a plain loop. Each variant runs in a child process of its own
/// (`reactor-bench memory-child store|plain COUNT`), so the peaks do not mix.
enum MemoryBench {
  struct Report: Codable {
    var repos: Int
    var startKB: Int
    var peakKB: Int
    var endKB: Int
  }

  /// Resident set size now, in KiB.
  static func residentKB() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024 : 0
  }

  /// Peak resident set size of this process's own memory, in KiB: `VmHWM`, which starts afresh
  /// at exec. (`ru_maxrss` does not: Linux carries the high-water mark of the forked parent
  /// across exec, so a child of a large benchmark process reported the parent's peak.)
  static func peakKB() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
    else {
      var usage = rusage()
      getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
      return usage.ru_maxrss
    }
    return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
  }

  /// The child: loads `count` repositories and prints a JSON ``Report``.
  static func child(variant: String, count: Int) {
    let pages = count / 30
    let page: @Sendable (Int) -> [Repository] = { Fixtures.repositories(start: ($0 - 1) * 30, count: 30) }
    let start = residentKB()
    var repos = 0
    switch variant {
    case "store":
      let executor = ManualExecutor()
      let client = Fixtures.instantClient(first: page(1), later: page)
      let store = Store(
        reactor: SearchReactor(client: client), sequencer: Sequencer(), differ: .patches, executor: executor)
      Fixtures.attachRenderer(to: store, sink: NullSink())
      store.send(.updateQuery("memory"))
      executor.runUntilIdle()
      for _ in 1..<pages {
        store.send(.loadNextPage)
        executor.runUntilIdle()
      }
      repos = store.currentState.repos.count
      report(repos: repos, start: start)
      blackhole(store)
    case "plain":
      let reactor = SearchReactor(client: Fixtures.instantClient(page: []))
      var state = reactor.initialState
      reactor.reduce(state: &state, mutation: .setQuery("memory"))
      reactor.reduce(state: &state, mutation: .setRepos(Page(items: page(1), page: 1, nextPage: 2)))
      for number in 2...pages {
        reactor.reduce(state: &state, mutation: .setLoadingNextPage)
        reactor.reduce(
          state: &state, mutation: .appendRepos(Page(items: page(number), page: number, nextPage: number + 1)))
      }
      repos = state.repos.count
      report(repos: repos, start: start)
      blackhole(state)
    default:
      fatalError("memory-child: expected store or plain")
    }
  }

  static func report(repos: Int, start: Int) {
    let report = Report(repos: repos, startKB: start, peakKB: peakKB(), endKB: residentKB())
    let data = try! JSONEncoder().encode(report)
    print(String(decoding: data, as: UTF8.self))
  }

  static func measure(_ variant: String, count: Int) throws -> Report {
    let result = try Subprocess.run(CommandLine.arguments[0], ["memory-child", variant, String(count)])
    guard result.status == 0, let line = result.output.split(separator: "\n").last,
      let report = try? JSONDecoder().decode(Report.self, from: Data(line.utf8))
    else { throw BenchError("memory-child \(variant) failed (status \(result.status))") }
    return report
  }

  static func run(_ context: Context) throws -> [Row] {
    let count = context.count(full: 400_020, quick: 100_020, smoke: 10_020)
    progress("memory: \(count) repositories, one child process per variant")
    let store = try measure("store", count: count)
    let plain = try measure("plain", count: count)
    func perRepository(_ report: Report) -> Double {
      Double(report.peakKB - report.startKB) * 1024 / Double(report.repos)
    }
    return [
      Row(
        id: "memory.peak", scenario: "memory: peak RSS holding \(count / 1000)k repos",
        ours: Double(store.peakKB) / 1024,
        baseline: Double(plain.peakKB) / 1024, baselineName: "reduce in a loop", unit: "MiB", target: nil),
      Row(
        id: "memory.perRepo", scenario: "memory: bytes per repository (peak - start)", ours: perRepository(store),
        baseline: perRepository(plain), baselineName: "reduce in a loop", unit: "B/repo", target: nil),
    ]
  }
}
