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

/// The `reactor` command: flags and environment, and the composition of the live, offline and
/// cassette clients. Nothing else lives here.
struct ReactorCommand: AsyncParsableCommand {
  static let version = ReactorVersion.current

  static let configuration = CommandConfiguration(
    commandName: "reactor",
    abstract: "A reactive REPL and NDJSON stream over the GitHub REST API.",
    usage: """
      reactor [<options>] [--] [<command> [<argument> ...]]
      reactor [<options>] [-c <line> ...] [-f <file> ...] [--bail]
      reactor replay [--engine <engine>] [--update] [--jobs <n>] [--shard <k/n>] [--junit <file>] [--filter <pattern>] <path> ...
      reactor [--api-url <url>] replay --rerecord <file> [--force]
      reactor [--offline | --api-url <url>] replay (--until <n> | --step) <file>
      """,
    discussion: """
      Each line is a command (type 'help' for the list). On a terminal, reactor edits lines with \
      history and completion; on pipes it reads commands from standard input and prints one \
      diff per state change. Words after the options are one command, run before reactor exits \
      (reactor --offline query swift); -c and -f run commands and files of commands in the order \
      given. 'reactor live --help' describes the full-screen views, 'reactor replay --help' the replay \
      of transcripts. Set GH_TOKEN (or \
      GITHUB_TOKEN) for a higher rate limit. Exit status: 0 success, 1 a \
      command failed, 2 usage error, 3 GitHub or network failure, 4 authentication failure, \
      5 rate limited, 130 interrupted.
      """,
    version: version,
    subcommands: [LiveCommand.self, ReplayCommand.self])

  /// What ArgumentParser parsed, for each flag of ``LaunchFlag/all``.
  private var parsed: [LaunchFlag.Parsed] = []

  init() {}

  /// ArgumentParser's values of the flags it found in ``customMirror``.
  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: LaunchFlag.Key.self)
    parsed = try LaunchFlag.all.map { try $0.decode(container) }
    _ = try container.decode(Argument<[String]>.self, forKey: LaunchFlag.Key("words"))
  }

  /// The command words, declared for the shells' completion scripts only (which then ask
  /// ``LaunchOptions/completions(_:_:_:)``): `main` takes the words off before ArgumentParser
  /// parses (``LaunchOptions/splitWords(_:)``), so this stays empty. Only words after `--` would
  /// be its, so that `replay` is never taken for a word rather than the subcommand.
  static func words() -> Argument<[String]> {
    Argument(
      wrappedValue: [], parsing: .postTerminator, help: .private,
      completion: .custom { LaunchOptions.completions($0, $1, $2) })
  }

  /// The values parsed, for ``LaunchOptions/run()``; the values of options that repeat (`-c`,
  /// `-f`) in the table's order when the order they were given in is not known (see
  /// ``options(arguments:)``).
  var options: LaunchOptions { options(order: []) }

  /// The values parsed from `arguments`, with `-c` and `-f` in the order `arguments` gives
  /// them (ArgumentParser keeps each option's values in order, not the two options' order).
  func options(arguments: [String]) -> LaunchOptions {
    var order: [Int] = []
    var rest = arguments[...]
    while let argument = rest.popFirst(), argument != "--" {
      guard let (flag, index, inline) = LaunchFlag.named(argument) else { continue }
      if flag.value == .repeated { order.append(index) }
      // Skip a separate value, so that a `-c` that is some option's value is not counted.
      if inline == nil && flag.takesSeparateValue { _ = rest.popFirst() }
    }
    return options(order: order)
  }

  /// The values parsed, those of repeated options in `order` (indexes of ``LaunchFlag/all``,
  /// one an occurrence), then any left in the table's order.
  private func options(order: [Int]) -> LaunchOptions {
    var options = LaunchOptions()
    var repeated: [[String]] = Array(repeating: [], count: parsed.count)
    for (index, (flag, parsed)) in zip(LaunchFlag.all, parsed).enumerated() {
      switch parsed {
      case .value(let set): set(&options)
      case .texts(let texts) where flag.value == .repeated: repeated[index] = texts
      case .texts(let texts): for text in texts { _ = flag.set(&options, text) }
      }
    }
    for index in order where !repeated[index].isEmpty {
      _ = LaunchFlag.all[index].set(&options, repeated[index].removeFirst())
    }
    for (flag, texts) in zip(LaunchFlag.all, repeated) {
      for text in texts { _ = flag.set(&options, text) }
    }
    return options
  }

  func validate() throws {
    // A value ArgumentParser takes as any text (an optional value's) is checked first.
    for (flag, parsed) in zip(LaunchFlag.all, parsed) {
      guard case .texts(let texts) = parsed else { continue }
      var scratch = LaunchOptions()
      if let text = texts.first(where: { !flag.set(&scratch, $0) }) { throw ValidationError(flag.malformed(text)) }
    }
    // `replay --rerecord FILE --force` sets this command's --force too (ArgumentParser parses a
    // subcommand's line with its parent's options): replay judges it, and a session's
    // `launchOptions` checks it again with the rest.
    var options = options
    options.force = false
    try options.validate()
  }

  func run() async throws { try await options(arguments: Array(CommandLine.arguments.dropFirst())).run() }

  /// What `arguments` ask for: the root's options with the command words (which
  /// ArgumentParser never sees: its positional argument for them is there for completion
  /// scripts), or nil with `subcommand` set when they name `replay`.
  static func launchOptions(_ arguments: [String]) throws -> (LaunchOptions?, (any ParsableCommand)?) {
    let (flags, words) = LaunchOptions.splitWords(arguments)
    let command = try parseAsRoot(flags)
    guard let root = command as? ReactorCommand else { return (nil, command) }
    var options = root.options(arguments: flags)
    options.words = words
    try options.validate()
    return (options, nil)
  }
}

/// ArgumentParser learns a command's options by reflecting on a new instance (`Mirror`),
/// taking each child that is one of its property wrappers, and reads the values back through
/// `init(from:)` under the children's names. The mirror gives it, for each flag of
/// ``LaunchFlag/all`` in order, the wrapper a declaration would make, under the name the
/// property would have, then the command words: so the table is the only declaration.
/// (`LaunchOptionsTests` checks ArgumentParser's help and values against the table.)
extension ReactorCommand: CustomReflectable {
  var customMirror: Mirror {
    let children: [Mirror.Child] =
      LaunchFlag.all.map { (label: $0.key, value: $0.argument()) } + [(label: "words", value: Self.words())]
    return Mirror(self, children: children, displayStyle: .struct)
  }
}

/// `reactor replay`: replays transcripts with virtual time and recorded HTTP.
struct ReplayCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "replay",
    abstract: "Replay recorded transcripts and compare their output byte for byte.",
    discussion: """
      Prints 'ok' or 'FAIL' (with a unified diff) for each file, then 'N passed, M failed'. \
      A directory stands for every *.t file under it, recursively, in sorted order. \
      Replays use the transcript's cassette and a virtual clock: no network, no real time, \
      no history file. A replay also fails when a line moves between standard output and \
      standard error ('! ' lines) or the exit status differs ('%status N'); NDJSON lines that \
      differ are followed by their differing JSON paths. --engine <engine> runs every \
      transcript on that engine; --rerecord uses --api-url and GH_TOKEN as a session does. \
      The format is described in reactor-transcript(5).
      """)

  @Flag(help: "Rewrite each transcript's expected output with the actual output, and say what changed.")
  var update = false

  @Option(
    help: ArgumentHelp(
      "Run every transcript on this search engine (reactor or feedback), whatever its %engine says.",
      valueName: "engine"),
    completion: .list(ReplayCommand.engineSetting.choices))
  var engine: String?

  /// The name of the setting `--engine` gives every transcript, over its directive.
  static let engine = "engine"
  /// Its declaration, whose reading checks the value.
  static let engineSetting = Features.all.settings.first { $0.name == engine }!

  @Option(
    help: ArgumentHelp(
      "Replay <n> transcripts at once (default: the number of cores); the report is the same for any <n>.",
      valueName: "n"))
  var jobs: Int?

  @Option(
    help: ArgumentHelp(
      "Replay only the k-th of n stable, balanced slices of the suite, for a CI matrix of n machines.",
      valueName: "k/n"))
  var shard: String?

  @Option(help: ArgumentHelp("Also write a JUnit XML report to <file>.", valueName: "file"), completion: .file())
  var junit: String?

  @Option(
    help: ArgumentHelp("Replay only the transcripts whose path matches this regular expression.", valueName: "pattern"))
  var filter: String?

  @Option(
    help: ArgumentHelp(
      "Run the transcript's commands again against GitHub (or --api-url) and rewrite it and its cassette.",
      valueName: "file"), completion: .file())
  var rerecord: String?

  @Flag(
    name: .customLong("force"),
    help:
      "With --rerecord: take the new run even where it failed (GitHub unreachable, an error, a rate limit) and the recording had answers."
  )
  var forceFlag = false

  /// `--force`, whichever command ArgumentParser gave it to (the parent has one too).
  private var force: Bool { forceFlag || root.options.force }

  /// `reactor --engine feedback replay x.t` still works: the parent's `--engine` is the default;
  /// `--api-url` and `--offline` are the parent's options.
  @ParentCommand var root: ReactorCommand

  @Option(
    help: ArgumentHelp(
      "Replay only the first <n> commands of one file, checking their output, then hand the session over: a REPL on a terminal, the rest of standard input on a pipe.",
      valueName: "n"))
  var until: Int?

  @Flag(
    help:
      "On a terminal, pause before each command of one file: Enter runs it, c runs the rest, Ctrl-C stops there and hands the session over."
  )
  var step = false

  @Argument(help: ArgumentHelp("Transcript files, or directories of them.", valueName: "path"), completion: .file())
  var paths: [String] = []

  /// The parent's options mean nothing to a replay, except `--engine`, `--api-url` (for
  /// `--rerecord`, `--until` and `--step`) and `--offline` (for `--until` and `--step`):
  /// refused, not silently ignored.
  private func validateParentOptions() throws {
    var given = root.options
    given.features[Self.engine] = nil
    // `--force` is the parent's flag too, and ArgumentParser gives it to the parent.
    given.force = false
    if rerecord != nil || until != nil || step { given.apiURL = nil }
    if until != nil || step { given.offline = false }
    guard given == .defaults else {
      throw ValidationError(
        "replay takes its own options, --engine, and --api-url or --offline where they apply; give other options to a session, not a replay"
      )
    }
  }

  func validate() throws {
    if force && rerecord == nil { throw ValidationError("--force only applies to --rerecord") }
    if let engine, Self.engineSetting.canonical(engine) == nil {
      throw ValidationError("--engine expects \(Self.engineSetting.expected), got '\(engine)'")
    }
    try validateParentOptions()
    if until != nil || step {
      guard paths.count == 1 else { throw ValidationError("--until and --step replay one file") }
      if let until, until < 0 { throw ValidationError("--until must be 0 or more") }
      guard !update else { throw ValidationError("--update cannot be combined with --until or --step") }
      guard rerecord == nil, shard == nil, junit == nil, filter == nil, jobs == nil else {
        throw ValidationError("--until and --step take one transcript and no other replay option")
      }
      if step && !Terminal.isInteractive { throw ValidationError("--step needs a terminal") }
      return
    }
    if let jobs, jobs < 1 { throw ValidationError("--jobs must be 1 or more, got \(jobs)") }
    if let shard, ReplayOptions.shard(shard) == nil {
      throw ValidationError("--shard expects k/n with 1 <= k <= n, such as 2/4; got '\(shard)'")
    }
    if let filter, LineMatcher.pattern(filter) == nil {
      throw ValidationError("--filter expects a regular expression; '\(filter)' is not one")
    }
    if rerecord != nil {
      if !paths.isEmpty || update || shard != nil || junit != nil || filter != nil {
        throw ValidationError("--rerecord takes one transcript and no other replay option")
      }
    } else if paths.isEmpty {
      throw ValidationError("give at least one transcript file or directory")
    }
  }

  func run() async throws {
    if until != nil || step {
      let status = await handOver(paths[0])
      if status != 0 { throw ExitCode(status) }
      return
    }
    let engine = engine ?? root.options.features[Self.engine]
    if let rerecord {
      let status = await Rerecorder(root: root, path: rerecord, engine: engine, force: force).run()
      if status != 0 { throw ExitCode(status) }
      return
    }
    let runner = TranscriptRunner(features: Features.all, makeClient: Self.replayClient) { configuration in
      if let engine { configuration.settings[Self.engine] = engine }
    }
    let replayer = Replayer(runner: runner) { text in StandardStream.output(text) }
    var options = ReplayOptions(paths: paths)
    options.update = update
    if let jobs { options.jobs = jobs }
    options.shard = shard.flatMap(ReplayOptions.shard)
    options.junit = junit
    options.filter = filter
    options.secrets = LaunchOptions.secretScanner()
    let status = await replayer.run(options)
    if status != 0 { throw ExitCode(status) }
  }

  /// `--until` and `--step`: replays the first commands of `path`, then hands the session over.
  private func handOver(_ path: String) async -> Int32 {
    let engine = root.options.features[Self.engine]
    let userAgent = "reactor/\(ReactorCommand.version)"
    let fallbackURL: URL
    let destination: String
    let live: (any HTTPTransport)?
    if root.options.offline {
      (fallbackURL, destination, live) = (GitHubConfiguration.defaultBaseURL, "the offline sample", nil)
    } else {
      do {
        let configuration = try GitHubConfiguration.resolve(
          apiURL: root.options.apiURL, environment: LaunchOptions.environment, userAgent: userAgent)
        (fallbackURL, destination) = (configuration.baseURL, configuration.baseURL.absoluteString + ", unauthenticated")
        live = CurlTransport(timeout: root.options.timeout)
      } catch {
        StandardStream.error("replay: \(error)\n")
        return 2
      }
    }
    let transports = Locked<[HandoverTransport]>([])
    let handover = ReplayHandover(
      features: Features.all,
      makeClient: { settings, time, log in
        let now: @Sendable () -> Date = { Date(timeIntervalSince1970: time.now()) }
        var configuration = GitHubConfiguration(
          baseURL: GitHubConfiguration.defaultBaseURL, userAgent: userAgent, now: now)
        let fallback = live ?? OfflineTransport(now: now)
        guard let cassette = settings.offline ? nil : settings.cassette else {
          return .live(configuration: configuration, transport: OfflineTransport(now: now))
        }
        let recorded = try Cassette.load(from: URL(fileURLWithPath: cassette))
        // The recording's seconds, else (a live fallback times out) `--timeout`'s.
        configuration.timeoutSeconds =
          recorded.timeoutSeconds ?? live.map { _ in Int(root.options.timeout.rounded(.up)) }
        let transport = HandoverTransport(
          cassette: ReplayingTransport(cassette: recorded, time: time, log: log), fallback: fallback,
          baseURL: fallbackURL)
        transports.withLock { $0.append(transport) }
        return .live(configuration: configuration, transport: transport)
      },
      adjust: { configuration in if let engine { configuration.settings[Self.engine] = engine } },
      handOver: { transports.withLock { for transport in $0 { transport.handOver() } } }, destination: destination,
      report: { StandardStream.error($0) })
    return await handover.run(path: path, until: until, step: step)
  }

  /// The client a replay uses: the cassette, or the offline sample, on virtual time.
  @Sendable static func replayClient(settings: Transcript.Settings, time: TimeSource, log: ReplayLog) throws
    -> GitHubClient
  {
    try .replaying(
      cassettePath: settings.offline ? nil : settings.cassette, time: time,
      userAgent: "reactor/\(ReactorCommand.version)",
      log: log)
  }
}

/// Usage errors exit with status 2, as documented; help and version with 0. Every way out goes
/// through ``WriteErrors/exit(_:)``, which makes it 1 when an output could not be written.
@main
enum Main {
  static func main() async {
    // Before anything opens a file that could take a closed stream's number.
    StandardStream.holdClosedStreams()
    MainThread.mark()
    // `reactor --version` alone answers before any flag parser.
    if CommandLine.arguments.dropFirst() == ["--version"] {
      StandardStream.output(ReactorCommand.version + "\n")
      WriteErrors.exit(0)
    }
    do {
      // The common invocations (long flags and options only) skip ArgumentParser too.
      if let options = LaunchOptions.fastParse(CommandLine.arguments.dropFirst()) {
        try await options.run()
        WriteErrors.exit(0)
      }
      let (options, subcommand) = try ReactorCommand.launchOptions(
        LaunchOptions.expandingOptionalValues(CommandLine.arguments.dropFirst()))
      if let options {
        try await options.run()
        WriteErrors.exit(0)
      }
      guard var command = subcommand else { WriteErrors.exit(0) }
      if var asyncCommand = command as? any AsyncParsableCommand {
        try await asyncCommand.run()
      } else {
        try command.run()
      }
      WriteErrors.exit(0)
    } catch {
      let code = ReactorCommand.exitCode(for: error)
      if code == .success || error is ExitCode {
        if !(error is ExitCode) { StandardStream.output(helpMessage(for: error) + "\n") }
        WriteErrors.exit(code.rawValue)
      }
      StandardStream.error(usageMessage(for: error) + "\n")
      WriteErrors.exit(ExitStatus.usage.rawValue)
    }
  }

  /// ArgumentParser's help, with the options whose value is optional spelled so
  /// (`--wait-on-rate-limit[=<max>]`): ArgumentParser shows every value as required.
  static func helpMessage(for error: any Error) -> String {
    var message = CompletionScripts.patched(ReactorCommand.fullMessage(for: error))
    for flag in LaunchFlag.all {
      guard case .optional = flag.value, let value = flag.valueName else { continue }
      message = message.replacing("--\(flag.name) <\(value)>", with: "--\(flag.name)[=<\(value)>]")
    }
    return message
  }

  /// ArgumentParser's message, with the one error prefix every other message uses (`error:`,
  /// not its `Error:`).
  static func usageMessage(for error: any Error) -> String {
    let message = ReactorCommand.fullMessage(for: error)
    return message.hasPrefix("Error: ") ? "error: " + message.dropFirst("Error: ".count) : message
  }
}

/// `--color` values.
enum ColorChoice: String, ExpressibleByArgument, CaseIterable, Sendable { case auto, always, never }

/// `--print`: what Enter prints in the live view.
enum PrintChoice: String, ExpressibleByArgument, CaseIterable, Sendable { case name, url, json }
