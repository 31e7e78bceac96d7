import FeatureList
import Foundation
import GitHubClient
import GitHubClientLive
import ReactorCore
import Rendering
import Shell

/// Scenario `replay`: a 10,000-command transcript replayed and compared in-process, as
/// `reactor replay` does (parse, virtual time, search, render, compare). Its HTTP answers come
/// from a cassette, as in every recorded transcript; the cassette is made here from the offline
/// sample. A second figure uses `%offline` (answers computed by the offline sample server).
/// Baseline: the same command lines run through a `Session` directly, without transcript
/// machinery.
enum ReplayBench {
  static let words = ["swift", "rust", "go", "python", "language:swift", "stars:>10000", "react", "http"]

  static func commands(_ count: Int) -> [String] {
    var lines: [String] = []
    var index = 0
    while lines.count < count {
      lines += ["query \(words[index % words.count])", "next", "open 1", "help next"]
      index += 1
    }
    return Array(lines.prefix(count))
  }

  /// The transcript: on the cassette at `cassette`, or on the offline sample when nil.
  static func transcriptText(_ commands: [String], cassette: String?) -> String {
    let source = cassette.map { "%cassette \($0)" } ?? "%offline"
    return ([source, "%mode json"] + commands.map { "> " + $0 }).joined(separator: "\n") + "\n"
  }

  static let runner = TranscriptRunner(
    features: Features.all,
    makeClient: { settings, time, log in
      try GitHubClient.replaying(
        cassettePath: settings.offline ? nil : settings.cassette, time: time, userAgent: "reactor-bench", log: log)
    })

  /// Records, from the offline sample, a cassette answering the first two pages of every query
  /// of the script, and the first of each with `stars:>1000` (the `replay.jobs` suite's), each
  /// with a recorded latency of 150 ms (virtual in replays); returns its path. A query the
  /// cassette does not answer fails its replay.
  static func makeCassette() async throws -> String {
    let recording = RecordingTransport(wrapping: OfflineTransport(now: { Date(timeIntervalSince1970: 1_700_000_000) }))
    let client = GitHubClient.live(
      configuration: GitHubConfiguration(baseURL: GitHubConfiguration.defaultBaseURL, userAgent: "reactor-bench"),
      transport: recording)
    for word in words {
      for page in 1...2 { _ = try? await client.searchRepositories(word, page, 30) }
      _ = try? await client.searchRepositories(word + " stars:>1000", 1, 30)
    }
    var cassette = recording.cassette
    for index in cassette.exchanges.indices { cassette.exchanges[index].latencyMs = 150 }
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("reactor-bench-\(getpid()).cassette.json")
      .path
    try cassette.write(to: URL(fileURLWithPath: path))
    return path
  }

  /// The transcript with its expected output recorded.
  static func recorded(_ commands: [String], cassette: String?) async -> String {
    let text = transcriptText(commands, cassette: cassette)
    let transcript = try! TranscriptParser.parse(text, features: Features.all.settings)
    let outputs = try! await runner.run(transcript)
    return transcript.text(outputs: outputs.map { $0.map { Substring($0) } })
  }

  /// Seconds to replay and check `expected`.
  static func replay(_ expected: String) async -> Double {
    let replayer = Replayer(runner: runner, write: { _ in })
    var verdict: Replayer.Verdict = .ok
    let elapsed = await asyncSeconds {
      verdict = await replayer.check(expected, name: "bench.t").verdict
    }
    precondition(verdict == .ok, "the benchmark transcript did not replay: \(verdict)")
    return elapsed
  }

  /// Seconds to run the same lines through a session on virtual time.
  static func direct(
    _ commands: [String], cassette: String?, options: RenderOptions = RenderOptions(mode: .json)
  ) -> Double {
    let clock = VirtualClock()
    let executor = ManualExecutor()
    let time = TimeSource.virtual(clock, start: 1_700_000_000)
    let client = try! GitHubClient.replaying(cassettePath: cassette, time: time, userAgent: "reactor-bench")
    let session = Session(
      configuration: Session.Configuration(
        client: client, features: Features.all, options: options, sink: NullSink(), time: time, executor: executor))
    return seconds {
      for line in commands {
        let execution = session.start(line)
        executor.runUntilIdle()
        while !execution.isFinished, clock.advanceToNextDeadline() { executor.runUntilIdle() }
      }
    }
  }

  static func run(_ context: Context) async throws -> [Row] {
    let count = context.count(full: 10_000, quick: 2_000)
    let runs = min(context.runs, 3)
    let cassette = try await makeCassette()
    defer { try? FileManager.default.removeItem(atPath: cassette) }
    let lines = commands(count)
    var rows: [Row] = []
    for (id, source) in [("replay", Optional(cassette)), ("replay.offline", nil)] where context.measures(id) {
      // The offline sample answers slowly (it searches and encodes its whole sample on every
      // request): one run is enough for its informational figure.
      let sourceRuns = source == nil ? 1 : runs
      progress(
        "replay: a \(count)-command transcript (\(source == nil ? "%offline" : "cassette")), best of \(sourceRuns)")
      let expected = await recorded(lines, cassette: source)
      let replayTime = await best(of: sourceRuns) { await replay(expected) }
      let directTime = best(of: sourceRuns) { direct(lines, cassette: source) }
      rows.append(
        Row(
          id: id,
          scenario: "transcript replay: \(count.grouped) commands, \(source == nil ? "%offline sample" : "cassette")",
          ours: Double(count) / replayTime, baseline: Double(count) / directTime,
          baselineName: "Session, no transcript",
          unit: "commands/s", target: source == nil ? nil : .atLeast(0.8, on: .ratio)))
    }
    if context.measures("replay.jobs") { rows.append(try await ParallelReplayBench.run(context, cassette: cassette)) }
    return rows
  }
}
