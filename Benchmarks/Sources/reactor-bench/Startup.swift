import Foundation

/// Scenario `startup`: `reactor --version` and the time to the daemon's `ready` record (with
/// standard input at end of file, so the daemon then exits), with hyperfine, against a static
/// Foundation probe that does nothing (the targets' baseline), `/bin/true` and
/// `sqlite3 :memory: .quit`.
enum StartupBench {
  struct Measurement {
    var command: String
    var median: Double
    var min: Double
  }

  /// Milliseconds (median and minimum) for each command, measured by hyperfine without a shell.
  static func hyperfine(_ commands: [String], runs: Int) throws -> [Measurement] {
    guard let hyperfine = Subprocess.which("hyperfine") else { throw BenchError("hyperfine is not installed") }
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("reactor-bench-startup-\(getpid()).json")
      .path
    defer { try? FileManager.default.removeItem(atPath: file) }
    let result = try Subprocess.run(
      hyperfine,
      ["-N", "--style", "none", "--warmup", "20", "--runs", String(runs), "--export-json", file] + commands, quiet: true
    )
    guard result.status == 0, let data = FileManager.default.contents(atPath: file),
      let json = try JSONSerialization.jsonObject(with: data) as? [String: Any],
      let results = json["results"] as? [[String: Any]]
    else { throw BenchError("hyperfine failed (status \(result.status))") }
    return results.map { entry in
      Measurement(
        command: entry["command"] as? String ?? "?", median: (entry["median"] as? Double ?? .nan) * 1e3,
        min: (entry["min"] as? Double ?? .nan) * 1e3)
    }
  }

  static func run(_ context: Context) throws -> [Row] {
    guard let binary = context.reactorStatic ?? context.reactor else {
      throw BenchError("no reactor binary (pass --reactor and --reactor-static; scripts/bench does)")
    }
    guard let sqlite = Subprocess.which("sqlite3") else { throw BenchError("sqlite3 is not installed") }
    let runs = context.count(full: 300, quick: 100)
    progress("startup: hyperfine, \(runs) runs each")
    var commands = ["/bin/true", "\(sqlite) :memory: .quit", "\(binary) --version", "\(binary) --daemon"]
    let hasDynamic = context.reactor != nil && context.reactorStatic != nil
    if let dynamic = context.reactor, hasDynamic { commands += ["\(dynamic) --version", "\(dynamic) --daemon"] }
    guard let probes = context.probes.map({ directory in ["foundation", "networking"].map { "\(directory)/\($0)" } }),
      probes.allSatisfy({ FileManager.default.isExecutableFile(atPath: $0) })
    else { throw BenchError("no startup probes (pass --probes; scripts/bench builds them)") }
    commands += probes
    let results = try hyperfine(commands, runs: runs)
    guard results.count == commands.count else { throw BenchError("hyperfine returned \(results.count) results") }
    let truth = results[0].median
    let sqliteTime = results[1].median
    let probeOffset = hasDynamic ? 6 : 4
    // The targets are ratios to a static Foundation program that does nothing, linked as
    // reactor is and measured in the same run: the floor of any start-up of this build.
    let floor = results[probeOffset].median
    let floorName = "static Foundation probe"
    // scripts/install builds the static binary; the dynamic one is what a plain
    // `swift build -c release` gives, shown for scale without a target.
    let kind = context.reactorStatic != nil ? "static stdlib, as installed" : "dynamic"
    var rows = [
      Row(
        id: "startup.true", scenario: "startup: /bin/true (for scale)", ours: truth, baseline: sqliteTime,
        baselineName: "sqlite3 :memory: .quit", unit: "ms", target: nil),
      Row(
        id: "startup.version", scenario: "startup: reactor --version (\(kind))", ours: results[2].median,
        baseline: floor, baselineName: floorName, unit: "ms", target: .atMost(1.3, on: .ratio)),
      Row(
        id: "startup.ready", scenario: "startup: reactor --daemon to ready, EOF (\(kind))", ours: results[3].median,
        baseline: floor, baselineName: floorName, unit: "ms", target: .atMost(2, on: .ratio)),
    ]
    if hasDynamic {
      rows += [
        Row(
          id: "startup.version.dynamic", scenario: "startup: reactor --version (dynamic, plain swift build)",
          ours: results[4].median, baseline: sqliteTime, baselineName: "sqlite3 :memory: .quit", unit: "ms", target: nil
        ),
        Row(
          id: "startup.ready.dynamic", scenario: "startup: reactor --daemon to ready (dynamic, plain swift build)",
          ours: results[5].median, baseline: sqliteTime, baselineName: "sqlite3 :memory: .quit", unit: "ms", target: nil
        ),
      ]
    }
    rows += [
      Row(
        id: "startup.probe.foundation", scenario: "startup: probe, static Foundation, no work (floor)",
        ours: floor, baseline: sqliteTime, baselineName: "sqlite3 :memory: .quit", unit: "ms", target: nil),
      Row(
        id: "startup.probe.networking", scenario: "startup: probe, static + FoundationNetworking",
        ours: results[probeOffset + 1].median, baseline: floor, baselineName: floorName, unit: "ms", target: nil),
    ]
    return rows
  }
}

struct BenchError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
