import ArgumentParser
import Foundation
import GitHubClient
import GitHubClientLive
import ReactorCore
import Rendering
import Shell

#if canImport(Glibc)
  import Glibc
#endif

/// The `reactor` command: flags and environment, and the composition of the live, offline and
/// cassette clients. Nothing else lives here.
struct ReactorCommand: AsyncParsableCommand {
  static let version = ReactorVersion.current

  static let configuration = CommandConfiguration(
    commandName: "reactor",
    abstract: "A reactive REPL and NDJSON stream over the GitHub REST API.",
    discussion: """
      Each line is a command (type 'help' for the list). On a terminal, reactor edits lines with \
      history and completion; on pipes it reads commands from standard input and prints one \
      diff per state change. Set GH_TOKEN (or GITHUB_TOKEN) for a higher rate limit.
      """,
    version: version,
    subcommands: [ReplayCommand.self])

  @Flag(help: "Serve the built-in offline sample instead of GitHub (no network, sample data).")
  var offline = false

  @Flag(help: "Print NDJSON records (one JSON object per line) instead of text.")
  var json = false

  @Flag(help: "Serve NDJSON requests on standard input, many in flight at once (see DAEMON MODE in reactor(1)).")
  var daemon = false

  @Option(name: .customLong("drain-timeout"), help: ArgumentHelp("With --daemon: seconds in-flight requests may take to finish after end of input or SIGTERM.", valueName: "seconds"))
  var drainTimeout: Double = 30

  @Option(name: .customLong("api-url"), help: ArgumentHelp("The GitHub API root (default: $GITHUB_API_URL, then https://api.github.com).", valueName: "url"))
  var apiURL: String?

  @Option(help: ArgumentHelp("Seconds to wait for GitHub before giving up.", valueName: "seconds"))
  var timeout: Double = 30

  @Option(help: ArgumentHelp("When to use colour: auto, always or never.", valueName: "when"))
  var color: ColorChoice = .auto

  @Option(help: ArgumentHelp("The search engine: reactor (ReactorKit style, the default) or feedback (RxFeedback style). With replay: every transcript runs on it, whatever its %engine says.", valueName: "engine"))
  var engine: EngineChoice?

  @Option(help: ArgumentHelp("Record the session as a transcript in <file>, with its HTTP cassette beside it as <file>.cassette.json.", valueName: "file"))
  var record: String?

  @Option(help: ArgumentHelp("Seed for everything random in the session (default: from the time).", valueName: "n"))
  var seed: UInt64?

  @Option(name: .customLong("signup-failure-rate"), help: ArgumentHelp("How often the simulated signup service fails, from 0 to 1.", valueName: "rate"))
  var signupFailureRate: Double = 1.0 / 3

  @Option(name: .customLong("signup-latency"), help: ArgumentHelp("Seconds the simulated signup service takes.", valueName: "seconds"))
  var signupLatency: Double = 1.5

  enum ColorChoice: String, ExpressibleByArgument, CaseIterable { case auto, always, never }

  func validate() throws {
    guard timeout > 0, timeout <= 600 else { throw ValidationError("--timeout must be between 0 and 600 seconds") }
    guard (0...1).contains(signupFailureRate) else { throw ValidationError("--signup-failure-rate must be between 0 and 1") }
    guard (0...60).contains(signupLatency) else { throw ValidationError("--signup-latency must be between 0 and 60 seconds") }
    guard (0...3600).contains(drainTimeout) else { throw ValidationError("--drain-timeout must be between 0 and 3600 seconds") }
    if daemon && record != nil { throw ValidationError("--daemon and --record cannot be combined; record a daemon session with a transcript instead") }
  }

  func run() async throws {
    let environment = ProcessInfo.processInfo.environment
    let userAgent = "reactor/\(Self.version)"
    var configuration: GitHubConfiguration
    var transport: any HTTPTransport
    if offline {
      // The sample needs no API root and no token; neither is read, so neither can leak.
      configuration = GitHubConfiguration(baseURL: GitHubConfiguration.defaultBaseURL, userAgent: userAgent)
      transport = OfflineTransport()
    } else {
      do {
        configuration = try GitHubConfiguration.resolve(apiURL: apiURL, environment: environment, userAgent: userAgent)
      } catch {
        throw ValidationError(String(describing: error))
      }
      transport = CurlTransport(timeout: timeout)
    }
    let recording = record.map { _ in RecordingTransport(wrapping: transport) }
    if let recording { transport = recording }

    let interactive = Terminal.isInteractive && !daemon
    let colorOn = switch color {
    case .always: record == nil
    case .never: false
    case .auto: !json && record == nil && Terminal.wantsColor(environment: environment)
    }
    let options = RenderOptions(
      mode: json || daemon ? .json : .text, color: colorOn && !daemon, width: Terminal.width(environment: environment))
    let seed = self.seed ?? UInt64(Date().timeIntervalSince1970 * 1000)
    let start = Date()
    let recorder = record.map { path in
      TranscriptRecorder(
        forwarding: StandardOutputSink(),
        header: transcriptHeader(path: path, start: start, seed: seed, options: options, offline: offline))
    }
    var prompt: (@Sendable (String) -> String?)?
    if interactive {
      prompt = { @Sendable text in
        let secret = SecretPrompt.read(text)
        if let secret { recorder?.noteSecret(secret) } else { recorder?.dropCurrent() }
        return secret
      }
    }
    let sink: any OutputSink
    if daemon {
      sink = DaemonSink(base: StandardOutputSink())
    } else if let recorder {
      sink = recorder
    } else {
      sink = StandardOutputSink()
    }
    let sessionConfiguration = Session.Configuration(
      client: .live(configuration: configuration, transport: transport), options: options,
      sink: sink,
      opener: interactive ? SystemOpener(environment: environment) : PrintingOpener(),
      dataNote: offline ? Session.offlineDataNote : nil, seed: seed,
      signupFailureRate: signupFailureRate, signupLatency: .milliseconds(Int64(signupLatency * 1000)),
      promptSecret: prompt, engine: (engine ?? .reactor).kind)
    let session = Session(configuration: sessionConfiguration)
    if daemon {
      let lines = ByteLineReader.lines(of: 0, maxBytes: DaemonInput.maxLineBytes)
      let signals = DaemonSignals(onTerminate: lines.finish, onInterrupt: { session.cancelAll() })
      let server = Daemon(
        session: session, output: sessionConfiguration.sink, version: Self.version,
        drainTimeout: .milliseconds(Int64(drainTimeout * 1000)))
      let status = await server.run(lines)
      signals.cancel()
      // The reader thread may still block on standard input; leave without waiting for it.
      Glibc.exit(status)
    }
    let reader: any LineReader =
      interactive ? EditLineReader(historyPath: EditLineReader.defaultHistoryPath(environment: environment)) : PlainLineReader()
    let banner = "reactor \(Self.version): type 'help' for commands, Ctrl-D to leave"
      + (offline ? " (offline sample data)" : "")
    var onInput: (@Sendable (String) -> Void)?
    if let recorder { onInput = { line in recorder.begin(line) } }
    let loop = ShellLoop(session: session, reader: reader, interactive: interactive, banner: banner, onInput: onInput)
    let status = await loop.run()
    if let record, let recorder, let recording {
      try Self.saveRecording(path: record, transcript: recorder.text, cassette: recording.cassette)
    }
    if status != 0 { throw ExitCode(status) }
  }

  func transcriptHeader(path: String, start: Date, seed: UInt64, options: RenderOptions, offline: Bool) -> [String] {
    let formatter = ISO8601DateFormatter()
    return [
      "# Recorded by reactor \(Self.version). Replay: reactor replay \((path as NSString).lastPathComponent)"
    ] + (offline ? ["%data offline-sample"] : []) + [
      "%cassette \(Self.cassetteName(for: path))",
      "%clock \(formatter.string(from: start))",
      "%seed \(seed)",
      "%engine \((engine ?? .reactor).rawValue)",
      "%mode \(options.mode.rawValue)",
      "%width \(options.width)",
      "%signup-failure-rate \(signupFailureRate)",
      "%signup-latency \(signupLatency)s",
    ]
  }

  static func cassetteName(for path: String) -> String { (path as NSString).lastPathComponent + ".cassette.json" }

  static func saveRecording(path: String, transcript: String, cassette: Cassette) throws {
    let directory = (path as NSString).deletingLastPathComponent
    let cassettePath = (directory.isEmpty ? "" : directory + "/") + cassetteName(for: path)
    try cassette.write(to: URL(fileURLWithPath: cassettePath))
    try transcript.write(toFile: path, atomically: true, encoding: .utf8)
  }
}

/// `reactor replay`: replays transcripts with virtual time and recorded HTTP.
struct ReplayCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "replay",
    abstract: "Replay recorded transcripts and compare their output byte for byte.",
    discussion: """
      Prints 'ok' or 'FAIL' (with a unified diff) for each file, then 'N passed, M failed'. \
      Replays use the transcript's cassette and a virtual clock: no network, no real time, \
      no history file. The format is described in reactor-transcript(5).
      """)

  @Flag(help: "Rewrite each transcript's expected output with the actual output, and say what changed.")
  var update = false

  /// `--engine` is the parent's option: `reactor replay --engine feedback x.t` sets it there.
  @ParentCommand var root: ReactorCommand

  @Argument(help: ArgumentHelp("Transcript files.", valueName: "file"))
  var files: [String]

  func run() async throws {
    let engine = root.engine?.kind
    let runner = TranscriptRunner(makeClient: Self.replayClient) { configuration in
      if let engine { configuration.engine = engine }
    }
    let replayer = Replayer(runner: runner) { text in FileHandle.standardOutput.write(Data(text.utf8)) }
    let status = await replayer.run(paths: files, update: update)
    if status != 0 { throw ExitCode(status) }
  }

  /// The client a replay uses: the cassette, or the offline sample, on virtual time.
  @Sendable static func replayClient(settings: Transcript.Settings, time: TimeSource, log: ReplayLog) throws -> GitHubClient {
    try .replaying(
      cassettePath: settings.offline ? nil : settings.cassette, time: time, userAgent: "reactor/\(ReactorCommand.version)",
      log: log)
  }
}

/// Usage errors exit with status 2, as documented; help and version with 0.
@main
enum Main {
  static func main() async {
    // `reactor --version` alone answers before the flag parser: building ArgumentParser's view
    // of the flags (type lookups by mangled name, reflection) is over a third of a start.
    if CommandLine.arguments.dropFirst() == ["--version"] {
      print(ReactorCommand.version)
      return
    }
    do {
      var command = try ReactorCommand.parseAsRoot()
      if var asyncCommand = command as? any AsyncParsableCommand {
        try await asyncCommand.run()
      } else {
        try command.run()
      }
    } catch {
      let code = ReactorCommand.exitCode(for: error)
      if code == .success || error is ExitCode {
        if !(error is ExitCode) { print(ReactorCommand.fullMessage(for: error)) }
        exit(code.rawValue)
      }
      FileHandle.standardError.write(Data((ReactorCommand.fullMessage(for: error) + "\n").utf8))
      exit(2)
    }
  }
}

/// `--engine` values; the flag parser's view of ``SearchEngineKind``.
enum EngineChoice: String, ExpressibleByArgument, CaseIterable {
  case reactor, feedback
  var kind: SearchEngineKind { SearchEngineKind(rawValue: rawValue)! }
}
