import GitHubClient
import ReactorCore
import ReactorJSON
import Rendering
import Shell
import Testing

// The non-interactive read-run loop: where errors say they came from, the exit status of each
// kind of failure, `--bail`, and the messages of item 11 and 12 of issue 22.

private func repository(_ number: Int) -> Repository {
  Repository(
    id: number, fullName: "owner/repo\(number)", description: nil, stars: 10, language: "Swift",
    url: "https://github.com/owner/repo\(number)")
}

/// Forty results in pages of 30 for any query; a few queries fail as GitHub would.
private let client = GitHubClient(searchRepositories: { query, page, perPage in
  switch query {
  case "down": throw GitHubError.server(status: 503, message: nil)
  case "slow": throw GitHubError.timeout(seconds: 30)
  case "badtoken": throw GitHubError.unauthorized("Bad credentials")
  case "limited": throw GitHubError.rateLimited(resetsIn: 30, authenticated: false)
  case "abuse": throw GitHubError.secondaryRateLimited(retryAfter: 60)
  case "invalid": throw GitHubError.validationFailed("bad query")
  default:
    let numbers = Array(((page - 1) * perPage + 1)...min(40, page * perPage))
    return Page(items: numbers.map(repository), page: page, nextPage: page < 2 ? 2 : nil, totalCount: 40)
  }
})

private struct Harness {
  let memory = MemorySink()
  let failures: LocatingSink
  let session: Session

  init(_ mode: RenderOptions.Mode = .text) {
    let options = RenderOptions(mode: mode)
    failures = LocatingSink(base: memory, records: Records(options: options))
    session = Session(configuration: .init(client: client, options: options, sink: failures))
  }

  func run(_ lines: [String], source: ShellLoop.Source = .standardInput, bail: Bool = false) async
    -> ShellLoop.Outcome
  {
    var loop = ShellLoop(session: session, reader: ScriptedLineReader(lines), interactive: false)
    loop.source = source
    loop.bail = bail
    loop.failures = failures
    return await loop.runLines()
  }

  var errors: [String] { memory.lines.filter { $0.stream == .err }.map(\.text) }
}

@Suite struct ShellLoopTests {
  @Test func errorsNameTheInputLine() async {
    let harness = Harness()
    let outcome = await harness.run(["query swift", "", "opne 2", "# comment", "query down"])
    #expect(
      harness.errors == [
        "error: line 3: unknown command 'opne'; did you mean 'open'?",
        "error: line 5: GitHub had a server error (HTTP 503); try again later.",
      ])
    #expect(outcome.failure == .gitHubFailed, "the last failed command decides")
  }

  @Test func errorsOfAFileNameTheFileAndLine() async {
    let harness = Harness()
    _ = await harness.run(["query swift", "open 99"], source: .file("cmds.txt"))
    #expect(harness.errors == ["cmds.txt:2: error: open: no result 99; 30 of 40 results are loaded; 'next' loads more"])
  }

  @Test func commandsGivenAsArgumentsNameThemselves() async {
    let harness = Harness()
    _ = await harness.run(["opne 2"], source: .argument(1))
    #expect(harness.errors == ["error: unknown command 'opne'; did you mean 'open'?"])
  }

  @Test("the NDJSON error of a -c command says which -c it was")
  func commandsGivenAsArgumentsAreNumberedInNDJSON() async throws {
    let harness = Harness(.json)
    _ = await harness.run(["opne 2"], source: .argument(3))
    let errors = harness.memory.lines.compactMap(\.record).filter { $0["type"] == .string("error") }
    #expect(errors.map { $0["command"] } == [.int(3)])
    #expect(errors.allSatisfy { $0["line"] == nil })
  }

  @Test func everyNDJSONErrorHasItsLine() async throws {
    let harness = Harness(.json)
    _ = await harness.run(["query slow", "submit", "state serch"], source: .file("x.txt"))
    let errors = harness.memory.lines.compactMap(\.record).filter { $0["type"] == .string("error") }
    #expect(errors.map { $0["line"] } == [.int(1), .int(2), .int(3)])
    #expect(errors.allSatisfy { $0["file"] == .string("x.txt") })
    #expect(errors.map { $0["code"] } == [.string("timeout"), .string("submit-refused"), .string("invalid-argument")])
  }

  @Test(arguments: [
    ("opne 2", Shell.ExitStatus.commandFailed), ("open 99", .commandFailed), ("query invalid", .commandFailed),
    ("submit", .commandFailed), ("query down", .gitHubFailed), ("query slow", .gitHubFailed),
    ("query badtoken", .authentication), ("query limited", .rateLimited), ("query abuse", .rateLimited),
    ("query swift", nil),
  ])
  func eachFailureHasItsStatus(_ line: String, _ status: Shell.ExitStatus?) async {
    let outcome = await Harness().run([line])
    #expect(outcome.failure == status)
  }

  @Test func theLastFailureDecidesAndBailStopsAtTheFirst() async {
    #expect(await Harness().run(["query limited", "opne", "query swift"]).failure == .commandFailed)
    #expect(await Harness().run(["opne", "query limited", "query swift"]).failure == .rateLimited)
    let harness = Harness()
    let outcome = await harness.run(["query swift", "query badtoken", "opne", "next"], bail: true)
    #expect(outcome == ShellLoop.Outcome(failure: .authentication, stopped: true))
    #expect(harness.errors.count == 1, "nothing runs after the first failure")
    #expect(!harness.memory.lines.contains { $0.text.hasPrefix("+ 10 repos (31-40)") })
  }

  @Test func anInteractiveSessionEndsWithZeroWhateverFailed() async {
    let harness = Harness()
    let loop = ShellLoop(
      session: harness.session, reader: ScriptedLineReader(["opne", "query down"]), interactive: false)
    #expect(await loop.run() == 1, "without a ledger every failure is 1")
    let interactive = ShellLoop(
      session: harness.session, reader: ScriptedLineReader(["opne", "quit"]), interactive: true)
    #expect(await interactive.run() == 0)
  }

  /// A Ctrl-C that comes while a line is taken in (told to the recorder) and started lands after
  /// the start: it was recorded as interrupting the command but cancelled nothing before it, and
  /// the recording did not replay.
  @Test func aControlCWhileALineIsTakenInCancelsTheCommandItStarts() async {
    let harness = Harness()
    let told = Locked(false)
    var loop = ShellLoop(
      session: harness.session, reader: ScriptedLineReader(["sleep 30"]), interactive: true,
      onInput: { _ in
        kill(getpid(), SIGINT)
        // Time for a handler that does not wait for the start to cancel before it; the loop's
        // waits, so this passes the same either way for the loop that is right.
        let deadline = ContinuousClock.now + .milliseconds(200)
        while !told.withLock({ $0 }) && ContinuousClock.now < deadline { usleep(1000) }
      })
    loop.onInterrupt = { told.withLock { $0 = true } }
    _ = await loop.runLines()
    #expect(told.withLock { $0 })
    // Cancelled, not run to its end (which prints nothing).
    #expect(harness.memory.lines.map(\.text) == ["sleep cancelled"])
  }

  @Test func aRefusedSubmitIsAnErrorWithACode() async {
    let harness = Harness(.json)
    let outcome = await harness.run(["username bad!", "submit"])
    #expect(outcome.failure == .commandFailed)
    let records = harness.memory.lines.compactMap(\.record)
    #expect(!records.contains { $0["type"] == .string("info") }, "not an info record on standard output")
    let error = records.first { $0["type"] == .string("error") }
    #expect(error?["code"] == .string("submit-refused"))
    #expect(
      error?["message"]
        == .string(
          "cannot submit: username can only contain letters and numbers; password is empty; password is not repeated"))
  }

  @Test func pagingMessagesTellTheTruth() async {
    let harness = Harness()
    _ = await harness.run(["query swift", "open 35", "next", "open 41", "next"])
    let texts = harness.memory.lines.map(\.text)
    #expect(texts.contains("error: line 2: open: no result 35; 30 of 40 results are loaded; 'next' loads more"))
    #expect(texts.contains("error: line 4: open: no result 41; there are 40"))
    #expect(texts.last == "no more results")
    #expect(!texts.contains { $0.contains("1,000") || $0.contains("no further") })
  }

  @Test func switchingToTheRunningEngineKeepsTheResults() async {
    let harness = Harness()
    _ = await harness.run(["query swift", "engine reactor", "open 3"])
    let texts = harness.memory.lines.map(\.text)
    #expect(texts.contains("engine: reactor already runs search (results kept)"))
    #expect(texts.last == "https://github.com/owner/repo3")
  }
}

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct InvalidUTF8Tests {
  /// The daemon's rule on a pipe too: a line that is not UTF-8 is an error naming its line,
  /// and it does not run (before, its bytes became U+FFFD and the line ran).
  @Test func aLineThatIsNotUTF8IsRefusedWithItsLine() async throws {
    var descriptors: [Int32] = [0, 0]
    #expect(pipe(&descriptors) == 0)
    let bytes: [UInt8] =
      Array("state search\n".utf8) + [0x68, 0x65, 0x6C, 0x70, 0x20, 0xFF, 0x0A] + Array("next\n".utf8)
    #expect(write(descriptors[1], bytes, bytes.count) == bytes.count)
    close(descriptors[1])
    let harness = Harness(.json)
    var loop = ShellLoop(
      session: harness.session, reader: PipeLineReader(descriptor: descriptors[0]), interactive: false)
    loop.failures = harness.failures
    let outcome = await loop.runLines()
    #expect(outcome.failure == .commandFailed)
    let errors = harness.memory.lines.compactMap(\.record).filter { $0["type"] == .string("error") }
    #expect(errors.count == 1)
    #expect(errors.first?["code"] == .string("invalid-utf8"))
    #expect(errors.first?["line"] == .int(2))
    #expect(!harness.memory.lines.contains { $0.record?["type"] == .string("help") }, "the line did not run")
  }
}

@Suite struct LocatingSinkCostTests {
  /// A change record is written straight to text and its object built only on demand: the
  /// sink that looks for errors must not build it (that would cost every change of a search).
  @Test func changeRecordsAreNeverBuilt() {
    let built = Locked(0)
    let writer = JSONWriter(capacity: 16)
    let change = OutputLine(
      record: writer,
      deferred: {
        built.withLock { $0 += 1 }
        return ["type": .string("change")]
      }, tag: InputLocation.tag(line: 1, file: nil))
    let memory = MemorySink()
    LocatingSink(base: memory, records: Records(options: RenderOptions(mode: .json))).write([change])
    #expect(built.withLock { $0 } == 0)
    #expect(memory.lines.count == 1)
  }
}
