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

/// What `reactor` without a subcommand runs with, as plain values.
///
/// ``ReactorCommand`` (ArgumentParser) fills it, with help, usage and error messages. For the
/// common invocations, long flags and options only, ``fastParse(_:)`` fills it without
/// ArgumentParser, whose view of the flags (type lookups by mangled name, reflection) is most
/// of a daemon's start-up. Anything it does not recognise exactly goes to ArgumentParser, and
/// a test holds the two parsers to the same result.
struct LaunchOptions: Equatable, Sendable {
  var offline = false
  var json = false
  var daemon = false
  var drainTimeout: Double = 30
  var apiURL: String?
  var timeout: Double = 30
  var color: ColorChoice = .auto
  var engine: EngineChoice?
  var record: String?
  var seed: UInt64?
  var signupFailureRate: Double = 1.0 / 3
  var signupLatency: Double = 1.5
  /// `-c` lines and `-f` files, in the order given.
  var scripts: [Script] = []
  /// One command given as words after the options (`reactor query swift`).
  var words: [String] = []
  /// Stop at the first command that fails, with its status.
  var bail = false

  /// A `-c` command line or a `-f` file of commands.
  enum Script: Equatable, Sendable {
    case command(String)
    case file(String)
  }

  static let defaults = LaunchOptions()

  func validate() throws(ValidationError) {
    guard timeout > 0, timeout <= 600 else {
      throw ValidationError("--timeout must be more than 0 and at most 600 seconds, got \(Self.shown(timeout))")
    }
    guard (0...1).contains(signupFailureRate) else {
      throw ValidationError("--signup-failure-rate must be from 0 to 1, got \(Self.shown(signupFailureRate))")
    }
    guard (0...60).contains(signupLatency) else {
      throw ValidationError("--signup-latency must be from 0 to 60 seconds, got \(Self.shown(signupLatency))")
    }
    guard (0...3600).contains(drainTimeout) else {
      throw ValidationError("--drain-timeout must be from 0 to 3600 seconds, got \(Self.shown(drainTimeout))")
    }
    if daemon && record != nil {
      throw ValidationError(
        "--daemon and --record cannot be combined; record a daemon session with a transcript instead")
    }
    if daemon && (!scripts.isEmpty || !words.isEmpty) {
      throw ValidationError("--daemon reads its requests from standard input; give no -c, -f or command words")
    }
    if !scripts.isEmpty && !words.isEmpty {
      throw ValidationError("give commands as words or with -c and -f, not both")
    }
  }

  /// A number as a person would write it: `0`, `1.5`.
  static func shown(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }

  /// The options `arguments` (without the program name) ask for, if they are only long flags
  /// and options, each at most once, every value well formed, not empty and not starting with
  /// `-`, and the result valid; nil otherwise (help, subcommands, short names, errors: all of
  /// those are ArgumentParser's to answer).
  static func fastParse(_ arguments: some Collection<String>) -> LaunchOptions? {
    var options = LaunchOptions()
    // An array, not a Set: a Set<Substring> costs a conformance lookup at first use, a tenth of
    // a millisecond in this binary's start-up.
    var seen: [Substring] = []
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      // `-c` and `-f` may repeat and keep their order; their values are taken as they are.
      if argument == "-c" || argument == "-f" {
        guard let value = rest.popFirst(), !value.hasPrefix("-") else { return nil }
        options.scripts.append(argument == "-c" ? .command(value) : .file(value))
        continue
      }
      guard argument.hasPrefix("--") else {
        // Words that are not options make the command, wherever they are. A first word
        // `replay` is ArgumentParser's (the subcommand).
        guard !argument.hasPrefix("-"), !(options.words.isEmpty && argument == "replay") else { return nil }
        options.words.append(argument)
        continue
      }
      let body = argument.dropFirst(2)
      let name: Substring
      let inline: Substring?
      if let equals = body.firstIndex(of: "=") {
        (name, inline) = (body[..<equals], body[body.index(after: equals)...])
      } else {
        (name, inline) = (body, nil)
      }
      guard !name.isEmpty, !seen.contains(name) || name == "command" || name == "file" else { return nil }
      seen.append(name)
      switch name {
      case "offline", "json", "daemon", "bail":
        guard inline == nil else { return nil }
        switch name {
        case "offline": options.offline = true
        case "json": options.json = true
        case "bail": options.bail = true
        default: options.daemon = true
        }
        continue
      default: break
      }
      guard let value = inline.map(String.init) ?? rest.popFirst(), !value.isEmpty, !value.hasPrefix("-") else {
        return nil
      }
      // A value of the wrong form refuses the whole list. (Not a generic setter: a key path to
      // an optional would take any parse, failed ones as `.some(nil)`.)
      switch name {
      case "drain-timeout":
        guard let seconds = DurationParser.seconds(value) else { return nil }
        options.drainTimeout = seconds
      case "api-url": options.apiURL = value
      case "timeout":
        guard let seconds = DurationParser.seconds(value) else { return nil }
        options.timeout = seconds
      case "command": options.scripts.append(.command(value))
      case "file": options.scripts.append(.file(value))
      case "color":
        guard let color = ColorChoice(rawValue: value) else { return nil }
        options.color = color
      case "engine":
        guard let engine = EngineChoice(rawValue: value) else { return nil }
        options.engine = engine
      case "record": options.record = value
      case "seed":
        guard let seed = UInt64(value) else { return nil }
        options.seed = seed
      case "signup-failure-rate":
        guard let rate = Double(value) else { return nil }
        options.signupFailureRate = rate
      case "signup-latency":
        guard let seconds = DurationParser.seconds(value) else { return nil }
        options.signupLatency = seconds
      default: return nil
      }
    }
    guard (try? options.validate()) != nil else { return nil }
    return options
  }
}

extension LaunchOptions {
  /// Looks an environment variable up with `getenv`. Building a dictionary of the whole
  /// environment (`ProcessInfo`'s, or any `[String: String]`, whose first use costs a runtime
  /// conformance lookup) was a tenth of a daemon's start.
  @Sendable static func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }

  func run() async throws {
    let environment = Self.environment
    let userAgent = "reactor/\(ReactorCommand.version)"
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

    // Commands given as arguments run without a prompt, like `psql -c`.
    let interactive = Terminal.isInteractive && !daemon && scripts.isEmpty && words.isEmpty
    let files = try openFiles()
    let colorOn =
      switch color {
      case .always: record == nil
      case .never: false
      case .auto: !json && record == nil && Terminal.wantsColor(environment: environment)
      }
    let options = RenderOptions(
      mode: json || daemon ? .json : .text, color: colorOn && !daemon, width: Terminal.width(environment: environment))
    let seed = self.seed ?? UInt64(Date().timeIntervalSince1970 * 1000)
    let start = Date()
    // Errors are located (and their codes kept for the exit status) on the way to the
    // terminal, after a recorder: a transcript keeps what a replay prints.
    let failures = daemon ? nil : LocatingSink(base: StandardOutputSink(), records: Records(options: options))
    let recorder = record.map { path in
      TranscriptRecorder(
        forwarding: failures ?? StandardOutputSink(),
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
      sink = failures ?? StandardOutputSink()
    }
    var sessionConfiguration = Session.Configuration(
      client: .live(configuration: configuration, transport: transport), options: options,
      sink: sink,
      opener: interactive ? SystemOpener(environment: environment) : PrintingOpener(),
      dataNote: offline ? Session.offlineDataNote : nil, seed: seed,
      signupFailureRate: signupFailureRate, signupLatency: .milliseconds(Int64(signupLatency * 1000)),
      promptSecret: prompt, engine: (engine ?? .reactor).kind)
    // Piped mode runs on one thread of its own (see LoopThreadExecutor); the REPL and the
    // daemon keep the shared pool.
    let loopThread = interactive || daemon ? nil : LoopThreadExecutor()
    if let loopThread { sessionConfiguration.executor = loopThread }
    let session = Session(configuration: sessionConfiguration)
    if daemon {
      let lines = ByteLineReader.lines(of: 0, maxBytes: DaemonInput.maxLineBytes)
      let signals = DaemonSignals(onTerminate: lines.finish, onInterrupt: { session.cancelAll() })
      let server = Daemon(
        session: session, output: sessionConfiguration.sink, version: ReactorCommand.version,
        drainTimeout: .milliseconds(Int64(drainTimeout * 1000)))
      let status = await server.run(lines)
      signals.cancel()
      // The reader thread may still block on standard input; leave without waiting for it.
      Glibc.exit(status)
    }
    var sources: [(any LineReader, ShellLoop.Source)] = []
    if !words.isEmpty { sources = [(ScriptedLineReader([Tokenizer.line(quoting: words)]), .arguments)] }
    var nextFile = files.makeIterator()
    for script in scripts {
      switch script {
      case .command(let line): sources.append((ScriptedLineReader([line]), .arguments))
      case .file(let path): sources.append((PipeLineReader(descriptor: nextFile.next()!), .file(path)))
      }
    }
    let reader: any LineReader
    if !sources.isEmpty {
      reader = sources[0].0
    } else if !interactive {
      reader = PipeLineReader()
      sources = [(reader, .standardInput)]
    } else if let editor = EditLineReader(historyPath: EditLineReader.defaultHistoryPath(environment: environment)) {
      reader = editor
    } else {
      // Still a REPL, without editing or history: better than refusing to start.
      FileHandle.standardError.write(
        Data("reactor: no line editing: \(EditLineReader.loadError ?? "libedit failed")\n".utf8))
      reader = PlainLineReader()
    }
    let banner =
      "reactor \(ReactorCommand.version): type 'help' for commands, Ctrl-D to leave"
      + (offline ? " (offline sample data)" : "")
    var onInput: (@Sendable (String) -> Void)?
    if let recorder { onInput = { line in recorder.begin(line) } }
    var loops: [ShellLoop] = []
    for (reader, source) in interactive ? [(reader, .standardInput)] : sources {
      var loop = ShellLoop(session: session, reader: reader, interactive: interactive, banner: banner, onInput: onInput)
      loop.source = source
      loop.bail = bail
      loop.failures = failures
      loops.append(loop)
    }
    let status = await Task(executorPreference: loopThread) { [loops] in
      var failure: ExitStatus?
      for loop in loops {
        let outcome = await loop.runLines()
        if let status = outcome.failure { failure = status }
        if outcome.stopped { break }
      }
      return failure?.rawValue ?? 0
    }.value
    loopThread?.stop()
    if let record, let recorder, let recording {
      try Self.saveRecording(path: record, transcript: recorder.text, cassette: recording.cassette)
    }
    if status != 0 { throw ExitCode(status) }
  }

  /// The `-f` files, open for reading, in order; a file that cannot be read is a usage error,
  /// found before any command runs.
  func openFiles() throws -> [Int32] {
    var descriptors: [Int32] = []
    for case .file(let path) in scripts {
      let descriptor = open(path, O_RDONLY)
      guard descriptor >= 0 else {
        throw ValidationError("-f \(path): \(String(cString: strerror(errno)))")
      }
      descriptors.append(descriptor)
    }
    return descriptors
  }

  func transcriptHeader(path: String, start: Date, seed: UInt64, options: RenderOptions, offline: Bool) -> [String] {
    let formatter = ISO8601DateFormatter()
    return [
      "# Recorded by reactor \(ReactorCommand.version). Replay: reactor replay \((path as NSString).lastPathComponent)"
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
