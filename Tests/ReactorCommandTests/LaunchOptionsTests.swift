import ArgumentParser
import ReactorCore
import TestSupport
import Testing

@testable import reactor

/// The flags of `reactor` are declared once, in `LaunchFlag.all`; `LaunchOptions.fastParse` and
/// ArgumentParser (`ReactorCommand`, which shows it each entry's `@Option` or `@Flag`) are made
/// from the table. These tests hold every entry to what it says, and the two parsers to the same
/// result wherever the fast one answers.
@Suite struct LaunchOptionsTests {
  /// What ArgumentParser makes of `arguments` (with the command words split off first, as
  /// `main` does): the root command's options, or nil when it fails or picks a subcommand.
  static func viaArgumentParser(_ arguments: [String]) -> LaunchOptions? {
    // As `main` does: a bare --wait-on-rate-limit gets its default value first.
    (try? ReactorCommand.launchOptions(LaunchOptions.expandingOptionalValues(arguments)))?.0
  }

  /// The message of ArgumentParser's error for `arguments`, without its usage lines.
  static func errorViaArgumentParser(_ arguments: [String]) -> String? {
    do {
      _ = try ReactorCommand.launchOptions(LaunchOptions.expandingOptionalValues(arguments))
      return nil
    } catch {
      return Main.usageMessage(for: error).split(separator: "\n").first.map(String.init)
    }
  }

  /// One use of each flag, and what it sets. A flag declared without an example here fails
  /// `everyFlagHasAnExample`.
  static let examples: [String: (arguments: [String], expected: @Sendable (inout LaunchOptions) -> Void)] = [
    "offline": (["--offline"], { $0.offline = true }),
    "json": (["--json"], { $0.json = true }),
    "daemon": (["--daemon"], { $0.daemon = true }),
    "drain-timeout": (["--drain-timeout", "1m"], { $0.drainTimeout = 60 }),
    "api-url": (["--api-url", "http://127.0.0.1:8080/api"], { $0.apiURL = "http://127.0.0.1:8080/api" }),
    "timeout": (["--timeout=12.5"], { $0.timeout = 12.5 }),
    "color": (["--color", "never"], { $0.color = .never }),
    "engine": (["--engine=feedback"], { $0.features["engine"] = "feedback" }),
    "record": (["--record", "s.t"], { $0.record = "s.t" }),
    "force": (["--record", "s.t", "--force"], { ($0.record, $0.force) = ("s.t", true) }),
    "seed": (["--seed", "18446744073709551615"], { $0.seed = .max }),
    "signup-failure-rate": (["--signup-failure-rate", "0"], { $0.features["signup-failure-rate"] = "0" }),
    "signup-latency": (["--signup-latency", "250ms"], { $0.features["signup-latency"] = "250ms" }),
    "history-limit": (["--history-limit", "0"], { $0.historyLimit = 0 }),
    "throttle": (["--throttle", "1s"], { $0.throttle = 1 }),
    "print": (["--print", "url"], { $0.print = .url }),
    "json-log": (["--json-log", "changes.ndjson"], { $0.jsonLog = "changes.ndjson" }),
    "multi": (["--multi"], { $0.multi = true }),
    "preview": (["--preview"], { $0.preview = true }),
    "wait-on-rate-limit": (["--wait-on-rate-limit"], { $0.waitOnRateLimit = 60 }),
    "no-cache": (["--no-cache"], { $0.noCache = true }),
    "sort": (["--sort", "help-wanted-issues"], { $0.features["sort"] = "help-wanted-issues" }),
    "order": (["--order", "asc"], { $0.features["order"] = "asc" }),
    "command": (
      ["-c", "query swift", "--command=next"], { $0.scripts = [.command("query swift"), .command("next")] }
    ),
    "file": (["--file", "a.txt", "-f", "b.txt"], { $0.scripts = [.file("a.txt"), .file("b.txt")] }),
    "bail": (["-c", "next", "--bail"], { ($0.scripts, $0.bail) = ([.command("next")], true) }),
  ]

  /// Each flag's example sets what it says, and nothing else, through both parsers: the entry
  /// sets the field it names, and ArgumentParser's view of it agrees.
  @Test func everyFlagHasAnExample() throws {
    #expect(Set(Self.examples.keys) == Set(LaunchFlag.all.map(\.name)), "add an example for each new flag")
    for flag in LaunchFlag.all {
      guard let example = Self.examples[flag.name] else { continue }
      var expected = LaunchOptions()
      example.expected(&expected)
      #expect(expected != .defaults, "--\(flag.name)'s example must change something")
      #expect(LaunchOptions.fastParse(example.arguments) == expected, "--\(flag.name): \(example.arguments)")
      #expect(Self.viaArgumentParser(example.arguments) == expected, "--\(flag.name): \(example.arguments)")
    }
  }

  @Test func namesAreUniqueAndLeaveArgumentParsersOwn() {
    let names = LaunchFlag.all.map(\.name)
    #expect(Set(names).count == names.count)
    #expect(Set(names).isDisjoint(with: ["help", "version", "generate-completion-script", "experimental-dump-help"]))
    let shorts = LaunchFlag.all.compactMap(\.short)
    #expect(Set(shorts).count == shorts.count && !shorts.contains("h"))
    #expect(Set(LaunchFlag.all.map(\.key)).count == names.count)
    #expect(LaunchFlag.key("signup-failure-rate") == "signupFailureRate" && LaunchFlag.key("json") == "json")
  }

  /// ArgumentParser's help lists exactly the table's flags (and its own two), in the table's
  /// order, each with its short name and value: ArgumentParser sees what the table declares.
  @Test func argumentParserShowsTheTable() {
    let help = ReactorCommand.helpMessage(columns: 10_000)
    let listed = help.split(separator: "\n").filter { $0.hasPrefix("  -") }.map { $0.dropFirst(2) }
    let spelled = LaunchFlag.all.map { flag in
      (flag.short.map { "-\($0), " } ?? "") + "--\(flag.name)" + (flag.valueName.map { " <\($0)>" } ?? "")
    }
    #expect(listed.count == spelled.count + 2, "\(listed)")
    for (line, spelling) in zip(listed, spelled) {
      // A long one has its help on the next line.
      #expect(line == spelling || line.hasPrefix(spelling + " "), "\(line)")
    }
    #expect(listed.suffix(2).map { $0.prefix { $0 != " " } } == ["--version", "-h,"])
  }

  /// The flag ArgumentParser names in an error is the one the table's check named.
  @Test func checksAreTheSameErrorsThroughArgumentParser() {
    for (arguments, message) in [
      (["--timeout", "0"], "--timeout must be more than 0 and at most 600 seconds, got 0"),
      (["--drain-timeout", "3601"], "--drain-timeout must be from 0 to 3600 seconds, got 3601"),
      (["--signup-failure-rate", "1.5"], "--signup-failure-rate expects a number from 0 to 1, got '1.5'"),
      (
        ["--signup-latency", "60.5"],
        "--signup-latency expects a duration from 0 to 60 seconds, such as 1.5s, got '60.5'"
      ),
      (["--engine", "bogus"], "--engine expects reactor or feedback, got 'bogus'"),
      (["--history-limit", "-3"], "--history-limit must be 0 (off) or more, got -3"),
      (["--force"], "--force only applies to --record and --json-log"),
      (["--wait-on-rate-limit=2h"], "--wait-on-rate-limit must be between 0 and 3600 seconds"),
      (["--wait-on-rate-limit=soon"], "--wait-on-rate-limit expects seconds such as 60, 90s or 2m, got 'soon'"),
      (["--seed", "-1"], "The value '-1' is invalid for '--seed <n>'"),
      (
        ["--color", "sometimes"],
        "The value 'sometimes' is invalid for '--color <when>'. Please provide one of 'auto', 'always' or 'never'."
      ),
    ] {
      #expect(LaunchOptions.fastParse(arguments) == nil, "\(arguments)")
      #expect(Self.errorViaArgumentParser(arguments) == "error: " + message, "\(arguments)")
    }
  }

  /// A feature's setting that is no transcript directive cannot be recorded: its replay would
  /// send other requests.
  @Test func recordRefusesSettingsWithoutDirective() {
    var options = LaunchOptions()
    options.record = "s.t"
    options.features["engine"] = "feedback"
    #expect(Self.message(options) == nil)
    options.features["sort"] = "stars"
    #expect(
      Self.message(options)
        == "--record cannot be combined with --sort: a transcript has no directive for it; set it in the session instead"
    )
    options.waitOnRateLimit = 60
    #expect(
      Self.message(options)
        == "--record cannot be combined with --sort, --wait-on-rate-limit: a transcript has no directive for them; set them in the session instead"
    )
  }

  @Test func rangeMessagesNameTheRangeAndTheValue() {
    var options = LaunchOptions()
    options.timeout = 0
    #expect(throws: ValidationError.self) { try options.validate() }
    #expect(Self.message(options) == "--timeout must be more than 0 and at most 600 seconds, got 0")
    options = LaunchOptions()
    options.drainTimeout = 3601
    #expect(Self.message(options) == "--drain-timeout must be from 0 to 3600 seconds, got 3601")
    options = LaunchOptions()
    options.features["signup-latency"] = "60.5"
    #expect(
      Self.message(options) == "--signup-latency expects a duration from 0 to 60 seconds, such as 1.5s, got '60.5'")
    // Two wrong flags: the first in the table's (and --help's) order is named.
    options.timeout = 0
    #expect(Self.message(options) == "--timeout must be more than 0 and at most 600 seconds, got 0")
  }

  static func message(_ options: LaunchOptions) -> String? {
    do {
      try options.validate()
      return nil
    } catch {
      return error.message
    }
  }

  @Test func anOptionalValueIsInlineOrItsDefault() throws {
    #expect(LaunchOptions.expandingOptionalValues(["--wait-on-rate-limit", "x"]) == ["--wait-on-rate-limit=60", "x"])
    #expect(LaunchOptions.expandingOptionalValues(["--wait-on-rate-limit=5"]) == ["--wait-on-rate-limit=5"])
    #expect(LaunchOptions.fastParse(["--wait-on-rate-limit=2m"])?.waitOnRateLimit == 120)
    // `5` is a command word, not the value.
    #expect(LaunchOptions.fastParse(["--wait-on-rate-limit", "5"])?.words == ["5"])
    #expect(Main.helpMessage(for: CleanExit.helpRequest(ReactorCommand.self)).contains("--wait-on-rate-limit[=<max>]"))
  }

  static let accepted: [[String]] = [
    [],
    ["--daemon", "--offline", "--drain-timeout", "5"],
    ["--json", "--api-url", "http://127.0.0.1:8080/api", "--timeout=12.5"],
    ["--color=always", "--engine=reactor", "--seed=42"],
    ["--record", "session.t", "--offline", "--signup-failure-rate", "0", "--signup-latency", "0.25"],
    ["--signup-failure-rate=1", "--signup-latency=60", "--drain-timeout=3600", "--timeout=600"],
    ["--api-url=https://example.com/api/v3?x=a=b"],
    ["--wait-on-rate-limit", "--no-cache", "--sort", "stars", "--order", "asc"],
    ["--wait-on-rate-limit=90s", "--offline"],
    ["--offline", "query", "language:go", "stars:>1000"],
    ["query", "swift", "--json"],
    ["help"], ["--offline", "help", "next"],
  ]

  @Test(arguments: accepted)
  func agreesWithArgumentParser(_ arguments: [String]) throws {
    let fast = try #require(LaunchOptions.fastParse(arguments))
    #expect(fast == Self.viaArgumentParser(arguments))
  }

  /// `-c` and `-f` keep the order they were given in, in every spelling.
  @Test func keepsTheOrderOfCommandsAndFiles() throws {
    let arguments = ["-c", "query swift", "--file", "a.txt", "--command=next", "-f=b.txt", "-c=c", "--timeout", "5s"]
    let expected: [LaunchOptions.Script] = [
      .command("query swift"), .file("a.txt"), .command("next"), .file("b.txt"), .command("c"),
    ]
    #expect(LaunchOptions.fastParse(arguments)?.scripts == expected)
    #expect(Self.viaArgumentParser(arguments)?.scripts == expected)
    // Through ArgumentParser (a repeated flag is not the fast path's), in the same order.
    let repeating = ["--json"] + arguments + ["--json"]
    #expect(LaunchOptions.fastParse(repeating) == nil)
    #expect(Self.viaArgumentParser(repeating)?.scripts == expected)
  }

  /// Help, subcommands, unknown or bundled names, repeats, malformed or invalid values:
  /// ArgumentParser's.
  static let refused: [[String]] = [
    ["--help"], ["-h"], ["--version", "--json"], ["replay", "a.t"],
    ["--engine", "feedback", "replay", "a.t"],
    ["-"], ["--"], ["--", "--json"], ["--=x"], ["-=x"], ["--jsonx"], ["--json=true"], ["--json", "--json"],
    ["--timeout"], ["--timeout", "--json"], ["--timeout", "-1"], ["--timeout", ""], ["--timeout="],
    ["--timeout", "soon"],
    ["--timeout", "0"], ["--timeout", "601"], ["--timeout", "nan"], ["--signup-failure-rate", "1.5"],
    ["--signup-latency", "61"], ["--drain-timeout", "3601"], ["--seed", "-1"], ["--seed", "1.5"],
    ["--seed", "18446744073709551616"], ["--color", "sometimes"], ["--engine", "rx"], ["--daemon", "--record", "x.t"],
    ["--api-url", "-x"], ["--timeout", "5", "--timeout", "6"], ["--offline", "replay", "a.t"],
    ["--force"], ["--force=yes", "--record", "x.t"], ["--record", "x.t", "--force", "--force"],
    ["--", "query", "-x"], ["-c"], ["-c", "-f"], ["-c", ""], ["-cf", "x"], ["-cnext"], ["--timeout", "5 s"],
    ["--timeout", "1d"], ["--wait-on-rate-limit=soon"], ["--wait-on-rate-limit=2h"],
  ]

  @Test(arguments: refused)
  func leavesTheRestToArgumentParser(_ arguments: [String]) {
    #expect(LaunchOptions.fastParse(arguments) == nil)
  }

  /// Random argument lists from the table's names, its examples' values and junk: whenever the
  /// fast path accepts one, ArgumentParser gives the same options.
  @Test func randomArgumentListsAgree() {
    let names =
      LaunchFlag.all.map { "--" + $0.name } + LaunchFlag.all.compactMap { $0.short.map { "-\($0)" } } + [
        "--help", "--nope", "replay", "-h", "query", "help", "--", "-",
      ]
    let values =
      Array(Set(Self.examples.values.flatMap(\.arguments).filter { !$0.hasPrefix("-") })).sorted() + [
        "0", "1", "5", "0.5", "30", "600", "601", "-3", "1e2", "inf", "nan", "+4", "0x10", " 5", "always", "auto",
        "reactor", "x.t", "", "=", "--json", "5s", "1m", "2h", "1x", "next", "-c", "stars", "desc",
      ]
    // Seeded, so a failure reproduces.
    let generator = SeededGenerator(seed: 0x5EED)
    var accepted = 0
    let lists = SanitizerRun.cases(4_000)
    for _ in 0..<lists {
      var arguments: [String] = []
      for _ in 0..<Int(generator.next() % 5) {
        let name = names[Int(generator.next() % UInt64(names.count))]
        switch generator.next() % 3 {
        case 0: arguments.append(name)
        case 1: arguments += [name, values[Int(generator.next() % UInt64(values.count))]]
        default: arguments.append(name + "=" + values[Int(generator.next() % UInt64(values.count))])
        }
      }
      guard let fast = LaunchOptions.fastParse(arguments) else { continue }
      accepted += 1
      #expect(fast == Self.viaArgumentParser(arguments), "\(arguments)")
    }
    // The vocabulary makes valid lists common enough for the check to mean something.
    #expect(accepted > lists * 3 / 40)
  }
}

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct EnvironmentLookupTests {
  @Test func readsTheProcessEnvironment() {
    setenv("REACTOR_LAUNCH_TEST", "value with spaces", 1)
    #expect(LaunchOptions.environment("REACTOR_LAUNCH_TEST") == "value with spaces")
    setenv("REACTOR_LAUNCH_TEST", "", 1)
    #expect(LaunchOptions.environment("REACTOR_LAUNCH_TEST") == "")
    unsetenv("REACTOR_LAUNCH_TEST")
    #expect(LaunchOptions.environment("REACTOR_LAUNCH_TEST") == nil)
  }
}

/// What a shell's Tab offers for the command words (the completion scripts ask the binary).
@Suite struct CommandWordCompletionTests {
  @Test(arguments: [
    (["reactor", "qu"], 1, "qu", ["query", "quit"]),
    (["reactor", "--offline", "re"], 2, "re", ["redo", "refresh", "repeat", "replay"]),
    (["reactor", "--color", "never", "sort", "st"], 4, "st", ["stars"]),
    (["reactor", "-c", "next", "ne"], 3, "ne", ["next"]),
    (["reactor", "why", "search", "/q"], 3, "/q", ["/query"]),
    (["reactor", "--", "he"], 2, "he", ["help"]),
  ])
  func theREPLsCandidates(_ line: [String], _ index: Int, _ prefix: String, _ expected: [String]) {
    #expect(LaunchOptions.completions(line, index, prefix) == expected)
  }

  @Test(arguments: [
    (["reactor", "replay", ""], 2, ""),
    (["reactor", "--offline", "replay", "--up"], 3, "--up"),
    (["reactor", "query", "swift", ""], 3, ""),
    (["reactor", "sort", "stars", ""], 3, ""),
    (["reactor", "re"], 5, "re"),
    (["reactor"], 0, ""),
  ])
  func nothingWhereNoWordIsTaken(_ line: [String], _ index: Int, _ prefix: String) {
    #expect(LaunchOptions.completions(line, index, prefix) == [])
  }

  @Test func replayIsOfferedOnlyAsTheFirstWord() {
    #expect(LaunchOptions.completions(["reactor", ""], 1, "").contains("replay"))
    #expect(!LaunchOptions.completions(["reactor", "help", ""], 2, "").contains("replay"))
  }
}
