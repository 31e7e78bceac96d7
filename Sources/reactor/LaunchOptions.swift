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

#if canImport(Glibc)
  import Glibc
#endif

/// What `reactor` without a subcommand runs with, as plain values.
///
/// The flags that set them are declared below, once each, in ``LaunchFlag/all``: both
/// ``LaunchOptions/fastParse(_:)`` (the common invocations, without ArgumentParser) and
/// ``ReactorCommand`` (ArgumentParser: help, usage, errors and the rest) are made from it.
struct LaunchOptions: Equatable, Sendable {
  var offline = false
  var json = false
  var daemon = false
  var drainTimeout: Double = 30
  var apiURL: String?
  var timeout: Double = 30
  var color: ColorChoice = .auto
  var record: String?
  var force = false
  var seed: UInt64?
  /// The features' settings (``FeatureSetting``) given as flags, as given: `--engine feedback`
  /// is `["engine": "feedback"]`.
  var features: [String: String] = [:]
  var historyLimit = Session.defaultHistoryLimit
  /// `--wait-on-rate-limit[=MAX]`: the longest primary-limit wait in seconds; nil: off.
  var waitOnRateLimit: Double?
  var noCache = false
  /// `-c` lines and `-f` files, in the order given.
  var scripts: [Script] = []
  /// One command given as words after the options (`reactor query swift`).
  var words: [String] = []
  /// Stop at the first command that fails, with its status.
  var bail = false
  /// `live`: the shortest time between two queries sent as they are typed, in seconds.
  var throttle: Double = 0.3
  /// `live`: what Enter prints.
  var print: PrintChoice = .name
  /// `live`: where the NDJSON change stream goes while the view runs.
  var jsonLog: String?
  /// `live`: Tab marks rows, Enter prints every marked one.
  var multi = false
  /// `live`: a pane with the selection's whole record.
  var preview = false

  /// A `-c` command line or a `-f` file of commands.
  enum Script: Equatable, Sendable {
    case command(String)
    case file(String)
  }

  static let defaults = LaunchOptions()

  /// The first error of the flags' own checks, in the order of ``LaunchFlag/all``, then of
  /// the flags together.
  func validate() throws(ValidationError) {
    // By index: a `for flag in` loop copied (retained and released) every entry.
    for index in LaunchFlag.all.indices {
      if let error = LaunchFlag.all[index].check(self) { throw ValidationError(error) }
    }
    let unrecorded =
      Features.all.settings.filter { !$0.isDirective && features[$0.name] != nil }.map { "--" + $0.name }
      + (waitOnRateLimit != nil ? ["--wait-on-rate-limit"] : [])
    if record != nil && !unrecorded.isEmpty {
      // A transcript has no directive for them, so its replay would send other requests.
      let them = unrecorded.count == 1 ? "it" : "them"
      throw ValidationError(
        "--record cannot be combined with \(unrecorded.joined(separator: ", ")): a transcript has no directive for \(them); set \(them) in the session instead"
      )
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
}

extension LaunchFlag {
  /// Every flag and option of `reactor` without a subcommand, in the order `--help` lists
  /// them. A new one needs its field in ``LaunchOptions`` above, its entry here, its lines in
  /// man/reactor.1 (SYNOPSIS and OPTIONS) and an example in LaunchOptionsTests.
  private static let shell: [LaunchFlag] = [
    .flag(
      "offline", help: "Serve the built-in offline sample instead of GitHub (no network, sample data).",
      set: { $0.offline = true }),
    .flag("json", help: "Print NDJSON records (one JSON object per line) instead of text.", set: { $0.json = true }),
    .flag(
      "daemon",
      help: "Serve NDJSON requests on standard input, many in flight at once (see DAEMON MODE in reactor(1)).",
      set: { $0.daemon = true }),
    .duration(
      "drain-timeout",
      help:
        "With --daemon: how long in-flight requests may take to finish after end of input or SIGTERM (500ms, 30s, 1m; a bare number is seconds).",
      get: { $0.drainTimeout }, set: { $0.drainTimeout = $1 },
      check: {
        (0...3600).contains($0.drainTimeout)
          ? nil : "--drain-timeout must be from 0 to 3600 seconds, got \(LaunchOptions.shown($0.drainTimeout))"
      }),
    .option(
      "api-url", valueName: "url",
      help: "The GitHub API root (default: $GITHUB_API_URL, then https://api.github.com).",
      set: { (options, url: String) in options.apiURL = url }),
    .duration(
      "timeout", help: "How long to wait for GitHub before giving up (5s, 1m; a bare number is seconds).",
      get: { $0.timeout }, set: { $0.timeout = $1 },
      check: {
        $0.timeout > 0 && $0.timeout <= 600
          ? nil : "--timeout must be more than 0 and at most 600 seconds, got \(LaunchOptions.shown($0.timeout))"
      }),
    .option(
      "color", valueName: "when", help: "When to use colour: auto, always or never.", get: { $0.color },
      set: { $0.color = $1 }),
    .option(
      "record", valueName: "file",
      help:
        "Record the session as a transcript in <file>, with its HTTP cassette beside it as <file>.cassette.json.",
      completion: .file(), set: { (options, path: String) in options.record = path }),
    .flag(
      "force", help: "With --record or --json-log: overwrite an existing file.", set: { $0.force = true },
      check: {
        $0.force && $0.record == nil && $0.jsonLog == nil ? "--force only applies to --record and --json-log" : nil
      }),
    // Unconditional: `--seed -1` is a wrong value to name, not a missing one.
    .option(
      "seed", valueName: "n", parsing: .unconditional,
      help: "Seed for everything random in the session (default: from the time).",
      set: { (options, seed: UInt64) in options.seed = seed }),
    .option(
      "history-limit", valueName: "n", parsing: .unconditional,
      help: "The most changes history keeps for history, diff, goto, undo and why (0: off).",
      get: { $0.historyLimit }, set: { $0.historyLimit = $1 },
      check: { $0.historyLimit >= 0 ? nil : "--history-limit must be 0 (off) or more, got \($0.historyLimit)" }),
    .optionalValue(
      "wait-on-rate-limit", valueName: "max", alone: "60",
      help:
        "Wait out a rate limit that resets within <max> seconds (default 60 when given alone), then retry once.",
      parse: DurationParser.seconds,
      malformed: { "--wait-on-rate-limit expects seconds such as 60, 90s or 2m, got '\($0)'" },
      set: { $0.waitOnRateLimit = $1 },
      check: {
        guard let wait = $0.waitOnRateLimit, !(0...3600).contains(wait) else { return nil }
        return "--wait-on-rate-limit must be between 0 and 3600 seconds"
      }),
    .flag(
      "no-cache", help: "Do not read or write the HTTP cache ($XDG_CACHE_HOME/reactor).", set: { $0.noCache = true }),
    .duration(
      "throttle", help: "live: the least time between two queries sent as you type (0: none; default 300ms).",
      get: { $0.throttle }, set: { $0.throttle = $1 },
      check: {
        (0...60).contains($0.throttle)
          ? nil : "--throttle must be from 0 to 60 seconds, got \(LaunchOptions.shown($0.throttle))"
      }),
    .option(
      "print", valueName: "what", help: "live: what Enter prints: name (default), url or json.",
      get: { $0.print }, set: { $0.print = $1 }),
    .option(
      "json-log", valueName: "file", help: "live: write the NDJSON change stream to <file> while the view runs.",
      completion: .file(), set: { (options, path: String) in options.jsonLog = path }),
    .flag(
      "multi", help: "live: Tab marks rows, Shift-Tab unmarks them; Enter prints every marked row, one a line.",
      set: { $0.multi = true }),
    .flag(
      "preview", help: "live: show the selection's whole record beside or below the list; ? hides and shows it.",
      set: { $0.preview = true }),
    .repeated(
      "command", short: "c", valueName: "line",
      help: "Run one command line, then exit; repeatable, run in order with -f.",
      set: { $0.scripts.append(.command($1)) }),
    .repeated(
      "file", short: "f", valueName: "file",
      help: "Run the commands in <file>, one a line, then exit; errors say <file>:<line>. Repeatable.",
      completion: .file(), set: { $0.scripts.append(.file($1)) }),
    .flag("bail", help: "Stop at the first command that fails, and exit with its status.", set: { $0.bail = true }),
  ]

  /// The shell's flags, with the features' settings (``FeatureSetting``) after `--seed`.
  static let all: [LaunchFlag] = {
    let split = shell.firstIndex { $0.name == "seed" }! + 1
    return Array(shell[..<split]) + Features.all.settings.map(LaunchFlag.setting) + shell[split...]
  }()

  /// The flags that mean something to `reactor live`, which its help and its completion
  /// (``LiveCommand``) list, in the order of ``all``.
  static let live: Set<String> = Set(
    ["offline", "api-url", "timeout", "color", "record", "force", "seed", "no-cache"]
      + Features.all.settings.map(\.name) + ["throttle", "print", "json-log", "multi", "preview"])
}

extension LaunchOptions {
  /// Looks an environment variable up with `getenv`. Building a dictionary of the whole
  /// environment (`ProcessInfo`'s, or any `[String: String]`, whose first use costs a runtime
  /// conformance lookup) was a tenth of a daemon's start.
  /// What a recording is checked against before it is saved: the environment's tokens, and
  /// the one gh keeps for the API's host, which a session without them sends.
  static func secretScanner(apiURL: String? = nil) -> SecretScanner {
    let configuration = try? GitHubConfiguration.resolve(
      apiURL: apiURL, environment: environment, userAgent: "", readFile: readFile)
    guard case .ghHosts(let path, _)? = configuration?.tokenSource, let token = configuration?.token else {
      return SecretScanner(environment: environment)
    }
    return SecretScanner(environment: environment, token: (token.revealed, path))
  }

  /// Reads a file the configuration needs (gh's `hosts.yml`); nil when it cannot.
  @Sendable static func readFile(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

  @Sendable static func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }

  /// Runs on the caller's executor (the main thread, from `main`), so that a daemon can keep
  /// its read loop there (see `LoopThreadExecutor.run(_:)`).
  nonisolated(nonsending) func run() async throws {
    try checkFileNamesAreUTF8()
    let environment = Self.environment
    let userAgent = "reactor/\(ReactorCommand.version)"
    var configuration: GitHubConfiguration
    var transport: any HTTPTransport
    // A recording's time starts at the whole second its %clock says.
    let start = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
    let time: TimeSource = record != nil ? .system(from: start.timeIntervalSince1970) : .system
    if offline {
      // The sample needs no API root and no token; neither is read, so neither can leak.
      configuration = GitHubConfiguration(baseURL: GitHubConfiguration.defaultBaseURL, userAgent: userAgent)
      transport = OfflineTransport(now: { Date(timeIntervalSince1970: time.now()) })
    } else {
      do {
        configuration = try GitHubConfiguration.resolve(
          apiURL: apiURL, environment: environment, userAgent: userAgent,
          readFile: Self.readFile)
      } catch {
        throw ValidationError(String(describing: error))
      }
      configuration.timeoutSeconds = Int(timeout.rounded(.up))
      transport = CurlTransport(timeout: timeout)
      // The cache sits under the recorder, so a cassette holds what the client saw (a 304
      // answered from the cache is recorded as the response it became) and replays without a
      // cache are exact.
      if !noCache, let directory = HTTPCache.defaultDirectory(environment: environment) {
        transport = CachingTransport(
          wrapping: transport, cache: HTTPCache(directory: directory), token: configuration.token)
      }
    }
    let recording = record.map { _ in RecordingTransport(wrapping: transport) }
    if let recording { transport = recording }
    if words.first == "live" {
      try await runLive(
        client: .live(configuration: configuration, transport: transport), recording: recording, time: time,
        start: start)
      return
    }

    // Only a live view writes the log, and none can open here: said, not silently dropped.
    if jsonLog != nil, !(Terminal.isInteractive && !daemon && record == nil) {
      StandardStream.error(
        "reactor: --json-log: it logs the live view, which needs a terminal (not a pipe, --daemon or --record); "
          + "run 'reactor live --json-log FILE' at one\n")
      throw ExitCode(2)
    }
    // Commands given as arguments run without a prompt, like `psql -c`.
    let interactive = Terminal.isInteractive && !daemon && scripts.isEmpty && words.isEmpty
    let files = try openFiles()
    let colorOn =
      switch color {
      case .always: record == nil
      case .never: false
      case .auto: !json && record == nil && Terminal.wantsColor(environment: environment)
      }
    // On a terminal the width follows it: SIGWINCH sets it again (below). Not while recording:
    // the transcript's %width is the one its output must replay at.
    let width = Terminal.width(environment: environment)
    let liveWidth = interactive && record == nil ? LiveWidth(width) : nil
    let options = RenderOptions(
      mode: json || daemon ? .json : .text, color: colorOn && !daemon, width: width, live: liveWidth)
    let seed = self.seed ?? UInt64(Date().timeIntervalSince1970 * 1000)
    let standardOutput = StandardOutputSink()
    // The line editor comes first: the session's output goes through it, so that what arrives
    // while the user types is printed above the prompt.
    let editor =
      interactive
      ? EditLineReader(historyPath: EditLineReader.defaultHistoryPath(environment: environment), output: standardOutput)
      : nil
    // Prose wider than a terminal wraps between words on its way there (not into a recording).
    var terminals: Set<OutputStream> = []
    if Terminal.stdoutIsTerminal { terminals.insert(.out) }
    if Terminal.stderrIsTerminal { terminals.insert(.err) }
    let terminalOutput: any OutputSink = WrappingSink(
      base: editor?.output ?? standardOutput, options: options, terminals: terminals)
    // Errors are located (and their codes kept for the exit status) on the way to the
    // terminal, after a recorder: a transcript keeps what a replay prints.
    let failures = daemon ? nil : LocatingSink(base: terminalOutput, records: Records(options: options))
    var made: TranscriptRecorder?
    if let record, let recording {
      // Checked before anything runs: a path that cannot be written costs nothing yet.
      let files: RecordingFiles
      do {
        files = try recordingFiles(
          at: record, recording: recording, scanner: Self.secretScanner(apiURL: apiURL))
      } catch {
        StandardStream.error("error: \(error)\n")
        throw ExitCode(2)
      }
      made = TranscriptRecorder(
        forwarding: failures ?? terminalOutput, commands: CommandTable(features: Features.all),
        header: transcriptHeader(path: record, start: start, seed: seed, options: options, offline: offline),
        files: files)
    }
    let recorder = made
    let recorderSignals = recorder.map { recorder in
      recorder.save()
      return recorder.saveOnExit()
    }
    var prompt: (@Sendable (String) -> String?)?
    if interactive {
      prompt = { @Sendable text in
        let secret = SecretPrompt.read(text, output: editor?.output)
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
      sink = failures ?? terminalOutput
    }
    let settings = featureSettings(seed: seed)
    var sessionConfiguration = Session.Configuration(
      client: .live(configuration: configuration, transport: transport), features: Features.all, options: options,
      sink: sink,
      opener: interactive ? SystemOpener(environment: environment) : PrintingOpener(),
      dataNote: offline ? Session.offlineDataNote : nil, time: time, settings: settings, promptSecret: prompt,
      historyLimit: historyLimit)
    sessionConfiguration.credentials = offline ? nil : configuration.tokenSource.description
    sessionConfiguration.tokenSource = offline ? nil : configuration.tokenSource.name
    sessionConfiguration.rateLimitWait = waitOnRateLimit.map { .milliseconds(Int64($0 * 1000)) }
    if interactive && !json {
      // One line on standard error, rewritten in place; 0 erases it. Through the line editor
      // when there is one, which keeps it off the prompt's row.
      sessionConfiguration.rateLimitCountdown = { seconds in
        let text = seconds > 0 ? "waiting \(seconds) s for GitHub's rate limit (Ctrl-C stops)" : nil
        if let editor {
          editor.output.showStatus(text)
        } else {
          StandardStream.error("\r\u{1B}[2K" + (text ?? ""))
        }
      }
    }
    // `live` draws on the terminal, from the REPL or from -c, -f and command words typed at one;
    // not from piped input, a daemon or a recording (the error no-terminal).
    if Terminal.isInteractive && !daemon && record == nil {
      sessionConfiguration.live = try liveOptions(environment: environment)
    }
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
      // From `main`, the read loop keeps the main thread (see `LoopThreadExecutor.run(_:)`);
      // anywhere else it must not hold a thread of the shared pool.
      let status =
        MainThread.isCurrent ? LoopThreadExecutor.run { await server.run(lines) } : await server.run(lines)
      signals.cancel()
      // The reader thread may still block on standard input; leave without waiting for it.
      WriteErrors.exit(status)
    }
    var sources: [(any LineReader, ShellLoop.Source)] = []
    if !words.isEmpty {
      sources = [(Self.argumentReader(Tokenizer.line(quoting: words), words: words), .argument(1))]
    }
    var nextFile = files.makeIterator()
    for script in scripts {
      switch script {
      case .command(let line):
        let index = sources.count { if case .argument = $0.1 { true } else { false } } + 1
        sources.append((Self.argumentReader(line), .argument(index)))
      case .file(let path):
        // Errors of `-f -` say `<stdin>:N:`, as psql's do.
        let reader = PipeLineReader(descriptor: nextFile.next()!, name: path == "-" ? "standard input" : path)
        sources.append((reader, .file(path == "-" ? "<stdin>" : path)))
      }
    }
    let reader: any LineReader
    if !sources.isEmpty {
      reader = sources[0].0
    } else if !interactive {
      reader = PipeLineReader()
      sources = [(reader, .standardInput)]
    } else if let editor {
      reader = editor
    } else {
      // Still a REPL, without editing or history: better than refusing to start.
      StandardStream.error("reactor: no line editing: \(EditLineReader.loadError ?? "libedit failed")\n")
      reader = PlainLineReader()
    }
    let banner =
      "reactor \(ReactorCommand.version): type 'help' for commands, Ctrl-D to leave"
      + (offline ? " (offline sample data)" : "")
    var onInput: (@Sendable (String) -> Void)?
    var onOutcome: (@Sendable (StoreTask.Completion) -> Void)?
    if let recorder {
      onInput = { line in recorder.begin(line) }
      onOutcome = { completion in recorder.end(completion) }
    }
    var loops: [ShellLoop] = []
    for (reader, source) in interactive ? [(reader, .standardInput)] : sources {
      var loop = ShellLoop(
        session: session, reader: reader, interactive: interactive, banner: banner, onInput: onInput,
        onOutcome: onOutcome)
      loop.source = source
      loop.bail = bail
      loop.failures = failures
      // Control-C cancels the running command at a terminal; it is recorded first.
      if let recorder { loop.onInterrupt = { recorder.interrupt() } }
      loops.append(loop)
    }
    let resize = liveWidth.map { live in
      SignalWatcher.shared.watch(SIGWINCH) {
        live.set(Terminal.width(environment: environment))
        editor?.terminalResized()
      }
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
    resize.map(SignalWatcher.shared.stop)
    loopThread?.stop()
    if let recorder {
      recorderSignals?.forEach(SignalWatcher.shared.stop)
      // A file that could not be written, or would have held a secret, is a usage failure.
      if !recorder.finish() { throw ExitCode(2) }
    }
    if status != 0 { throw ExitCode(status) }
  }

  /// The `-f` files, open for reading, in order (`-` is standard input, as in psql); a file
  /// that cannot be read, or a directory, is a usage error, found before any command runs.
  func openFiles() throws -> [Int32] {
    var descriptors: [Int32] = []
    for case .file(let path) in scripts {
      if path == "-" {
        descriptors.append(0)
        continue
      }
      let descriptor = open(path, O_RDONLY)
      var status = stat()
      guard descriptor >= 0, fstat(descriptor, &status) == 0 else {
        throw ValidationError("-f \(path): \(String(cString: strerror(errno)))")
      }
      guard status.st_mode & S_IFMT != S_IFDIR else {
        close(descriptor)
        throw ValidationError("-f \(path): \(String(cString: strerror(EISDIR)))")
      }
      descriptors.append(descriptor)
    }
    return descriptors
  }

  func transcriptHeader(path: String, start: Date, seed: UInt64, options: RenderOptions, offline: Bool) -> [String] {
    return [
      "# Recorded by reactor \(ReactorCommand.version). Replay: reactor replay \(path.lastPathComponent)"
    ] + (offline ? ["%data offline-sample"] : []) + [
      "%cassette \(Self.cassetteName(for: path))",
      "%clock \(ISO8601UTC.string(fromEpochSeconds: Int(start.timeIntervalSince1970.rounded(.down))))",
      "%seed \(seed)",
      "%mode \(options.mode.rawValue)",
      "%width \(options.width)",
    ] + Self.directives(of: featureSettings(seed: seed))
  }

  /// The features' directives, with the values `settings` hold: every one, so that a replay
  /// runs as the session ran whatever a later version's defaults are.
  static func directives(of settings: FeatureSettings) -> [String] {
    Features.all.settings.filter(\.isDirective).map { "%\($0.name) \(settings.value(of: $0))" }
  }

  /// The features' settings the flags ask for.
  func featureSettings(seed: UInt64) -> FeatureSettings {
    var settings = FeatureSettings()
    settings.seed = seed
    // Checked by validate(): every value is one of its setting's.
    for setting in Features.all.settings {
      if let given = features[setting.name] { settings[setting.name] = setting.canonical(given) }
    }
    return settings
  }

  static func cassetteName(for path: String) -> String { path.lastPathComponent + ".cassette.json" }

  /// The transcript at `path` and its cassette, checked before anything runs (the REPL's
  /// `--record` and live's): exists without `--force`, cannot be written.
  func recordingFiles(
    at path: String, recording: RecordingTransport, scanner: SecretScanner
  ) throws -> RecordingFiles {
    try RecordingFiles(
      path: path, cassettePath: Self.cassettePath(for: path), force: force, scanner: scanner,
      cassette: { (recording.exchangeCount, { try recording.cassette.encoded() }) })
  }

  /// The cassette beside the transcript at `path`.
  static func cassettePath(for path: String) -> String {
    let directory = path.deletingLastPathComponent
    return (directory.isEmpty ? "" : directory + "/") + cassetteName(for: path)
  }
}
