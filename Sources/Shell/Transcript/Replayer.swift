import Foundation
import ReactorCore
import Rendering

/// `reactor replay [--update] FILE...`: replays transcripts and reports each.
public struct Replayer: Sendable {
  let runner: TranscriptRunner
  let write: @Sendable (String) -> Void

  public init(runner: TranscriptRunner, write: @escaping @Sendable (String) -> Void) {
    self.runner = runner
    self.write = write
  }

  /// The result of one file.
  public enum Verdict: Sendable, Equatable {
    case ok
    /// The unified diff of the file against the actual output.
    case mismatch(diff: String)
    /// The file could not be read or parsed.
    case broken(String)
  }

  /// Replays one transcript text; with `update`, also returns the rewritten text.
  public func check(_ text: String, name: String) async -> (verdict: Verdict, updated: String?) {
    let transcript: Transcript
    do {
      transcript = try TranscriptParser.parse(text)
    } catch {
      return (.broken("\(name): \(error)"), nil)
    }
    let merged: [[Substring]]
    let log = ReplayLog()
    let commands = transcript.commands
    do {
      // Merged as each command completes: a matching line is kept as the expected one (a slice
      // of `text`), so the actual one is freed at once.
      merged = try await runner.run(transcript, log: log) { index, lines in
        Self.merge(expected: index < commands.count ? commands[index].expected : [], actual: lines)
      }
    } catch {
      return (.broken("\(name): \(error)"), nil)
    }
    // A request the cassette cannot answer fails the replay even if its error was recorded.
    if let problem = log.problems.first {
      return (.broken("\(name): \(problem) (record the transcript again, or add the exchange to its cassette)"), nil)
    }
    // Line by line first: building and comparing the whole texts is for a difference.
    let sameLines = zip(commands, merged).allSatisfy { command, lines in
      command.expected.count == lines.count && zip(command.expected, lines).allSatisfy { Transcript.sameBytes($0, $1) }
    }
    if sameLines { return (.ok, nil) }
    let newText = transcript.text(outputs: merged)
    let oldText = transcript.text()
    if Transcript.sameBytes(newText, oldText) { return (.ok, nil) }
    let diff = UnifiedDiff.make(
      expected: Self.lines(oldText), actual: Self.lines(newText), expectedName: name, actualName: name + " (actual)")
    return (.mismatch(diff: diff), newText)
  }

  /// Replays files, prints `ok`/`FAIL` lines and the summary; returns the exit status.
  public func run(paths: [String], update: Bool) async -> Int32 {
    var passed = 0
    var failed = 0
    for path in paths {
      guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
        write("FAIL \(path): cannot read the file\n")
        failed += 1
        continue
      }
      let directory = (path as NSString).deletingLastPathComponent
      let (verdict, updated) = await Replayer(runner: runner.relative(to: directory), write: write).check(
        text, name: path)
      switch verdict {
      case .ok:
        write("ok \(path)\n")
        passed += 1
      case .broken(let message):
        write("FAIL \(message)\n")
        failed += 1
      case .mismatch(let diff):
        if update, let updated {
          do {
            try updated.write(toFile: path, atomically: true, encoding: .utf8)
            write("updated \(path)\n\(diff)\n")
            passed += 1
          } catch {
            write("FAIL \(path): cannot write: \(error.localizedDescription)\n")
            failed += 1
          }
        } else {
          write("FAIL \(path)\n\(diff)\n")
          failed += 1
        }
      }
    }
    write("\(passed) passed, \(failed) failed\n")
    return failed == 0 ? 0 : 1
  }

  /// Keeps an expected line wherever it matches the actual line at the same position, so
  /// `(glob)` and `(re)` lines survive an update and do not show up in diffs.
  static func merge(expected: [Substring], actual: [OutputLine]) -> [Substring] {
    actual.enumerated().map { index, line in
      guard index < expected.count else { return Substring(Transcript.written(line)) }
      // The same bytes: kept either way (a pattern line that its own text does not match is
      // kept as the actual line, which is the same text).
      if Transcript.isWritten(line, as: expected[index]) { return expected[index] }
      let written = Transcript.written(line)
      return LineMatcher.matches(expected: String(expected[index]), actual: Transcript.unescape(written))
        ? expected[index] : Substring(written)
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

extension TranscriptRunner {
  /// The same runner, resolving cassette paths against `directory`.
  func relative(to directory: String) -> TranscriptRunner {
    let base = makeClient
    return TranscriptRunner(
      makeClient: { settings, time, log in
        var settings = settings
        if let cassette = settings.cassette, !cassette.hasPrefix("/"), !directory.isEmpty {
          settings.cassette = directory + "/" + cassette
        }
        return try base(settings, time, log)
      }, adjust: adjust, observe: observe, beforeCommand: beforeCommand)
  }
}
