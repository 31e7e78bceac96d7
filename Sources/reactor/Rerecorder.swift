import CommandLanguage
import FeatureKit
import FeatureList
import FoundationEssentials
import GitHubClient
import GitHubClientLive
import ReactorCore
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
/// transcript's virtual clock, so the two files agree by construction. A new run that fails
/// where the old recording had answers (``RerecordLoss``) is not taken without `--force`, and
/// the two files are replaced together or not at all (``OutputFile``).
struct Rerecorder {
  let root: ReactorCommand
  let path: String
  /// `--engine`: the search engine's name, over the transcript's `%engine`.
  let engine: String?
  /// `--force`: take the new run even when it lost answers.
  let force: Bool

  private func fail(_ message: String, status: Int32 = 1) -> Int32 {
    StandardStream.error("error: \(message)\n")
    return status
  }

  func run() async -> Int32 {
    let original: String
    switch TranscriptFiles.read(path) {
    case .success(let contents): original = contents
    case .failure(let failure): return fail("cannot read \(path): \(failure.reason)")
    }
    let old: Transcript
    do {
      old = try TranscriptParser.parse(original, features: Features.all.settings)
    } catch {
      return fail("\(path): \(error)")
    }
    guard !old.settings.offline, let cassetteName = old.settings.cassette else {
      return fail("\(path): an %offline transcript has no cassette to record again")
    }
    guard !old.settings.daemon else {
      return fail("\(path): a %daemon transcript cannot be recorded again yet; record it anew with a daemon session")
    }
    let cassettePath = TranscriptFiles.cassettePath(cassetteName, in: path.deletingLastPathComponent)
    // The new cassette holds this transcript's exchanges only: the others' would be lost.
    let sharing = Self.transcripts(sharing: cassettePath, besides: path)
    if !sharing.isEmpty {
      let others = sharing.joined(separator: ", ")
      guard force else {
        return fail(
          "not rewriting \(cassettePath): \(others) replay\(sharing.count == 1 ? "s" : "") from it too, and the new "
            + "cassette would hold only \(path)'s exchanges; give \(path) a %cassette of its own, or add --force",
          status: 2)
      }
      StandardStream.error(
        "warning: \(others) replay\(sharing.count == 1 ? "s" : "") from \(cassettePath) too (--force)\n")
    }
    let configuration: GitHubConfiguration
    do {
      configuration = try GitHubConfiguration.resolve(
        apiURL: root.options.apiURL, environment: LaunchOptions.environment,
        userAgent: "reactor/\(ReactorCommand.version)")
    } catch {
      return fail(String(describing: error), status: 2)
    }
    // `%data offline-sample` says the cassette is the offline sample's; the new one is GitHub's.
    var transcript = old
    let droppedSampleData = transcript.removeSampleData()
    let text = droppedSampleData ? transcript.text() : original
    let recording = RecordingTransport(wrapping: CurlTransport(timeout: root.options.timeout))
    await runLive(transcript, client: .live(configuration: configuration, transport: recording))

    // The new cassette is replayed from memory; nothing is written until it has worked.
    let cassette = recording.cassette
    let cassetteBytes: Data
    let recorded: Cassette
    do {
      cassetteBytes = try cassette.encoded()
      recorded = try JSONDecoder().decode(Cassette.self, from: cassetteBytes)
    } catch {
      return fail("the new recording of \(path) cannot be encoded: \(error)")
    }
    let onNew = replayer { settings, time, log in
      var configuration = GitHubConfiguration(
        baseURL: GitHubConfiguration.defaultBaseURL, userAgent: "reactor/\(ReactorCommand.version)",
        now: { Date(timeIntervalSince1970: time.now()) })
      configuration.timeoutSeconds = recorded.timeoutSeconds
      return .live(
        configuration: configuration, transport: ReplayingTransport(cassette: recorded, time: time, log: log))
    }
    let outcome = await Replayer(runner: onNew, write: { _ in }).replay(text, name: path)
    let newText: String
    switch outcome.verdict {
    case .ok: newText = text
    case .mismatch: newText = outcome.updated ?? text
    case .broken(let message): return fail("the new recording does not replay: \(message)")
    }
    let scanner = LaunchOptions.secretScanner()
    let cassetteText = String(decoding: cassetteBytes, as: UTF8.self)
    for (file, contents, kind) in [(cassettePath, cassetteText, "cassette"), (path, newText, "transcript")] {
      if let secret = scanner.find(in: contents) {
        return fail("not writing the \(kind) \(file): it would contain \(secret)", status: 2)
      }
    }
    if let loss = await loss(old: old, new: transcript, cassettePath: cassettePath, onNew: onNew) {
      let what =
        "the new run failed where the recording had answers (\(loss.commands.count) command"
        + (loss.commands.count == 1 ? "" : "s") + "):\n" + loss.lines.joined(separator: "\n")
      guard force else {
        return fail(
          "not rewriting \(path): \(what)\n\(path) and its cassette are kept; record again when GitHub answers, or add --force to take the new run",
          status: loss.status)
      }
      StandardStream.error("warning: \(path): \(what)\ntaking the new run (--force)\n")
    }
    do {
      try OutputFile.replace((cassettePath, Array(cassetteBytes)), (path, Array(newText.utf8)))
    } catch {
      return fail("\(error); \(path) and its cassette are as they were", status: 2)
    }
    var report = "rerecorded \(path) (\(cassette.exchanges.count) exchanges)\n"
    if droppedSampleData {
      report += "\(path): %data offline-sample removed: the new cassette is not the offline sample\n"
    }
    if case .mismatch(let diff) = outcome.verdict { report += diff + "\n" }
    StandardStream.output(report)
    return 0
  }

  /// The transcripts beside `path` (in its directory) whose `%cassette` is `cassettePath` too.
  static func transcripts(sharing cassettePath: String, besides path: String) -> [String] {
    let directory = path.deletingLastPathComponent
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.isEmpty ? "." : directory)) ?? []
    let (cassette, transcript) = (OutputFile.canonical(cassettePath), OutputFile.canonical(path))
    return names.filter { $0.hasSuffix(".t") }.sorted().compactMap { name in
      let other = directory.isEmpty ? name : directory + "/" + name
      guard OutputFile.canonical(other) != transcript, case .success(let text) = TranscriptFiles.read(other),
        let line = text.split(separator: "\n").first(where: { $0.hasPrefix("%cassette ") })
      else { return nil }
      let named = String(line.dropFirst("%cassette ".count)).trimmingWhiteSpaceAndNewlines
      return OutputFile.canonical(TranscriptFiles.cassettePath(named, in: directory)) == cassette ? other : nil
    }
  }

  /// A runner of the transcript on the client `makeClient` makes, on `--engine`'s engine.
  private func replayer(_ makeClient: @escaping TranscriptRunner.ClientFactory) -> TranscriptRunner {
    TranscriptRunner(
      features: Features.all, makeClient: makeClient,
      adjust: { configuration in if let engine { configuration.settings[ReplayCommand.engine] = engine } })
  }

  /// What the new run lost against the old recording, each replayed on its own cassette; when
  /// the old one cannot be replayed (a cassette missing or broken), against nothing.
  private func loss(old: Transcript, new: Transcript, cassettePath: String, onNew: TranscriptRunner) async
    -> RerecordLoss?
  {
    let onOld = replayer { _, time, log in
      try .replaying(cassettePath: cassettePath, time: time, userAgent: "reactor/\(ReactorCommand.version)", log: log)
    }
    let before = try? await onOld.run(old, log: ReplayLog()) { RerecordLoss.failures(in: $1) }
    let after = (try? await onNew.run(new, log: ReplayLog()) { RerecordLoss.failures(in: $1) }) ?? []
    return RerecordLoss.between(old: before, new: after, inputs: new.commands.map(\.input))
  }

  /// Runs the commands as piped mode does, on real time: each waits for its effects unless
  /// written with `&`, and `^C` cancels everything in flight. The output is not kept.
  private func runLive(_ transcript: Transcript, client: GitHubClient) async {
    let settings = transcript.settings
    var features = settings.features
    if let engine { features[ReplayCommand.engine] = engine }
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
