import CommandLanguage
import Testing

@testable import Shell

// CommandParser: every verb and alias, and every CommandError with its code and exact message.

/// The features' names as a message lists them.
private let features = commands.featureNames.joined(separator: ", ")

/// The error a line fails with, or nil.
private func parseError(_ line: String) -> CommandError? {
  do {
    _ = try commands.parse(line)
    return nil
  } catch {
    return error
  }
}

@Suite struct CommandParserTests {
  // MARK: - Commands

  @Test(arguments: [
    ("query swift", SessionCommand.query("swift")),
    ("query swift language:swift stars:>1000", .query("swift language:swift stars:>1000")),
    (#"query "swift  language:swift""#, .query("swift  language:swift")),
    ("query", .query("")),
    ("search swift", .query("swift")),
    ("next", .next),
    ("open 3", .open(3)),
    ("open 1", .open(1)),
    ("open 007", .open(7)),
    ("state", .state(nil)),
    ("state search", .state("search")),
    ("help", .help(nil)),
    ("help open", .help("open")),
    ("help search", .help("search")),
    ("quit", .quit),
    ("exit", .quit),
    ("  next   # with a comment", .next),
  ])
  func parses(_ line: String, _ command: SessionCommand) throws {
    #expect(try commands.parse(line) == command)
  }

  @Test(arguments: [
    ("sleep 1.5s", Duration.milliseconds(1500)), ("sleep 250ms", .milliseconds(250)), ("sleep 2s", .seconds(2)),
    ("sleep 2", .seconds(2)), ("sleep 1m", .seconds(60)), ("sleep 0", .zero), ("sleep 60m", .seconds(3600)),
  ])
  func parsesSleep(_ line: String, _ duration: Duration) throws {
    #expect(try commands.parse(line) == .sleep(duration))
  }

  @Test(arguments: ["", "   ", "# just a comment", "\t# tabbed comment"])
  func blankAndCommentLinesAreNoCommand(_ line: String) throws {
    #expect(try commands.parse(line) == nil)
  }

  /// Arguments that these verbs accept, with the command they make (a verb without a builder
  /// does not compile: `build` is a required argument of ``CommandSpec``).
  static let examples: [String: (arguments: String, command: SessionCommand)] = [
    "query": ("swift language:swift", .query("swift language:swift")), "next": ("", .next), "open": ("2", .open(2)),
    "username": ("octocat", .username("octocat")), "password": ("hunter22", .password("hunter22")),
    "repeat": ("hunter22", .repeatPassword("hunter22")), "submit": ("", .submit),
    "signup": ("octocat hunter22 hunter2", .signup(username: "octocat", password: "hunter22", repeat: "hunter2")),
    "refresh": ("", .refresh), "more": ("", .more), "state": ("feed", .state("feed")), "help": ("open", .help("open")),
    "cancel": ("7", .cancel("7")), "engine": ("feedback", .engine("feedback")),
    "sleep": ("1.5s", .sleep(.milliseconds(1500))), "quit": ("", .quit),
    "history": ("search 5", .history(feature: "search", count: 5)), "diff": ("3 7", .diff(from: 3, to: 7)),
    "goto": ("4", .goto(4)), "undo": ("", .undo), "redo": ("", .redo),
    "why": ("search /query", .why(feature: "search", pointer: "/query")),
    "watch": ("feed /items/0", .watch(feature: "feed", pointer: "/items/0")),
    "unwatch": ("signup", .unwatch(feature: "signup", pointer: nil)), "trace": ("on", .trace(true)),
    "sort": ("stars", .sort(.stars)), "order": ("asc", .order(.asc)), "limits": ("", .limits),
  ]

  @Test func everyExampleParsesToItsCommandByEverySpelling() throws {
    // Every verb parses with some arguments (`minimalArgumentsOfEveryVerbParse`); these pin
    // what each of these verbs builds. A new verb needs no entry here.
    #expect(Self.examples.count >= 25)
    #expect(Set(Self.examples.keys).isSubset(of: commands.all.map(\.name)))
    for spec in commands.all {
      guard let example = Self.examples[spec.name] else { continue }
      for verb in [spec.name] + spec.aliases {
        let line = example.arguments.isEmpty ? verb : verb + " " + example.arguments
        #expect(try commands.parse(line) == example.command, "\(line)")
      }
    }
  }

  @Test func everyCommandOfTheTableRoundTrips() throws {
    // The command a spec builds parses back to itself from the line the table's own words make:
    // verb, then the example's arguments; and different verbs build different commands.
    var seen: [SessionCommand] = []
    for spec in commands.all {
      guard let example = Self.examples[spec.name] else { continue }
      let words = try Tokenizer.split(example.arguments)
      let built = try spec.build(CommandArguments(verb: spec.name, words: words))
      #expect(built == example.command, "\(spec.name)")
      #expect(spec.arity.contains(words.count), "\(spec.name)")
      let line = ([spec.name] + words.map(Redaction.quote)).joined(separator: " ")
      #expect(try commands.parse(line) == built, "\(line)")
      #expect(!seen.contains(built), "\(spec.name) builds the same command as another verb")
      seen.append(built)
    }
  }

  @Test func minimalArgumentsOfEveryVerbParse() throws {
    let required = [
      "open": " 1", "sleep": " 1s", "signup": " octocat hunter22 hunter22", "diff": " 1", "goto": " 1",
      "why": " search /query", "watch": " search /query", "trace": " off",
    ]
    for spec in commands.all {
      let arguments = spec.arity.lowerBound > 0 ? required[spec.name, default: " x"] : ""
      for verb in [spec.name] + spec.aliases {
        #expect(try commands.parse(verb + arguments) != nil, "\(verb)")
      }
    }
    #expect(Set(commands.all.map(\.name)).isSuperset(of: ["query", "next", "open", "state", "help", "quit"]))
  }

  @Test func verbsAndAliasesAreUnique() {
    #expect(Set(commands.verbs).count == commands.verbs.count)
  }

  // MARK: - Errors

  @Test func syntaxErrors() {
    let quote = parseError(#"query "swift"#)
    #expect(quote == .syntax(.unterminatedQuote("\""), command: "query"))
    #expect(quote?.code == "syntax-error")
    #expect(quote?.message == "query: unterminated double quote")

    let single = parseError("query 'swift")
    #expect(single?.message == "query: unterminated single quote")

    let backslash = parseError(#"open 3\"#)
    #expect(backslash == .syntax(.trailingBackslash, command: "open"))
    #expect(backslash?.message == "open: the line ends with a lone backslash")
  }

  @Test func syntaxErrorNamesTheVerbEvenWhenTheVerbIsQuoted() {
    // The command is `query`, but the message is built from the raw first word.
    #expect(parseError(#""query swift"#)?.message == "query: unterminated double quote")
  }

  @Test(arguments: [
    ("serch swift", "serch", "search"),
    ("nxt", "nxt", "next"),
    ("qurey swift", "qurey", "query"),
    ("OPNE 3", "OPNE", "open"),
    ("stat", "stat", "state"),
  ])
  func unknownCommandWithSuggestion(_ line: String, _ verb: String, _ suggestion: String) {
    let error = parseError(line)
    #expect(error == .unknownCommand(verb, suggestion: suggestion))
    #expect(error?.code == "unknown-command")
    #expect(error?.message == "unknown command '\(verb)'; did you mean '\(suggestion)'?")
  }

  /// A number too large for any result or change is out of range, as `open 99999` is when there
  /// are fewer results: it is a number, not the wrong kind of argument.
  @Test(arguments: [
    ("open 99999999999999999999", "open: no result 99999999999999999999 (the number is out of range)"),
    ("goto 18446744073709551616", "goto: no change 18446744073709551616 (the number is out of range)"),
    ("diff 1 99999999999999999999999", "diff: no change 99999999999999999999999 (the number is out of range)"),
  ])
  func numbersTooLargeAreOutOfRange(_ line: String, _ message: String) {
    let error = parseError(line)
    #expect(error?.code == "out-of-range")
    #expect(error?.message == message)
  }

  @Test func smallNumbersAndNonNumbersAreStillTheWrongKind() throws {
    #expect(parseError("open 0")?.code == "invalid-argument")
    #expect(parseError("open 000")?.code == "invalid-argument")
    #expect(parseError("open -99999999999999999999")?.code == "invalid-argument")
    #expect(parseError("goto x9")?.code == "invalid-argument")
    #expect(try commands.parse("open 007") == .open(7))
    #expect(try commands.parse("goto 18446744073709551615") == .goto(18_446_744_073_709_551_615))
  }

  @Test func verbsAreCaseInsensitive() throws {
    #expect(try commands.parse("OPEN 3") == .open(3))
    #expect(try commands.parse("Query Swift UI") == .query("Swift UI"), "arguments keep their case")
    #expect(try commands.parse("NEXT") == .next)
    #expect(try commands.parse("Exit") == .quit)
    #expect(try commands.parse("?") == .help(nil), "? is help")
    #expect(try commands.parse("? open") == .help("open"))
  }

  @Test func stateSuggestsAFeature() {
    let error = parseError("state serch")
    #expect(
      error?.message == "state: expected one of \(features), rateLimit, got 'serch'; did you mean 'search'?")
    #expect(parseError("state zzzzzz")?.message == "state: expected one of \(features), rateLimit, got 'zzzzzz'")
  }

  @Test func unknownCommandWithoutSuggestion() {
    let error = parseError("zzz")
    #expect(error == .unknownCommand("zzz", suggestion: nil))
    #expect(error?.message == "unknown command 'zzz'; type 'help' for the list")
  }

  @Test("an unknown command names only its first word, cut short: a quoted line may hold a password")
  func unknownCommandNamesItsFirstWordOnly() {
    #expect(parseError("'signup bob hunter22 hunter22'") == .unknownCommand("signup…", suggestion: "signup"))
    #expect(parseError("\"password hunter22\"")?.message == "unknown command 'password…'; did you mean 'password'?")
    let long = String(repeating: "x", count: 40)
    #expect(parseError(long) == .unknownCommand(String(repeating: "x", count: 24) + "…", suggestion: nil))
    #expect(parseError("help 'password hunter22'") == .unknownCommand("password…", suggestion: "password"))
  }

  @Test("a word of a fixed set suggests the closest; a word two edits from a short verb suggests none")
  func suggestionsForEveryChoice() {
    #expect(
      parseError("why serch /query")?.message
        == "why: expected one of \(features), got 'serch'; did you mean 'search'?")
    #expect(
      parseError("sort stras")?.message
        == "sort: expected one of best, stars, forks, updated, help-wanted-issues, got 'stras'; did you mean 'stars'?")
    #expect(parseError("order ascc")?.message == "order: expected asc or desc, got 'ascc'; did you mean 'asc'?")
    #expect(parseError("trace of")?.message == "trace: expected on or off, got 'of'; did you mean 'off'?")
    #expect(parseError("help nope") == .unknownCommand("nope", suggestion: nil))
  }

  @Test func unknownHelpTopic() {
    #expect(parseError("help serch") == .unknownCommand("serch", suggestion: "search"))
    #expect(parseError("help zzz")?.message == "unknown command 'zzz'; type 'help' for the list")
  }

  @Test func missingArgument() {
    let error = parseError("open")
    #expect(error == .missingArgument(command: "open", expected: "<n>"))
    #expect(error?.code == "missing-argument")
    #expect(error?.message == "open: expected <n>")
  }

  @Test(arguments: [
    ("next 2 3", "next", "3"),
    ("sort stars forks", "sort", "forks"),
    ("limits now", "limits", "now"),
    ("open 1 2", "open", "2"),
    ("state search extra", "state", "extra"),
    ("help open next", "help", "next"),
    ("quit now", "quit", "now"),
    ("exit now", "quit", "now"),
  ])
  func unexpectedArgument(_ line: String, _ command: String, _ argument: String) {
    let error = parseError(line)
    #expect(error == .unexpectedArgument(command: command, argument: argument))
    #expect(error?.code == "unexpected-argument")
    #expect(error?.message == "\(command): unexpected argument '\(argument)'")
  }

  @Test(arguments: ["abc", "0", "-1", "3.5", "", "1e3", "-99999999999999999999999"])
  func invalidResultNumber(_ argument: String) {
    let error = parseError("open '\(argument)'")
    #expect(error == .invalidArgument(command: "open", argument: argument, expected: "a result number (1 or more)"))
    #expect(error?.code == "invalid-argument")
    #expect(error?.message == "open: expected a result number (1 or more), got '\(argument)'")
  }

  @Test(arguments: ["abc", "2h", "61m", "3601", "-1s", "nan", "s", "1.5.2s"])
  func invalidDuration(_ argument: String) {
    let error = parseError("sleep '\(argument)'")
    let expected = "a duration such as 500ms, 2s or 1m (at most 1h)"
    #expect(error == .invalidArgument(command: "sleep", argument: argument, expected: expected))
    #expect(error?.message == "sleep: expected \(expected), got '\(argument)'")
    #expect(parseError("sleep") == .missingArgument(command: "sleep", expected: "<duration>"))
    #expect(parseError("sleep")?.message == "sleep: expected <duration>")
  }

  @Test(arguments: ["0", "-1", "101", "x", "1.5", "al"])
  func invalidPageCount(_ argument: String) {
    let expected = "a number of pages from 1 to 100, or 'all'"
    #expect(
      parseError("next '\(argument)'") == .invalidArgument(command: "next", argument: argument, expected: expected))
  }

  @Test func nextTakesACountOrAll() throws {
    #expect(try commands.parse("next") == .next)
    #expect(try commands.parse("next 1") == .next)
    #expect(try commands.parse("next 3") == .nextPages(3))
    #expect(try commands.parse("next ALL") == .nextPages(Int.max))
    #expect(try commands.parse("sort") == .sort(nil))
    #expect(try commands.parse("sort help-wanted-issues") == .sort(.helpWantedIssues))
    #expect(try commands.parse("order asc") == .order(.asc))
    #expect(
      parseError("sort name")?.message
        == "sort: expected one of best, stars, forks, updated, help-wanted-issues, got 'name'")
    #expect(parseError("order up")?.message == "order: expected asc or desc, got 'up'")
  }

  @Test func invalidFeature() {
    let features = (commands.featureNames + ["rateLimit"]).joined(separator: ", ")
    #expect(commands.featureNames.contains("search"))
    let error = parseError("state nosuch")
    #expect(error == .invalidArgument(command: "state", argument: "nosuch", expected: "one of \(features)"))
    #expect(error?.message == "state: expected one of \(features), got 'nosuch'")
  }
}

// MARK: - A line recalled from history

@Suite("a secret that history replaced by its placeholder is refused, never submitted")
struct RedactedSecretTests {
  @Test(arguments: [
    "signup zz9newbie <redacted> <redacted>", "signup zz9newbie hunter22xx <redacted>", "password <redacted>",
    "repeat <redacted>", "signup zz9newbie '<redacted>' hunter22xx",
  ])
  func refused(_ line: String) {
    let error = parseError(line)
    #expect(error?.code == "redacted-secret")
    #expect(error?.message.contains("type the password again") == true)
  }

  @Test("the placeholder is an ordinary word where no secret is expected")
  func elsewhere() throws {
    #expect(try commands.parse("username <redacted>") == .username("<redacted>"))
    #expect(try commands.parse("query <redacted>") == .query("<redacted>"))
  }

  @Test("what history keeps of a signup is refused when recalled")
  func roundTrip() {
    let kept = commands.forHistory("signup zz9newbie hunter22xx hunter22xx")
    #expect(kept == "signup zz9newbie <redacted> <redacted>")
    #expect(parseError(kept)?.code == "redacted-secret")
  }
}
