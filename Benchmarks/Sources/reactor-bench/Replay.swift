import Foundation
import GitHubClient
import GitHubClientLive
import Shell

/// Commands per second replaying a 10,000-command transcript against the offline sample,
/// in-process (parse, virtual time, search, render, compare).
func replayRate(commands: Int) async -> (rate: Double, seconds: Double) {
  let words = ["swift", "rust", "go", "python", "language:swift", "stars:>10000", "react", "http"]
  var lines = ["%offline", "%mode json"]
  var index = 0
  while lines.count - 2 < commands {
    lines.append("> query \(words[index % words.count])")
    lines.append("> next")
    lines.append("> open 1")
    lines.append("> help next")
    index += 1
  }
  let text = lines.prefix(commands + 2).joined(separator: "\n") + "\n"
  let runner = TranscriptRunner(makeClient: { _, time, _ in
    try GitHubClient.replaying(cassettePath: nil, time: time, userAgent: "reactor-bench")
  })
  // Record the expected output first, so the timed replay compares and passes, as in CI.
  let recorded = try! await runner.run(try! TranscriptParser.parse(text))
  let transcript = try! TranscriptParser.parse(text)
  let expectedText = transcript.text(outputs: recorded)
  let replayer = Replayer(runner: runner, write: { _ in })
  let start = DispatchTime.now().uptimeNanoseconds
  let (verdict, _) = await replayer.check(expectedText, name: "bench.t")
  let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
  precondition(verdict == .ok, "the benchmark transcript did not replay: \(verdict)")
  return (Double(commands) / seconds, seconds)
}
