import FoundationEssentials
import ReactorCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Replayer {
  /// Replays files, prints `ok`/`FAIL` lines and the summary; returns the exit status.
  package func run(paths: [String], update: Bool) async -> Int32 {
    var options = ReplayOptions(paths: paths)
    options.update = update
    return await run(options)
  }

  /// One file's report, as printed, and its JUnit case.
  struct FileReport: Sendable {
    /// How a file fared; `updated`: rewritten by `--update`, neither a match nor a failure.
    enum Outcome: Sendable { case passed, updated, failed }

    var text: String
    var outcome: Outcome
    var junit: JUnitReport.Case
  }

  /// Replays a suite: the files and directories of `options`, filtered and sliced, `jobs` at a
  /// time. Reports are printed in the suite's order as soon as every earlier one is, so the
  /// output is the same for any number of jobs. Returns the exit status: 0 when all passed,
  /// ``noTranscripts`` when nothing was selected.
  package func run(_ options: ReplayOptions) async -> Int32 {
    let found = TranscriptFiles.expand(options.paths)
    var entries = found
    if let filter = options.filter {
      // Checked by the command before anything runs; an invalid one matches nothing here.
      let regex = LineMatcher.pattern(filter)
      entries = entries.filter { entry in
        guard let regex else { return false }
        return (try? regex.firstMatch(in: entry.path)) != nil
      }
    }
    let filtered = entries.count
    if let shard = options.shard { entries = ReplayOptions.slice(entries, shard: shard) }
    // A suite that replays nothing proves nothing: a CI job pointed at the wrong path must not pass.
    if entries.isEmpty {
      let searched = Self.nothingSelected(options, found: found.count, filtered: filtered)
      writeError("error: no transcript to replay: \(searched)\n")
      return Self.noTranscripts
    }
    let jobs = max(1, options.jobs)
    var reports = [FileReport?](repeating: nil, count: entries.count)
    var printed = 0
    var passed = 0
    var updated = 0
    await withTaskGroup(of: (Int, FileReport).self) { group in
      var next = 0
      func startNext() {
        guard next < entries.count else { return }
        let index = next
        let entry = entries[index]
        next += 1
        group.addTask { (index, await self.replayFile(entry, update: options.update, secrets: options.secrets)) }
      }
      for _ in 0..<jobs { startNext() }
      while let (index, report) = await group.next() {
        reports[index] = report
        startNext()
        while printed < reports.count, let report = reports[printed] {
          write(report.text)
          switch report.outcome {
          case .passed: passed += 1
          case .updated: updated += 1
          case .failed: break
          }
          printed += 1
        }
      }
    }
    let failed = entries.count - passed - updated
    var status: Int32 = failed == 0 ? 0 : 1
    if let junit = options.junit {
      var report = JUnitReport()
      report.cases = reports.compactMap { $0?.junit }
      do {
        try OutputFile.replace(junit, with: Array(report.xml.utf8))
      } catch {
        write("FAIL \(junit): cannot write the JUnit report: \(TranscriptFiles.describe(error.code))\n")
        status = 1
      }
    }
    // With --update a rewritten file is counted apart: it did not match.
    write("\(passed) passed, \(options.update ? "\(updated) updated, " : "")\(failed) failed\n")
    return status
  }

  /// The exit status of a suite that selects no transcript, as pytest's "no tests collected".
  package static let noTranscripts: Int32 = 5

  /// What was searched, for the message of a suite that selects no transcript.
  static func nothingSelected(_ options: ReplayOptions, found: Int, filtered: Int) -> String {
    let searched = options.paths.map { "'\($0)'" }.joined(separator: ", ")
    guard found > 0 else { return "\(searched) \(options.paths.count == 1 ? "holds" : "hold") no *.t file" }
    let transcripts = "\(found) transcript\(found == 1 ? "" : "s") under \(searched)"
    if let filter = options.filter, filtered == 0 {
      return "--filter '\(filter)' matches none of the \(transcripts)"
    }
    let shard = options.shard.map { "\($0.index)/\($0.count)" } ?? ""
    return "shard \(shard) is empty: the suite has \(filtered) transcript\(filtered == 1 ? "" : "s")"
  }

  /// Reads, replays and (with `update`) rewrites one file, unless the new text would hold a
  /// secret of `secrets`.
  func replayFile(_ entry: TranscriptFiles.Entry, update: Bool, secrets: SecretScanner? = nil) async -> FileReport {
    let path = entry.path
    let start = ContinuousClock.now
    func report(_ text: String, _ outcome: FileReport.Outcome, failure: (String, String)? = nil) -> FileReport {
      let elapsed = ContinuousClock.now - start
      let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
      return FileReport(
        text: text, outcome: outcome, junit: JUnitReport.Case(path: path, seconds: seconds, failure: failure))
    }
    if let problem = entry.problem {
      return report("FAIL \(path): \(problem)\n", .failed, failure: (problem, problem))
    }
    let text: String
    switch TranscriptFiles.read(path, opening: opener) {
    case .success(let contents): text = contents
    case .failure(let failure):
      let message = "cannot read the file: \(failure.reason)"
      return report("FAIL \(path): \(message)\n", .failed, failure: (message, message))
    }
    let directory = path.deletingLastPathComponent
    let outcome = await Replayer(runner: runner.relative(to: directory), write: write).replay(text, name: path)
    switch outcome.verdict {
    case .ok:
      return report("ok \(path)\n", .passed)
    case .broken(let message):
      return report("FAIL \(message)\n", .failed, failure: (message, message))
    case .mismatch(let diff):
      guard update, let updated = outcome.updated else {
        return report("FAIL \(path)\n\(diff)\n", .failed, failure: ("output differs", diff))
      }
      if let secret = secrets?.find(in: updated) {
        let message = "not writing the transcript: it would contain \(secret)"
        return report("FAIL \(path): \(message)\n", .failed, failure: (message, message))
      }
      do {
        try OutputFile.replace(path, with: Array(updated.utf8))
      } catch {
        let message = "cannot write: \(TranscriptFiles.describe(error.code))"
        return report("FAIL \(path): \(message)\n", .failed, failure: (message, message))
      }
      let notes = outcome.notes.map { "\(path): \($0)\n" }.joined()
      return report("updated \(path)\n\(diff)\n\(notes)", .updated)
    }
  }

  /// The POSIX code under a Foundation file error, for a message that says why.
  package static func errorCode(_ error: any Error) -> Int32 {
    if let posix = error as? POSIXError { return posix.code.rawValue }
    guard let error = error as? CocoaError else { return EIO }
    if let posix = error.underlying as? POSIXError { return posix.code.rawValue }
    switch error.code {
    case .fileWriteNoPermission, .fileReadNoPermission: return EACCES
    case .fileNoSuchFile, .fileReadNoSuchFile: return ENOENT
    case .fileWriteVolumeReadOnly: return EROFS
    case .fileWriteOutOfSpace: return ENOSPC
    default: return EIO
    }
  }
}
