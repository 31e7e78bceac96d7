import FoundationEssentials
import ReactorCore
import Rendering

/// `reactor replay`: replays transcripts and reports each (the suite runs in
/// `Replayer+Suite.swift`).
package struct Replayer: Sendable {
  let runner: TranscriptRunner
  let write: @Sendable (String) -> Void
  /// Opens the suite's files (``TranscriptFiles/read(_:opening:)``).
  package var opener: TranscriptFiles.Opener = TranscriptFiles.openForReading
  /// Where a suite's own errors go (standard error); the reports go to `write`.
  package var writeError: @Sendable (String) -> Void = { StandardStream.error($0) }

  package init(runner: TranscriptRunner, write: @escaping @Sendable (String) -> Void) {
    self.runner = runner
    self.write = write
  }

  /// The result of one file.
  package enum Verdict: Sendable, Equatable {
    case ok
    /// The unified diff of the file against the actual output, with the differing JSON paths
    /// of changed NDJSON lines and a changed exit status after it.
    case mismatch(diff: String)
    /// The file could not be read or parsed.
    case broken(String)
  }

  /// Everything one replay found.
  package struct Outcome: Sendable, Equatable {
    package var verdict: Verdict
    /// The rewritten text, for `--update`; nil when nothing differs or nothing could run.
    package var updated: String?
    /// What `--update` says besides the diff: pattern lines that no longer match and are
    /// replaced by the literal line.
    package var notes: [String] = []
  }

  /// Replays one transcript text; with `update`, also returns the rewritten text.
  package func check(_ text: String, name: String) async -> (verdict: Verdict, updated: String?) {
    let outcome = await replay(text, name: name)
    return (outcome.verdict, outcome.updated)
  }

  /// Replays one transcript text and says what differs.
  package func replay(_ text: String, name: String) async -> Outcome {
    if LiveTranscript.isLive(text) { return replayLive(text, name: name) }
    let transcript: Transcript
    do {
      transcript = try TranscriptParser.parse(text, features: runner.features.settings)
    } catch {
      return Outcome(verdict: .broken("\(name): \(error)"))
    }
    let merged: [[Substring]]
    let status: Int32
    let log = ReplayLog()
    let commands = transcript.commands
    var changes: [(command: Int, line: Int, change: PatternChange)] = []
    do {
      // Merged as each command completes: a matching line is kept as the expected one (a slice
      // of `text`), so the actual one is freed at once.
      (merged, status) = try await runner.runWithStatus(transcript, log: log) { index, lines in
        let expected = index < commands.count ? commands[index].expected : []
        return Self.merge(expected: expected, actual: lines) { line, change in changes.append((index, line, change)) }
      }
    } catch {
      return Outcome(verdict: .broken("\(name): \(error)"))
    }
    // A request the cassette cannot answer fails the replay even if its error was recorded.
    if let problem = log.problems.first {
      return Outcome(
        verdict: .broken("\(name): \(problem) (record the transcript again, or add the exchange to its cassette)"))
    }
    // Line by line first: building and comparing the whole texts is for a difference.
    let sameLines = zip(commands, merged).allSatisfy { command, lines in
      command.expected.count == lines.count && zip(command.expected, lines).allSatisfy { Transcript.sameBytes($0, $1) }
    }
    if sameLines && commands.count == merged.count && status == transcript.status { return Outcome(verdict: .ok) }
    let newText = transcript.text(outputs: merged, status: status)
    let oldText = transcript.text()
    if Transcript.sameBytes(newText, oldText) { return Outcome(verdict: .ok) }
    var diff = UnifiedDiff.make(
      expected: Self.lines(oldText), actual: Self.lines(newText), expectedName: name, actualName: name + " (actual)")
    diff += JSONDifference.report(transcript: transcript, actual: merged)
    if status != transcript.status {
      diff += "\nexit status: expected \(transcript.status), got \(status)"
    }
    if Self.onlyStreamsAndStatusDiffer(transcript, merged) {
      diff +=
        status == transcript.status
        ? "\nhint: only the stream marks ('! ') differ: the transcript may predate them;"
          + " 'reactor replay --update' adds them"
        : "\nhint: only the stream marks ('! ') and %status differ: the transcript may predate them;"
          + " 'reactor replay --update' adds them"
    }
    let lineNumbers = transcript.expectedLineNumbers()
    let notes = changes.map { command, line, change in
      switch change {
      case .replaced(let kind):
        "line \(lineNumbers[command] + line): the (\(kind.rawValue)) line no longer matches; replaced by the literal line"
      case .updated:
        "line \(lineNumbers[command] + line): the (glob) line no longer matches; updated, keeping the wildcards that still match"
      }
    }
    return Outcome(verdict: .mismatch(diff: diff), updated: newText, notes: notes)
  }

  /// Whether the expected output is the actual output once its `! ` marks are taken off, and
  /// some mark is missing, as in a transcript written before standard error was marked,
  /// whatever its `%status` says.
  static func onlyStreamsAndStatusDiffer(_ transcript: Transcript, _ actual: [[Substring]]) -> Bool {
    let commands = transcript.commands
    guard commands.count == actual.count else { return false }
    var marksMissing = false
    let rest = zip(commands, actual).allSatisfy { command, lines in
      command.expected.count == lines.count
        && zip(command.expected, lines).allSatisfy { expected, line in
          guard Transcript.stream(of: expected).stream == .out else { return false }
          if Transcript.sameBytes(expected, line) { return true }
          let (stream, body) = Transcript.stream(of: line)
          marksMissing = true
          return stream == .err && Transcript.sameBytes(Transcript.unescape(String(expected)), body)
        }
    }
    return rest && marksMissing
  }

  /// What `--update` did to a pattern line that no longer matches.
  enum PatternChange {
    /// Replaced by the literal line.
    case replaced(LineMatcher.Kind)
    /// A `(glob)` JSON line rewritten to the actual line, keeping its wildcards that still match.
    case updated
  }

  /// Keeps an expected line wherever it matches the actual line it lines up with, so `(glob)`
  /// and `(re)` lines survive an update and do not show up in diffs. Lines line up from the
  /// start and, past the first that differs, from the end: a line added to or dropped from a
  /// command's output moves no pattern line off its match. `changed` hears of each pattern line
  /// (its index among the expected lines) that does not match.
  static func merge(
    expected: [Substring], actual: [OutputLine], changed: (Int, PatternChange) -> Void = { _, _ in }
  ) -> [Substring] {
    let shorter = min(expected.count, actual.count)
    var prefix = 0
    while prefix < shorter, Transcript.matches(actual[prefix], expected: expected[prefix]) { prefix += 1 }
    // The common case, every line matching where it stands, is decided by the loop above.
    if prefix == expected.count, prefix == actual.count { return expected }
    var suffix = 0
    while suffix < shorter - prefix,
      Transcript.matches(actual[actual.count - 1 - suffix], expected: expected[expected.count - 1 - suffix])
    {
      suffix += 1
    }
    return actual.indices.map { index in
      if index < prefix { return expected[index] }
      let fromEnd = actual.count - index
      if fromEnd <= suffix { return expected[expected.count - fromEnd] }
      let line = actual[index]
      // The lines between line up by position, as far as the expected ones reach.
      guard index < expected.count - suffix else { return Substring(Transcript.written(line)) }
      let (stream, body) = Transcript.stream(of: expected[index])
      if stream == .out, line.stream == .out, let updated = GlobLineUpdate.updated(pattern: body, actual: line.text) {
        changed(index, .updated)
        return Substring(updated)
      }
      if let kind = LineMatcher.kind(of: body) { changed(index, .replaced(kind)) }
      return Substring(Transcript.written(line))
    }
  }

  /// The lines of a transcript text, split as the parser splits them: at every "\n" byte.
  /// (Split by Characters, "\r\n" is one Character, so a line ending in "\r", written as
  /// "\r\r\n", ran into the next one in the diff.)
  static func lines(_ text: String) -> [String] {
    var lines = TranscriptParser.lines(of: text)
    if lines.last?.isEmpty == true { lines.removeLast() }
    return lines.map(String.init)
  }
}

extension Transcript {
  /// For each command, the line number in ``text()`` of its first expected line.
  func expectedLineNumbers() -> [Int] {
    var numbers: [Int] = []
    var line = 1
    for item in items {
      switch item {
      case .verbatim: line += 1
      case .command(let command):
        line += 1 + command.comments.count
        numbers.append(line)
        line += command.expected.count
      }
    }
    return numbers
  }
}

extension TranscriptRunner {
  /// The same runner, resolving cassette paths against `directory`.
  func relative(to directory: String) -> TranscriptRunner {
    let base = makeClient
    return TranscriptRunner(
      features: self.features,
      makeClient: { settings, time, log in
        var settings = settings
        settings.cassette = settings.cassette.map { TranscriptFiles.cassettePath($0, in: directory) }
        return try base(settings, time, log)
      }, adjust: adjust, observe: observe, beforeCommand: beforeCommand)
  }
}
