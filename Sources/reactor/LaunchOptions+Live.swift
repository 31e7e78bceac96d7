import ArgumentParser
import CommandLanguage
import FeatureKit
import FeatureList
import FoundationEssentials
import GitHubClient
import GitHubClientLive
import ReactorCore
import Rendering
import Shell

extension LaunchOptions {
  /// How `live` runs in this process: `--throttle`, `--print`, `--multi`, `--preview`, colour
  /// unless `NO_COLOR` or `--color never`, `ESCDELAY`, and the NDJSON log of `--json-log`.
  func liveOptions(environment: (String) -> String?) throws -> LiveOptions {
    var log: (any OutputSink)?
    if let jsonLog {
      do {
        log = try FileSink(path: jsonLog, flag: "--json-log", force: force)
      } catch {
        StandardStream.error("reactor: --json-log: \(error)\n")
        throw ExitCode(2)
      }
    }
    let color =
      switch self.color {
      case .always: true
      case .never: false
      case .auto: (environment("NO_COLOR") ?? "").isEmpty
      }
    return LiveOptions(
      throttle: .milliseconds(Int64((throttle * 1000).rounded())),
      printed: LiveContext.Printed(rawValue: print.rawValue) ?? .name,
      color: color, log: log, offline: offline, multi: multi, preview: preview, escapeDelay: environment("ESCDELAY"))
  }

  /// `reactor live [<feature>] [<words>...]`: the feature's live View on the terminal. Enter's
  /// output goes to standard output; the exit status is the view's (0; 130 when left with Esc
  /// or Ctrl-C; 128 + n after signal n; 2 when there is no terminal to draw on). With
  /// `--record`, the keys and screens go to a live transcript and its cassette. Every file is
  /// checked before the view opens (status 2), and a failure while it is open is said after it
  /// has left the alternate screen, where it can be read: a recording's with status 2, a
  /// `--json-log` write's with 1 (``WriteErrors``).
  func runLive(client: GitHubClient, recording: RecordingTransport?, time: TimeSource, start: Date) async throws {
    let environment = Self.environment
    do {
      try LiveDriver.check(environment: environment)
    } catch {
      StandardStream.error("reactor: \(error)\n")
      throw ExitCode(2)
    }
    var options = try liveOptions(environment: environment)
    let seed = self.seed ?? UInt64(Date().timeIntervalSince1970 * 1000)
    var files: RecordingFiles?
    let recordingProblem = Locked<String?>(nil)
    if let record, let recording {
      do {
        files = try recordingFiles(
          at: record, recording: recording, scanner: Self.secretScanner(apiURL: apiURL))
      } catch {
        StandardStream.error("reactor: --record: \(error)\n")
        throw ExitCode(2)
      }
      // A live transcript has no line output: its mode and width mean nothing.
      let header = transcriptHeader(
        path: record, start: start, seed: seed, options: RenderOptions(mode: .json), offline: offline
      ).filter { !$0.hasPrefix("%mode ") && !$0.hasPrefix("%width ") }
      let directives =
        [
          "%throttle \(Int((throttle * 1000).rounded()))ms", "%print \(print.rawValue)",
        ] + (multi ? ["%multi"] : []) + (preview ? ["%preview"] : [])
      options.recorder = { [files] feature, arguments in
        let live = (["%live", feature.name] + arguments.map(Redaction.quote)).joined(separator: " ")
        return LiveRecorder(header: header + directives + [live]) { text in
          // Saved as the view ends, still on the alternate screen: said once it is gone.
          if let problem = files?.save(text: text, passwords: []) {
            recordingProblem.withLock { $0 = problem.description }
          }
        }
      }
    }
    let session = Session(
      configuration: Session.Configuration(
        client: client, features: Features.all, options: RenderOptions(mode: .json), sink: NullSink(),
        opener: SystemOpener(environment: environment), time: time, settings: featureSettings(seed: seed),
        historyLimit: 0))
    let outcome: LiveDriver.Outcome
    do {
      outcome = try await session.runLive(Array(words.dropFirst()), options: options)
    } catch {
      StandardStream.error("reactor: \(error)\n")
      throw ExitCode(2)
    }
    // Said before the output, which ends the process if it cannot be written.
    let problem = recordingProblem.withLock { $0 }
    if let problem { StandardStream.error("reactor: --record: \(problem)\n") }
    if let output = outcome.output { StandardStream.output(output + "\n") }
    if problem != nil { throw ExitCode(2) }
    if outcome.status != 0 { throw ExitCode(outcome.status) }
  }
}
