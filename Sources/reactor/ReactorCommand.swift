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
    usage: """
      reactor [<options>] [--] [<command> [<argument> ...]]
      reactor [<options>] [-c <line> ...] [-f <file> ...] [--bail]
      reactor replay [--engine <engine>] [--update] <file> ...
      """,
    discussion: """
      Each line is a command (type 'help' for the list). On a terminal, reactor edits lines with \
      history and completion; on pipes it reads commands from standard input and prints one \
      diff per state change. Words after the options are one command, run before reactor exits \
      (reactor --offline query swift); -c and -f run commands and files of commands in the order \
      given. 'reactor replay --help' describes the replay of transcripts. Set GH_TOKEN (or \
      GITHUB_TOKEN) for a higher rate limit. Exit status: 0 success, 1 a \
      command failed, 2 usage error, 3 GitHub or network failure, 4 authentication failure, \
      5 rate limited, 130 interrupted.
      """,
    version: version,
    subcommands: [ReplayCommand.self])

  @Flag(help: "Serve the built-in offline sample instead of GitHub (no network, sample data).")
  var offline = LaunchOptions.defaults.offline

  @Flag(help: "Print NDJSON records (one JSON object per line) instead of text.")
  var json = LaunchOptions.defaults.json

  @Flag(help: "Serve NDJSON requests on standard input, many in flight at once (see DAEMON MODE in reactor(1)).")
  var daemon = LaunchOptions.defaults.daemon

  @Option(
    name: .customLong("drain-timeout"),
    help: ArgumentHelp(
      "With --daemon: how long in-flight requests may take to finish after end of input or SIGTERM (500ms, 30s, 1m; a bare number is seconds).",
      valueName: "duration"))
  var drainTimeout = Seconds(LaunchOptions.defaults.drainTimeout)

  @Option(
    name: .customLong("api-url"),
    help: ArgumentHelp("The GitHub API root (default: $GITHUB_API_URL, then https://api.github.com).", valueName: "url")
  )
  var apiURL: String?

  @Option(
    help: ArgumentHelp(
      "How long to wait for GitHub before giving up (5s, 1m; a bare number is seconds).", valueName: "duration"))
  var timeout = Seconds(LaunchOptions.defaults.timeout)

  @Option(help: ArgumentHelp("When to use colour: auto, always or never.", valueName: "when"))
  var color = LaunchOptions.defaults.color

  @Option(
    help: ArgumentHelp(
      "The search engine: reactor (ReactorKit style, the default) or feedback (RxFeedback style). With replay: every transcript runs on it, whatever its %engine says.",
      valueName: "engine"))
  var engine: EngineChoice?

  @Option(
    help: ArgumentHelp(
      "Record the session as a transcript in <file>, with its HTTP cassette beside it as <file>.cassette.json.",
      valueName: "file"))
  var record: String?

  @Option(help: ArgumentHelp("Seed for everything random in the session (default: from the time).", valueName: "n"))
  var seed: UInt64?

  @Option(
    name: .customLong("signup-failure-rate"),
    help: ArgumentHelp("How often the simulated signup service fails, from 0 to 1.", valueName: "rate"))
  var signupFailureRate = LaunchOptions.defaults.signupFailureRate

  @Option(
    name: .customLong("signup-latency"),
    help: ArgumentHelp(
      "How long the simulated signup service takes (250ms, 1.5s; a bare number is seconds).", valueName: "duration"))
  var signupLatency = Seconds(LaunchOptions.defaults.signupLatency)

  @Option(
    name: [.customShort("c"), .customLong("command")],
    help: ArgumentHelp("Run one command line, then exit; repeatable, run in order with -f.", valueName: "line"))
  var command: [String] = []

  @Option(
    name: [.customShort("f"), .customLong("file")],
    help: ArgumentHelp(
      "Run the commands in <file>, one a line, then exit; errors say <file>:<line>. Repeatable.", valueName: "file"))
  var file: [String] = []

  @Flag(help: "Stop at the first command that fails, and exit with its status.")
  var bail = LaunchOptions.defaults.bail

  /// The values parsed, for ``LaunchOptions/run()``; `-f` files before `-c` lines when the
  /// order they were given in is not known (see ``options(arguments:)``).
  var options: LaunchOptions {
    LaunchOptions(
      offline: offline, json: json, daemon: daemon, drainTimeout: drainTimeout.value, apiURL: apiURL,
      timeout: timeout.value, color: color, engine: engine, record: record, seed: seed,
      signupFailureRate: signupFailureRate, signupLatency: signupLatency.value,
      scripts: file.map(LaunchOptions.Script.file) + command.map(LaunchOptions.Script.command), bail: bail)
  }

  /// The values parsed from `arguments`, with `-c` and `-f` in the order `arguments` gives
  /// them (ArgumentParser keeps each option's values in order, not the two options' order).
  func options(arguments: [String]) -> LaunchOptions {
    var options = options
    var kinds: [Bool] = []  // true: -c, false: -f
    var rest = arguments[...]
    while let argument = rest.popFirst(), argument != "--" {
      let isCommand = ["-c", "--command"].contains(argument) || argument.hasPrefix("--command=")
      let isFile = ["-f", "--file"].contains(argument) || argument.hasPrefix("--file=")
      if isCommand || isFile { kinds.append(isCommand) }
      // Skip a separate value, so a `-c` that is some option's value is not counted.
      if argument.hasPrefix("-"), !argument.contains("="), !Self.flags.contains(argument) { _ = rest.popFirst() }
    }
    guard kinds.filter({ $0 }).count == command.count, kinds.filter({ !$0 }).count == file.count else {
      return options
    }
    var commands = command.makeIterator()
    var files = file.makeIterator()
    options.scripts = kinds.map { $0 ? .command(commands.next()!) : .file(files.next()!) }
    return options
  }

  /// The options without a value.
  static let flags: Set<String> = ["--offline", "--json", "--daemon", "--bail"]

  func validate() throws { try options.validate() }

  func run() async throws { try await options(arguments: Array(CommandLine.arguments.dropFirst())).run() }

  /// What `arguments` ask for: the root's options with the command words (which
  /// ArgumentParser never sees: a positional argument on the root would take `replay` as a
  /// word), or nil with `subcommand` set when they name `replay`.
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

/// `reactor replay`: replays transcripts with virtual time and recorded HTTP.
struct ReplayCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "replay",
    abstract: "Replay recorded transcripts and compare their output byte for byte.",
    discussion: """
      Prints 'ok' or 'FAIL' (with a unified diff) for each file, then 'N passed, M failed'. \
      Replays use the transcript's cassette and a virtual clock: no network, no real time, \
      no history file. The format is described in reactor-transcript(5).
      """,
    // Not listed under SUBCOMMANDS, whose footer would send readers to `reactor help
    // <subcommand>`: `help` is the command language's. The usage names `replay` instead.
    shouldDisplay: false)

  @Flag(help: "Rewrite each transcript's expected output with the actual output, and say what changed.")
  var update = false

  @Option(
    help: ArgumentHelp(
      "Run every transcript on this search engine (reactor or feedback), whatever its %engine says.",
      valueName: "engine"))
  var engine: EngineChoice?

  /// `reactor --engine feedback replay x.t` still works: the parent's `--engine` is the default.
  @ParentCommand var root: ReactorCommand

  /// The parent's other options mean nothing to a replay: refused, not silently ignored.
  func validate() throws {
    var given = root.options
    given.engine = nil
    guard given == .defaults else {
      throw ValidationError("replay takes --engine and --update only; give other options to a session, not a replay")
    }
  }

  @Argument(help: ArgumentHelp("Transcript files.", valueName: "file"))
  var files: [String]

  func run() async throws {
    let engine = (engine ?? root.engine)?.kind
    let runner = TranscriptRunner(makeClient: Self.replayClient) { configuration in
      if let engine { configuration.engine = engine }
    }
    let replayer = Replayer(runner: runner) { text in FileHandle.standardOutput.write(Data(text.utf8)) }
    let status = await replayer.run(paths: files, update: update)
    if status != 0 { throw ExitCode(status) }
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

/// Usage errors exit with status 2, as documented; help and version with 0.
@main
enum Main {
  static func main() async {
    // `reactor --version` alone answers before any flag parser.
    if CommandLine.arguments.dropFirst() == ["--version"] {
      print(ReactorCommand.version)
      return
    }
    do {
      // The common invocations (long flags and options only) skip ArgumentParser too.
      if let options = LaunchOptions.fastParse(CommandLine.arguments.dropFirst()) {
        try await options.run()
        return
      }
      let (options, subcommand) = try ReactorCommand.launchOptions(Array(CommandLine.arguments.dropFirst()))
      if let options {
        try await options.run()
        return
      }
      guard var command = subcommand else { return }
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
      FileHandle.standardError.write(Data((usageMessage(for: error) + "\n").utf8))
      exit(ExitStatus.usage.rawValue)
    }
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

/// `--engine` values; the flag parser's view of ``SearchEngineKind``.
enum EngineChoice: String, ExpressibleByArgument, CaseIterable, Sendable {
  case reactor, feedback
  var kind: SearchEngineKind { SearchEngineKind(rawValue: rawValue)! }
}
