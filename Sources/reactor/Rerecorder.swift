import CommandLanguage
import FeatureList
import FoundationEssentials
import GitHubClient
import GitHubClientLive
import ReactorCore
import ReactorView
import Rendering
import Shell

#if canImport(Glibc)
  import Glibc
#endif

/// `reactor replay --rerecord FILE`: runs a transcript's commands again against GitHub (or
/// `--api-url`), records a new cassette, replays the transcript on it to get the output it
/// now expects, and writes both, keeping the transcript's directives and comments.
///
/// The output is the replay's, not the live run's: the replay is what has to match, on the
/// transcript's virtual clock, so the two files agree by construction.
struct Rerecorder {
  let root: ReactorCommand
  let path: String
  /// `--engine`: the search engine's name, over the transcript's `%engine`.
  let engine: String?

  private func fail(_ message: String, status: Int32 = 1) -> Int32 {
    StandardStream.error("error: \(message)\n")
    return status
  }

  func run() async -> Int32 {
    let text: String
    switch TranscriptFiles.read(path) {
    case .success(let contents): text = contents
    case .failure(let failure): return fail("cannot read \(path): \(failure.reason)")
    }
    let transcript: Transcript
    do {
      transcript = try TranscriptParser.parse(text)
    } catch {
      return fail("\(path): \(error)")
    }
    guard !transcript.settings.offline, let cassetteName = transcript.settings.cassette else {
      return fail("\(path): an %offline transcript has no cassette to record again")
    }
    guard !transcript.settings.daemon else {
      return fail("\(path): a %daemon transcript cannot be recorded again yet; record it anew with a daemon session")
    }
    let directory = path.deletingLastPathComponent
    let cassettePath =
      cassetteName.hasPrefix("/") || directory.isEmpty ? cassetteName : directory + "/" + cassetteName
    let configuration: GitHubConfiguration
    do {
      configuration = try GitHubConfiguration.resolve(
        apiURL: root.options.apiURL, environment: LaunchOptions.environment,
        userAgent: "reactor/\(ReactorCommand.version)")
    } catch {
      return fail(String(describing: error), status: 2)
    }
    let recording = RecordingTransport(wrapping: CurlTransport(timeout: root.options.timeout))
    await runLive(transcript, client: .live(configuration: configuration, transport: recording))

    // The new cassette goes beside the old one until the replay on it has worked.
    let scratch = cassettePath + ".rerecord"
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let cassette = recording.cassette
    let scanner = SecretScanner(environment: LaunchOptions.environment)
    do {
      try cassette.write(to: URL(fileURLWithPath: scratch))
    } catch {
      return fail("cannot write \(scratch): \(TranscriptFiles.describe(Replayer.errorCode(error)))", status: 2)
    }
    let runner = TranscriptRunner(
      features: Features.all,
      makeClient: { settings, time, log in
        try .replaying(cassettePath: scratch, time: time, userAgent: "reactor/\(ReactorCommand.version)", log: log)
      },
      adjust: { configuration in if let engine { configuration.settings.engine = engine } })
    let outcome = await Replayer(runner: runner, write: { _ in }).replay(text, name: path)
    let newText: String
    switch outcome.verdict {
    case .ok: newText = text
    case .mismatch: newText = outcome.updated ?? text
    case .broken(let message): return fail("the new recording does not replay: \(message)")
    }
    let cassetteText = (try? String(contentsOfFile: scratch, encoding: .utf8)) ?? ""
    for (file, contents, kind) in [(cassettePath, cassetteText, "cassette"), (path, newText, "transcript")] {
      if let secret = scanner.find(in: contents) {
        return fail("not writing the \(kind) \(file): it would contain \(secret)", status: 2)
      }
    }
    guard rename(scratch, cassettePath) == 0 else {
      return fail("cannot write the cassette \(cassettePath): \(String(cString: strerror(errno)))", status: 2)
    }
    do {
      try newText.write(toFile: path, atomically: true, encoding: .utf8)
    } catch {
      return fail("cannot write \(path): \(TranscriptFiles.describe(Replayer.errorCode(error)))", status: 2)
    }
    var report = "rerecorded \(path) (\(cassette.exchanges.count) exchanges)\n"
    if case .mismatch(let diff) = outcome.verdict { report += diff + "\n" }
    StandardStream.output(report)
    return 0
  }

  /// Runs the commands as piped mode does, on real time: each waits for its effects unless
  /// written with `&`, and `^C` cancels everything in flight. The output is not kept.
  private func runLive(_ transcript: Transcript, client: GitHubClient) async {
    let settings = transcript.settings
    var features = settings.features
    if let engine { features.engine = engine }
    let session = Session(
      configuration: Session.Configuration(
        client: client, features: Features.all,
        options: RenderOptions(mode: settings.json ? .json : .text, color: false, width: settings.width),
        sink: MemorySink(), opener: PrintingOpener(), settings: features))
    var background: [Execution] = []
    for command in transcript.commands {
      if command.input == SessionStatus.interrupt && !command.background {
        session.cancelAll()
        continue
      }
      let execution = session.start(command.input)
      if command.background {
        background.append(execution)
        await Task.yield()
        continue
      }
      if case .quit = execution { break }
      _ = await execution.finish()
    }
    for execution in background { _ = await execution.finish() }
  }
}
