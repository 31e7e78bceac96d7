import CommandLanguage
import Foundation
import GitHubClient
import ReactorCore
import ReactorJSON
import Rendering
import Shell
import Testing

// Session end to end: lines in, rendered lines out, with a stub client and a MemorySink.

private func repository(_ number: Int) -> Repository {
  Repository(
    id: number, fullName: "owner/repo\(number)", description: "Repository \(number)", stars: 1000 - number,
    language: "Swift", url: "https://github.com/owner/repo\(number)")
}

/// Two pages of 30 for any query; `boom` fails with an HTTP error.
private let stub = GitHubClient(searchRepositories: { query, page, perPage in
  if query == "boom" { throw GitHubError.http(status: 418, message: "I'm a teapot") }
  let items = (1...perPage).map { repository((page - 1) * perPage + $0) }
  return Page(items: items, page: page, nextPage: page < 2 ? page + 1 : nil, totalCount: 2 * perPage)
})

private func makeSession(_ mode: RenderOptions.Mode = .text) -> (Session, MemorySink) {
  let sink = MemorySink()
  let session = Session(configuration: .init(client: stub, options: RenderOptions(mode: mode), sink: sink))
  return (session, sink)
}

private func parse(_ line: OutputLine) throws -> [String: Any] {
  try #require(try JSONSerialization.jsonObject(with: Data(line.text.utf8)) as? [String: Any], "\(line.text)")
}

@Suite struct SessionTests {
  /// A sleep that has ended is gone: cancelling its tag finds nothing.
  @Test func aFinishedSleepCannotBeCancelled() async {
    let (session, sink) = makeSession(.json)
    for index in 0..<200 {
      #expect(await session.start("sleep 0", tag: .int(index)).finish() == .ok)
    }
    _ = sink.drain()
    for index in [0, 1, 99, 199] {
      #expect(await session.execute("cancel \(index)") == .error)
      #expect(sink.drain().map(\.text).contains { $0.contains("no request '\(index)' is in flight") })
    }
  }

  /// `cancel` reaches a sleep in progress by its tag.
  @Test func aSleepInProgressIsCancelledByItsTag() async {
    let (session, sink) = makeSession(.json)
    let sleeping = session.start("sleep 60", tag: .string("nap"))
    #expect(await session.execute("cancel nap") == .ok)
    #expect(await sleeping.finish() == .cancelled)
    #expect(sink.drain().map(\.text).contains { $0.contains("sleep cancelled") })
  }

  @Test func queryNextOpenAndOutOfRange() async {
    let (session, sink) = makeSession()
    #expect(await session.execute("query swift") == .ok)
    let first = sink.drain()
    #expect(first.prefix(2).map(\.text) == [#"query: "swift""#, "+ 30 repos (1-30) of 60"])
    #expect(first.count == 32)
    #expect(first[2].text.hasPrefix("   1. owner/repo1 "))
    #expect(first[31].text.hasPrefix("  30. owner/repo30 "))

    #expect(await session.execute("next") == .ok)
    let second = sink.drain()
    #expect(second.first?.text == "+ 30 repos (31-60)")
    #expect(second.count == 31)
    #expect(second.last?.text.hasPrefix("  60. owner/repo60 ") == true)

    #expect(await session.execute("open 3") == .ok)
    #expect(sink.drain() == [OutputLine(.out, "https://github.com/owner/repo3")])

    #expect(await session.execute("open 99") == .error)
    #expect(sink.drain().map(\.text) == ["error: open: no result 99; there are 60"])

    #expect(await session.execute("next") == .ok)
    #expect(sink.drain() == [OutputLine(.out, "no more results")])
  }

  @Test func openBeforeAnySearch() async {
    let (session, sink) = makeSession()
    #expect(await session.execute("open 1") == .error)
    #expect(sink.drain().map(\.text) == ["error: open: no result 1; there are no results"])
  }

  @Test func stateInText() async {
    let (session, sink) = makeSession()
    _ = await session.execute("query swift")
    _ = sink.drain()
    #expect(await session.execute("state search") == .ok)
    let lines = sink.drain().map(\.text)
    #expect(lines.first == "search:")
    #expect(lines.dropFirst().first == "  {")
    #expect(lines.last == "  }")
    #expect(lines.contains(#"    "query": "swift","#))
    #expect(lines.contains(#"    "nextPage": 2,"#))
    #expect(lines.contains(#"    "totalCount": 60"#) || lines.contains(#"    "totalCount": 60,"#))
    #expect(lines.contains { $0.contains(#""fullName": "owner/repo30""#) })
  }

  @Test func stateInJSON() async throws {
    let (session, sink) = makeSession(.json)
    _ = await session.execute("query swift")
    _ = await session.execute("next")
    _ = sink.drain()
    #expect(await session.execute("state search") == .ok)
    let lines = sink.drain()
    #expect(lines.count == 1)
    let record = try parse(lines[0])
    #expect(record["type"] as? String == "state")
    #expect(record["feature"] as? String == "search")
    let state = try #require(record["state"] as? [String: Any])
    #expect(state["query"] as? String == "swift")
    #expect((state["repos"] as? [Any])?.count == 60)
    #expect(state["nextPage"] is NSNull)
    #expect(state["lastError"] is NSNull)
  }

  @Test func jsonCommandsProduceRecords() async throws {
    let (session, sink) = makeSession(.json)
    #expect(await session.execute("query swift") == .ok)
    let changes = try sink.drain().map(parse)
    #expect(changes.map { $0["type"] as? String } == ["change", "change"])
    #expect(changes.map { $0["action"] as? String } == ["query", "query"])
    #expect(changes.map { $0["mutation"] as? String } == ["setQuery", "setRepos"])
    #expect(await session.execute("open 2") == .ok)
    #expect(try parse(try #require(sink.drain().first))["url"] as? String == "https://github.com/owner/repo2")
    #expect(await session.execute("serch") == .error)
    let error = try parse(try #require(sink.drain().first))
    #expect(error["type"] as? String == "error" && error["code"] as? String == "unknown-command")
  }

  /// Switching engines resets search; in JSON mode a `change` record says so, so the patches
  /// of the feature, applied in order from its initial state, still give what `state` prints.
  @Test func anEngineSwitchKeepsThePatchInvariant() async throws {
    let (session, sink) = makeSession(.json)
    var document = session.stateJSON("search")
    var lastSeq = 0
    func applyChanges() throws {
      for line in sink.drain() {
        guard let record = line.record, record["type"] == .string("change"), record["feature"] == .string("search")
        else { continue }
        guard case .int(let seq)? = record["seq"], case .array(let operations)? = record["patch"] else {
          Issue.record("a change record without seq or patch: \(line.text)")
          continue
        }
        #expect(seq > lastSeq)
        lastSeq = seq
        for operation in operations {
          guard case .string(let op)? = operation["op"], let kind = PatchOperation.Kind(rawValue: op),
            case .string(let path)? = operation["path"]
          else {
            Issue.record("a malformed operation: \(operation)")
            continue
          }
          try JSONPatch.apply(PatchOperation(op: kind, path: path, value: operation["value"]), to: &document)
        }
      }
    }
    #expect(await session.execute("query swift") == .ok)
    #expect(await session.execute("next") == .ok)
    try applyChanges()
    #expect(document == session.stateJSON("search"))
    #expect(await session.execute("engine feedback") == .ok)
    let switched = sink.lines
    #expect(switched.contains { $0.text.contains(#""action":"engine","feature":"search","mutation":"reset""#) })
    try applyChanges()
    #expect(document == session.stateJSON("search"))
    #expect(await session.execute("query rust") == .ok)
    #expect(await session.execute("engine reactor") == .ok)
    try applyChanges()
    #expect(document == session.stateJSON("search"))
    // Only one search is loaded at a time: the state after a switch is the initial one again.
    guard case .array(let repos)? = document["repos"] else {
      Issue.record("no repos in \(document)")
      return
    }
    #expect(repos.isEmpty)
  }

  @Test func anEngineSwitchInTextModePrintsOnlyTheNotice() async {
    let (session, sink) = makeSession(.text)
    #expect(await session.execute("engine feedback") == .ok)
    #expect(sink.drain().map(\.text) == ["engine: reactor -> feedback (search state reset)"])
  }

  @Test("an engine switch takes a seq in text mode too: both modes number changes alike")
  func anEngineSwitchTakesASeqInEveryMode() async {
    var numbering: [String] = []
    for mode in [RenderOptions.Mode.text, .json] {
      let (session, sink) = makeSession(mode)
      for line in ["query swift", "engine feedback", "query rust", "history"] { _ = await session.execute(line) }
      _ = sink.drain()
      #expect(await session.execute("goto 4") == .ok, "\(mode)")
      // The goto names the change by its seq: the same query in both modes.
      let said = sink.drain().map(\.text).joined(separator: "\n")
      numbering.append(said.contains("query rust") ? "query rust" : said)
      #expect(await session.execute("goto 3") == .error)
      #expect(
        sink.drain().map(\.text).joined().contains(
          "goto: change 3 is the switch to the feedback engine, which started search's history anew"), "\(mode)")
      #expect(await session.execute("goto 1") == .error)
      #expect(
        sink.drain().map(\.text).joined().contains(
          "goto: change 1 was before the switch to the feedback engine (seq 3), which started search's history anew"),
        "\(mode)")
    }
    #expect(numbering == ["query rust", "query rust"])
  }

  @Test func helpListsEveryCommand() async {
    let (session, sink) = makeSession()
    #expect(await session.execute("help") == .ok)
    let lines = sink.drain().map(\.text)
    #expect(lines.first == "commands:")
    for spec in commands.all {
      #expect(lines.contains { $0.hasPrefix("  " + spec.synopsis + " ") }, "\(spec.name)")
    }
    #expect(await session.execute("help open") == .ok)
    #expect(sink.drain().first?.text == "usage: open <n>")
  }

  @Test func quitQuits() async {
    let (session, sink) = makeSession()
    for line in ["quit", "exit"] {
      let execution = session.start(line)
      guard case .quit = execution else {
        Issue.record("\(line) did not quit: \(execution)")
        continue
      }
      #expect(await execution.finish() == .ok)
    }
    #expect(sink.lines.isEmpty)
  }

  @Test func blankLinesAndCommentsDoNothing() async {
    let (session, sink) = makeSession()
    #expect(await session.execute("") == .ok)
    #expect(await session.execute("# nothing to see") == .ok)
    #expect(sink.lines.isEmpty)
  }

  @Test func parseErrorFails() async {
    let (session, sink) = makeSession()
    #expect(await session.execute("serch swift") == .error)
    #expect(sink.drain().map(\.text) == ["error: unknown command 'serch'; did you mean 'search'?"])
    #expect(await session.execute(#"query "swift"#) == .error)
    #expect(sink.drain().map(\.text) == ["error: query: unterminated double quote"])
  }

  @Test func httpErrorFailsOnStandardError() async {
    let (session, sink) = makeSession()
    #expect(await session.execute("query boom") == .error)
    let lines = sink.drain()
    #expect(lines.map(\.stream) == [.out, .err])
    #expect(lines.map(\.text) == [#"query: "boom""#, "error: GitHub answered HTTP 418: I'm a teapot."])
    #expect(lines.filter { $0.stream == .err }.allSatisfy { $0.text.hasPrefix("error: ") })
    #expect(await session.execute("next") == .ok)
    #expect(sink.drain() == [OutputLine(.out, "the last search failed; run 'query' again")])
  }

  @Test func shellLoopStopsAtQuitAndReportsFailures() async {
    let (session, sink) = makeSession()
    let reader = ScriptedLineReader(["query swift", "open 99", "quit", "next"])
    let status = await ShellLoop(session: session, reader: reader, interactive: false).run()
    #expect(status == 1)
    #expect(!sink.lines.contains { $0.text.hasPrefix("+ 30 repos (31-60)") }, "nothing runs after quit")
    let (clean, _) = makeSession()
    #expect(
      await ShellLoop(session: clean, reader: ScriptedLineReader(["query swift", "next"]), interactive: false).run()
        == 0)
  }
}
