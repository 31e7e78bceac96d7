import ArgumentParser
import ReactorCore
import Testing

@testable import reactor

/// `LaunchOptions.fastParse` answers common invocations without ArgumentParser; whatever it
/// accepts, ArgumentParser must accept with the same result.
@Suite struct LaunchOptionsTests {
  /// What ArgumentParser makes of `arguments` (with the command words split off first, as
  /// `main` does): the root command's options, or nil when it fails or picks a subcommand.
  static func viaArgumentParser(_ arguments: [String]) -> LaunchOptions? {
    // As `main` does: a bare --wait-on-rate-limit gets its default value first.
    (try? ReactorCommand.launchOptions(LaunchOptions.expandingOptionalValues(arguments)))?.0
  }

  static let accepted: [[String]] = [
    [],
    ["--daemon"],
    ["--offline"],
    ["--offline", "--json"],
    ["--daemon", "--offline", "--drain-timeout", "5"],
    ["--json", "--api-url", "http://127.0.0.1:8080/api", "--timeout=12.5"],
    ["--color", "never", "--engine", "feedback", "--seed", "42"],
    ["--color=always", "--engine=reactor", "--seed=18446744073709551615"],
    ["--record", "session.t", "--offline", "--signup-failure-rate", "0", "--signup-latency", "0.25"],
    ["--signup-failure-rate=1", "--signup-latency=60", "--drain-timeout=3600", "--timeout=600"],
    ["--api-url=https://example.com/api/v3?x=a=b"],
    ["--record", "s.t", "--force", "--offline"],
    ["--wait-on-rate-limit", "--no-cache", "--sort", "stars", "--order", "asc"],
    ["--wait-on-rate-limit=2m", "--sort=help-wanted-issues", "--order=desc"],
    ["--wait-on-rate-limit=90s", "--offline"],
    ["--offline", "extra"],
    ["--offline", "query", "language:go", "stars:>1000"],
    ["query", "swift", "--json"],
    ["--timeout", "5s", "--drain-timeout=1m", "--signup-latency", "250ms"],
    ["-c", "query swift", "-f", "a.txt", "--command", "next", "--file=b.txt", "--bail"],
    ["help"], ["--offline", "help", "next"],
  ]

  @Test func theLiveAPIFlags() throws {
    let options = try #require(LaunchOptions.fastParse(["--wait-on-rate-limit", "--no-cache", "--sort", "forks"]))
    #expect(options.waitOnRateLimit == 60)
    #expect(options.noCache)
    #expect(options.sort == .forks && options.order == nil)
    #expect(LaunchOptions.fastParse(["--wait-on-rate-limit=2m"])?.waitOnRateLimit == 120)
    #expect(LaunchOptions.defaults.waitOnRateLimit == nil && !LaunchOptions.defaults.noCache)
    for refused in [
      ["--wait-on-rate-limit=2h"], ["--wait-on-rate-limit=soon"], ["--sort", "name"], ["--order", "up"],
    ] {
      #expect(LaunchOptions.fastParse(refused) == nil, "\(refused)")
      #expect(Self.viaArgumentParser(refused) == nil, "\(refused)")
    }
  }

  @Test(arguments: accepted)
  func agreesWithArgumentParser(_ arguments: [String]) throws {
    let fast = try #require(LaunchOptions.fastParse(arguments))
    #expect(fast == Self.viaArgumentParser(arguments))
  }

  @Test func readsEveryValue() throws {
    let options = try #require(
      LaunchOptions.fastParse([
        "--offline", "--json", "--daemon", "--drain-timeout", "7", "--api-url", "http://h/", "--timeout", "9",
        "--color", "never", "--engine", "feedback", "--seed", "3", "--signup-failure-rate", "0.5",
        "--signup-latency", "2",
      ]))
    #expect(
      options
        == LaunchOptions(
          offline: true, json: true, daemon: true, drainTimeout: 7, apiURL: "http://h/", timeout: 9, color: .never,
          engine: .feedback, record: nil, seed: 3, signupFailureRate: 0.5, signupLatency: 2))
    #expect(LaunchOptions.fastParse([]) == .defaults)
    #expect(Self.viaArgumentParser([]) == .defaults)
  }

  /// Help, subcommands, short names, repeats, malformed or invalid values: ArgumentParser's.
  static let refused: [[String]] = [
    ["--help"], ["-h"], ["--version", "--json"], ["replay", "a.t"],
    ["--engine", "feedback", "replay", "a.t"],
    ["-"], ["--"], ["--", "--json"], ["--=x"], ["--jsonx"], ["--json=true"], ["--json", "--json"],
    ["--timeout"], ["--timeout", "--json"], ["--timeout", "-1"], ["--timeout", ""], ["--timeout="],
    ["--timeout", "soon"],
    ["--timeout", "0"], ["--timeout", "601"], ["--timeout", "nan"], ["--signup-failure-rate", "1.5"],
    ["--signup-latency", "61"], ["--drain-timeout", "3601"], ["--seed", "-1"], ["--seed", "1.5"],
    ["--seed", "18446744073709551616"], ["--color", "sometimes"], ["--engine", "rx"], ["--daemon", "--record", "x.t"],
    ["--api-url", "-x"], ["--timeout", "5", "--timeout", "6"], ["--offline", "replay", "a.t"],
    ["--force"], ["--force=yes", "--record", "x.t"], ["--record", "x.t", "--force", "--force"],
    ["--", "query", "-x"], ["-c"], ["-c", "-f"], ["--timeout", "5 s"], ["--timeout", "1d"],
  ]

  @Test func keepsTheOrderOfCommandsAndFilesAndTakesDurations() throws {
    let arguments = ["-c", "query swift", "--file", "a.txt", "--command=next", "-f", "b.txt", "--timeout", "5s"]
    let fast = try #require(LaunchOptions.fastParse(arguments))
    #expect(fast.scripts == [.command("query swift"), .file("a.txt"), .command("next"), .file("b.txt")])
    #expect(fast.timeout == 5)
    #expect(Self.viaArgumentParser(arguments) == fast)
    #expect(LaunchOptions.fastParse(["--signup-latency", "250ms"])?.signupLatency == 0.25)
    #expect(LaunchOptions.fastParse(["--drain-timeout", "1m"])?.drainTimeout == 60)
    #expect(Self.viaArgumentParser(["--timeout", "2m"])?.timeout == 120)
  }

  @Test func rangeMessagesNameTheRangeAndTheValue() {
    var options = LaunchOptions()
    options.timeout = 0
    #expect(throws: ValidationError.self) { try options.validate() }
    #expect(
      (try? options.validate()) == nil
        && Self.message(options) == "--timeout must be more than 0 and at most 600 seconds, got 0")
    options = LaunchOptions()
    options.drainTimeout = 3601
    #expect(Self.message(options) == "--drain-timeout must be from 0 to 3600 seconds, got 3601")
    options = LaunchOptions()
    options.signupLatency = 60.5
    #expect(Self.message(options) == "--signup-latency must be from 0 to 60 seconds, got 60.5")
  }

  static func message(_ options: LaunchOptions) -> String? {
    do {
      try options.validate()
      return nil
    } catch {
      return error.message
    }
  }

  @Test(arguments: refused)
  func leavesTheRestToArgumentParser(_ arguments: [String]) {
    #expect(LaunchOptions.fastParse(arguments) == nil)
  }

  /// Random argument lists from a vocabulary of names, values and junk: whenever the fast path
  /// accepts one, ArgumentParser gives the same options.
  @Test func randomArgumentListsAgree() {
    let names = [
      "--offline", "--json", "--daemon", "--drain-timeout", "--api-url", "--timeout", "--color", "--engine", "--record",
      "--seed", "--signup-failure-rate", "--signup-latency", "--help", "--nope", "replay", "-h", "--force", "-c", "-f",
      "--command", "--file", "--bail", "query", "help",
    ]
    let values = [
      "0", "1", "5", "0.5", "30", "600", "601", "-3", "1e2", "inf", "nan", "+4", "0x10", " 5", "never", "always",
      "auto",
      "feedback", "reactor", "x.t", "http://127.0.0.1:1/", "", "=", "--json", "5s", "250ms", "1m", "2h", "1x",
      "next", "-c",
    ]
    // Seeded, so a failure reproduces.
    let generator = SeededGenerator(seed: 0x5EED)
    var accepted = 0
    for _ in 0..<4_000 {
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
    #expect(accepted > 300)
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
