import Foundation
import ReactorCore
import Shell

/// Row `replay.jobs`: a suite of 1,000 generated transcripts (six searches on the benchmark's
/// cassette, cycled), replayed as `reactor replay --jobs 2 DIR` does, against the same suite
/// with `--jobs 1`. The suite is written to a scratch directory and removed; nothing of it is
/// committed. Target: with two jobs, at most 0.65 of the one-job time (two cores).
enum ParallelReplayBench {
  static let words = ["swift", "rust", "go", "python", "react", "http"]

  static func run(_ context: Context, cassette: String) async throws -> Row {
    let count = context.count(full: 1_000, quick: 300)
    let runs = min(context.runs, 3)
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reactor-bench-suite-\(getpid())")
      .path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    var variants: [String] = []
    for word in words {
      let lines = ["query \(word)", "next", "open 1", "help next", "query \(word) stars:>1000", "state search"]
      variants.append(await ReplayBench.recorded(lines, cassette: cassette))
    }
    for index in 0..<count {
      // Two levels of folders, as a suite grows them.
      let folder = "\(directory)/\(index % 10)"
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      try variants[index % variants.count].write(
        toFile: "\(folder)/t\(index).t", atomically: false, encoding: .utf8)
    }
    progress("replay.jobs: a suite of \(count.grouped) transcripts, --jobs 1 and 2, best of \(runs)")
    func time(jobs: Int) async -> Double {
      var options = ReplayOptions(paths: [directory])
      options.jobs = jobs
      let summary = Locked("")
      let replayer = Replayer(runner: ReplayBench.runner) { text in
        if text.hasSuffix(" failed\n") { summary.withLock { $0 = text } }
      }
      var status: Int32 = 0
      let elapsed = await asyncSeconds { status = await replayer.run(options) }
      precondition(status == 0, "the generated suite did not replay: \(summary.withLock { $0 })")
      return elapsed
    }
    let one = await best(of: runs) { await time(jobs: 1) }
    let two = await best(of: runs) { await time(jobs: 2) }
    return Row(
      id: "replay.jobs", scenario: "replay --jobs 2: \(count.grouped) generated transcripts", ours: two, baseline: one,
      baselineName: "--jobs 1", unit: "s", target: .atMost(0.65, on: .ratio),
      note: ProcessInfo.processInfo.activeProcessorCount < 2 ? "fewer than 2 cores: the target cannot be met" : nil)
  }
}
