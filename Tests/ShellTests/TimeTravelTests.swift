import Foundation
import GitHubClient
import ReactorCore
import ReactorJSON
import Rendering
import SearchFeature
import Shell
import Testing

// Time travel through a session: history, diff, goto, undo, redo, why, watch; the NDJSON
// patch stream still adds up to the state across every jump.

private func repository(_ number: Int) -> Repository {
  Repository(
    id: number, fullName: "owner/repo\(number)", description: "Repository \(number)", stars: 1000 - number,
    language: "Swift", url: "https://github.com/owner/repo\(number)")
}

/// Three pages of 30 for any query (numbered by the query's length, so two queries differ);
/// `hang` never answers until cancelled.
private let stub = GitHubClient(
  searchRepositories: { query, page, perPage in
    if query == "hang" { try await Task.sleep(for: .seconds(3600)) }
    let base = query.count * 1000
    let items = (1...perPage).map { repository(base + (page - 1) * perPage + $0) }
    return Page(items: items, page: page, nextPage: page < 3 ? page + 1 : nil, totalCount: 3 * perPage)
  },
  userExists: { login in login == "taken" },
  events: { page, perPage, _ in
    let items = (1...perPage).map {
      Event(id: "\(page)-\($0)", type: "PushEvent", actor: "octocat", repository: "o/r", createdAt: 0)
    }
    return .page(Page(items: items, page: page, nextPage: page < 2 ? page + 1 : nil), etag: nil)
  })

private func makeSession(
  _ mode: RenderOptions.Mode = .json, engine: SearchEffectStyle = .reactor, limit: Int = Session.defaultHistoryLimit
) -> (Session, MemorySink) {
  let sink = MemorySink()
  let session = Session(
    configuration: .init(
      client: stub, options: RenderOptions(mode: mode), sink: sink, signupLatency: .zero, engine: engine,
      historyLimit: limit))
  return (session, sink)
}

/// Applies every `change` record's patch to its feature's document, as a consumer of the
/// NDJSON stream would, starting from each feature's initial state.
private final class PatchFollower {
  var documents: [String: JSONValue]
  var lastSeq = 0

  init(_ session: Session) {
    documents = Dictionary(uniqueKeysWithValues: ["search", "signup", "feed"].map { ($0, session.stateJSON($0)) })
  }

  func follow(_ lines: [OutputLine]) throws {
    for line in lines {
      guard let record = line.record, record["type"] == .string("change"),
        case .string(let feature)? = record["feature"], case .int(let seq)? = record["seq"],
        case .array(let operations)? = record["patch"]
      else { continue }
      #expect(seq > lastSeq)
      lastSeq = seq
      for operation in operations {
        guard case .string(let op)? = operation["op"], let kind = PatchOperation.Kind(rawValue: op),
          case .string(let path)? = operation["path"]
        else {
          Issue.record("a malformed operation: \(operation)")
          continue
        }
        try JSONPatch.apply(
          PatchOperation(op: kind, path: path, value: operation["value"]), to: &documents[feature, default: .null])
      }
    }
  }
}

private func records(_ lines: [OutputLine], type: String) -> [JSONObject] {
  lines.compactMap(\.record).filter { $0["type"] == .string(type) }
}

@Suite struct TimeTravelTests {
  /// The NDJSON invariant across goto, undo and redo: the patches of every feature, applied in
  /// order, give exactly what `state` prints, after every command.
  @Test(arguments: SearchEffectStyle.allCases)
  func thePatchStreamAddsUpAcrossJumps(_ engine: SearchEffectStyle) async throws {
    let (session, sink) = makeSession(engine: engine)
    let follower = PatchFollower(session)
    let script = [
      "query swift", "next", "next", "query rust", "undo", "undo", "redo", "goto 2", "next", "redo", "undo",
      "username taken", "password hunter22", "repeat hunter22", "undo", "redo", "username free", "goto 12",
      "refresh", "more", "undo", "query go", "undo", "undo", "redo", "redo",
    ]
    for line in script {
      _ = await session.execute(line)
      try follower.follow(sink.drain())
      for feature in ["search", "signup", "feed"] {
        #expect(follower.documents[feature] == session.stateJSON(feature), "\(feature) after '\(line)'")
      }
    }
    #expect(follower.lastSeq > 20)
  }

  /// `undo` after a query brings the previous query and its results back; `redo` returns.
  @Test func undoIsTheBackButton() async throws {
    let (session, sink) = makeSession()
    for line in ["query swift", "next"] { #expect(await session.execute(line) == .ok) }
    let before = session.stateJSON("search")
    #expect(await session.execute("query rust") == .ok)
    let after = session.stateJSON("search")
    _ = sink.drain()
    #expect(await session.execute("undo") == .ok)
    #expect(session.stateJSON("search") == before)
    let lines = sink.drain()
    #expect(records(lines, type: "info").first?["message"] == .string("undo: query rust"))
    let change = try #require(records(lines, type: "change").first)
    #expect(change["mutation"] == .string("restore"))
    #expect(change["action"] == .string("goto"))
    #expect(await session.execute("redo") == .ok)
    #expect(session.stateJSON("search") == after)
    // Back twice: before `next`, then before the first query (the initial state).
    #expect(await session.execute("undo") == .ok)
    #expect(await session.execute("undo") == .ok)
    guard case .array(let repos)? = session.stateJSON("search")["repos"] else {
      Issue.record("no repos")
      return
    }
    #expect(repos.count == 30)
    #expect(await session.execute("undo") == .ok)
    #expect(session.stateJSON("search")["query"] == .null)
    _ = sink.drain()
    #expect(await session.execute("undo") == .error)
    #expect(records(sink.drain(), type: "error").first?["code"] == .string("nothing-to-undo"))
  }

  /// A new command after an undo ends redo, and says so.
  @Test func aNewCommandEndsRedo() async throws {
    let (session, sink) = makeSession()
    for line in ["query swift", "query rust", "undo", "next"] { #expect(await session.execute(line) == .ok) }
    _ = sink.drain()
    #expect(await session.execute("redo") == .error)
    let error = try #require(records(sink.drain(), type: "error").first)
    #expect(error["code"] == .string("nothing-to-redo"))
    // Undo still steps back over the new command, then over the undone query's predecessor.
    #expect(await session.execute("undo") == .ok)
    #expect(session.stateJSON("search")["query"] == .string("swift"))
  }

  /// A jump cancels the feature's work in flight: the hanging search never lands, and the
  /// restored state is idle.
  @Test(arguments: SearchEffectStyle.allCases)
  func aJumpCancelsWorkInFlight(_ engine: SearchEffectStyle) async throws {
    let (session, _) = makeSession(engine: engine)
    #expect(await session.execute("query swift") == .ok)
    let hanging = session.start("query hang")
    #expect(session.stateJSON("search")["isLoading"] == .bool(true))
    #expect(await session.execute("undo") == .ok)
    #expect(await hanging.finish() == .cancelled)
    #expect(session.stateJSON("search")["query"] == .string("swift"))
    #expect(session.stateJSON("search")["isLoading"] == .bool(false))
  }

  /// `goto` to a loading state brings it back idle, since its load was cancelled.
  @Test func gotoALoadingStateRestoresItIdle() async throws {
    let (session, sink) = makeSession()
    #expect(await session.execute("query swift") == .ok)
    #expect(await session.execute("goto 1") == .ok)
    let state = session.stateJSON("search")
    #expect(state["query"] == .string("swift"))
    #expect(state["isLoading"] == .bool(false))
    _ = sink.drain()
    #expect(await session.execute("goto 99") == .error)
    #expect(records(sink.drain(), type: "error").first?["code"] == .string("out-of-range"))
  }

  /// Two changes of different features have no states in common to compare: `diff` says so,
  /// either way round, rather than comparing one feature's states or finding no changes.
  @Test func diffRefusesChangesOfTwoFeatures() async {
    let (session, sink) = makeSession(.text)
    for line in ["query swift", "username octocat"] { #expect(await session.execute(line) == .ok) }
    _ = sink.drain()
    // The search's two changes, then the username check's.
    let (search, signup) = (2, 3)
    #expect(await session.execute("diff \(search) \(signup)") == .error)
    #expect(
      sink.drain().map(\.text).joined().contains(
        "diff: change \(search) is search's and change \(signup) is signup's; diff compares two states of one feature"))
    #expect(await session.execute("diff \(signup) \(search)") == .error)
    #expect(sink.drain().map(\.text).joined().contains("change \(signup) is signup's and change \(search) is search's"))
  }

  /// `history` lists the changes with their lines and touched paths; `diff` and `why` read them.
  @Test func historyDiffAndWhy() async throws {
    let (session, sink) = makeSession()
    for line in ["query swift", "next", "query rust"] { #expect(await session.execute(line) == .ok) }
    _ = sink.drain()
    #expect(await session.execute("history search 3") == .ok)
    let entries = records(sink.drain(), type: "history")
    #expect(entries.count == 3)
    #expect(entries.first?["command"] == .string("next"))
    let touched = try #require(entries.first { $0["mutation"] == .string("appendRepos") }?["touched"])
    #expect(touched.jsonText.contains(#"{"from":30,"op":"add","path":"/repos","to":59}"#))

    #expect(await session.execute("diff 2 4") == .ok)
    let diff = try #require(records(sink.drain(), type: "diff").first)
    guard case .array(let operations)? = diff["patch"] else {
      Issue.record("no patch in \(diff)")
      return
    }
    #expect(operations.count > 30)

    #expect(await session.execute("why search /query") == .ok)
    let why = try #require(records(sink.drain(), type: "why").first)
    #expect(why["seq"] == .int(5))
    #expect(why["before"] == .string("swift"))
    #expect(why["value"] == .string("rust"))
    #expect(why["command"] == .string("query rust"))

    // A value below a field that exists may not yet: its last change is none since the start.
    #expect(await session.execute("why search /repos/99/stars") == .ok)
    #expect(records(sink.drain(), type: "why").first?["since"] == .int(0))
    // A pointer that names no field of the state is refused, with the fields it has.
    #expect(await session.execute("why search /nope/x") == .error)
    let refused = try #require(records(sink.drain(), type: "error").first)
    #expect(refused["code"] == .string("invalid-argument"))
    guard case .string(let message)? = refused["message"] else { throw TimeTravelFailure("no message") }
    #expect(message.hasPrefix("why: search has no field '/nope/x'; its fields are /query,"), "\(message)")
    #expect(await session.execute("watch signup /nope") == .error)
    #expect(records(sink.drain(), type: "error").first?["code"] == .string("invalid-argument"))
    #expect(await session.execute("why search query") == .error)
    #expect(records(sink.drain(), type: "error").first?["code"] == .string("invalid-argument"))
  }

  /// The diff of two states, applied as a patch to the first, gives the second.
  @Test func aDiffLeadsFromOneStateToTheOther() async throws {
    let (session, sink) = makeSession()
    for line in ["query swift", "next", "next", "query go", "next"] { _ = await session.execute(line) }
    let follower = PatchFollower(session)
    var states: [Int: JSONValue] = [:]
    follower.documents["search"] = session.stateJSON("search")
    _ = sink.drain()
    for seq in [2, 4, 6] {
      #expect(await session.execute("goto \(seq)") == .ok)
      states[seq] = session.stateJSON("search")
    }
    _ = sink.drain()
    for (from, to) in [(2, 4), (6, 2), (4, 6)] {
      #expect(await session.execute("diff \(from) \(to)") == .ok)
      let diff = try #require(records(sink.drain(), type: "diff").first)
      guard case .array(let operations)? = diff["patch"] else { continue }
      var document = try #require(states[from])
      for operation in operations {
        guard case .string(let op)? = operation["op"], let kind = PatchOperation.Kind(rawValue: op),
          case .string(let path)? = operation["path"]
        else { continue }
        try JSONPatch.apply(PatchOperation(op: kind, path: path, value: operation["value"]), to: &document)
      }
      #expect(document == states[to], "diff \(from) \(to)")
    }
  }

  /// Watches report old and new values, only when the value changes, until unwatched.
  @Test func watchesReportChanges() async throws {
    let (session, sink) = makeSession(limit: 0)
    #expect(await session.execute("watch search /query") == .ok)
    #expect(await session.execute("watch search /repos/31/id") == .ok)
    _ = sink.drain()
    #expect(await session.execute("query swift") == .ok)
    var watches = records(sink.drain(), type: "watch")
    #expect(watches.count == 1)
    #expect(watches.first?["old"] == .null)
    #expect(watches.first?["new"] == .string("swift"))
    #expect(await session.execute("next") == .ok)
    watches = records(sink.drain(), type: "watch")
    #expect(watches.map { $0["path"] } == [.string("/repos/31/id")])
    #expect(watches.first?["new"] == .int(5032))
    #expect(await session.execute("query swift") == .ok)
    // The same query again: /query does not change; the results do.
    watches = records(sink.drain(), type: "watch")
    #expect(watches.map { $0["path"] } == [.string("/repos/31/id")])
    #expect(await session.execute("unwatch search /query") == .ok)
    #expect(await session.execute("unwatch search /query") == .error)
    #expect(await session.execute("unwatch") == .ok)
    #expect(await session.execute("unwatch") == .error)
    _ = sink.drain()
    #expect(await session.execute("query rust") == .ok)
    #expect(records(sink.drain(), type: "watch").isEmpty)
  }

  /// With --history-limit 0 the history commands say history is off.
  @Test(arguments: ["history", "diff 1", "goto 1", "undo", "redo", "why search /query"])
  func historyOff(_ line: String) async throws {
    let (session, sink) = makeSession(limit: 0)
    _ = await session.execute("query swift")
    _ = sink.drain()
    #expect(await session.execute(line) == .error)
    #expect(records(sink.drain(), type: "error").first?["code"] == .string("history-off"))
  }

  /// Past the limit the oldest changes go; every kept change can still be returned to, and
  /// the dropped ones are refused with a message that says so.
  @Test(arguments: SearchEffectStyle.allCases)
  func theLimitDropsTheOldestAndKeepsTheRestReachable(_ engine: SearchEffectStyle) async throws {
    let (session, sink) = makeSession(engine: engine, limit: 5)
    var states: [Int: JSONValue] = [:]
    var seq = 0
    for line in ["query swift", "next", "next", "query rust", "next", "query go"] {
      _ = await session.execute(line)
      for record in records(sink.drain(), type: "change") {
        if case .int(let number)? = record["seq"] { seq = number }
      }
      states[seq] = session.stateJSON("search")
    }
    #expect(await session.execute("history") == .ok)
    let entries = records(sink.drain(), type: "history")
    #expect(entries.count == 5)
    #expect(entries.first?["seq"] == .int(seq - 4))
    #expect(await session.execute("goto \(seq - 5)") == .error)
    #expect(sink.drain().first?.text.contains("was dropped") == true)
    // Oldest first: each jump is a change too, and drops the oldest kept one.
    for (kept, state) in states.sorted(by: { $0.key < $1.key }) where kept > seq - 5 {
      #expect(await session.execute("goto \(kept)") == .ok)
      #expect(session.stateJSON("search") == state, "goto \(kept)")
    }
  }

  /// An undo (or redo) past the limit says so before it says anything else, and uses nothing up:
  /// the next undo tries the same line, and a redo still puts back the last one undone.
  @Test(arguments: SearchEffectStyle.allCases)
  func anUndoPastTheLimitIsRefusedWholeAndUsesNothingUp(_ engine: SearchEffectStyle) async throws {
    let (session, sink) = makeSession(.text, engine: engine, limit: 3)
    for line in ["query swift", "query zig", "query rust"] { _ = await session.execute(line) }
    #expect(await session.execute("undo") == .ok)
    _ = sink.drain()
    for _ in 0..<2 {
      #expect(await session.execute("undo") == .error)
      let lines = sink.drain()
      #expect(lines.map(\.stream) == [.err], "no 'undo: query zig' before the error: \(lines.map(\.text))")
      #expect(
        lines.first?.text.hasPrefix("error: undo: cannot take back 'query zig': search's state before it (seq ") == true
      )
      #expect(lines.first?.text.hasSuffix(") was dropped (--history-limit)") == true)
    }
    #expect(session.stateJSON("search")["query"] == .string("zig"))
    #expect(await session.execute("redo") == .ok)
    #expect(sink.drain().first?.text == "redo: query rust")
    #expect(session.stateJSON("search")["query"] == .string("rust"))
  }

  /// Text mode: the history table and a diff read as the README shows them.
  @Test func textModeLines() async throws {
    let (session, sink) = makeSession(.text)
    for line in ["query swift", "next"] { _ = await session.execute(line) }
    _ = sink.drain()
    #expect(await session.execute("history 2") == .ok)
    #expect(
      sink.drain().map(\.text) == [
        "seq  feature  command  mutation            changed",
        "  3  search   next     setLoadingNextPage  /isLoadingNextPage",
        "  4  search   next     appendRepos         /repos/30..59 added, /nextPage,",
        "                                           /isLoadingNextPage",
      ])
    #expect(await session.execute("diff 2") == .ok)
    #expect(sink.drain().map(\.text) == ["diff search 2 -> now:", "  /nextPage: 2 -> 3", "  /repos/30..59 added"])
    #expect(await session.execute("undo") == .ok)
    #expect(sink.drain().prefix(2).map(\.text) == ["undo: next", "restored: query \"swift\", 30 repos"])
  }

  /// `trace on`: effect records for a start, an end, and a cancellation by the newer query;
  /// none while off.
  @Test(arguments: SearchEffectStyle.allCases)
  func traceReportsEffects(_ engine: SearchEffectStyle) async throws {
    let (session, sink) = makeSession(engine: engine)
    #expect(await session.execute("query swift") == .ok)
    #expect(records(sink.drain(), type: "effect").isEmpty)
    #expect(await session.execute("trace on") == .ok)
    let hanging = session.start("query hang")
    #expect(await session.execute("query rust") == .ok)
    _ = await hanging.finish()
    let effects = records(sink.drain(), type: "effect")
    // On the shared pool the cancelled task may report after the new one ended: no order.
    #expect(
      effects.compactMap { $0["event"]?.jsonText }.sorted() == [#""cancel""#, #""end""#, #""start""#, #""start""#])
    let cancel = try #require(effects.first { $0["event"] == .string("cancel") })
    #expect(cancel["cancelledBy"] == .string("query rust"))
    #expect(cancel["effectId"] == .string("search"))
    #expect(cancel["seq"] == .int(3))
    #expect(await session.execute("trace off") == .ok)
    #expect(await session.execute("next") == .ok)
    #expect(records(sink.drain(), type: "effect").isEmpty)
    #expect(await session.execute("trace maybe") == .error)
  }

  /// Each effect record is tagged with the request that started the effect, also when another
  /// request cancels it.
  @Test(arguments: SearchEffectStyle.allCases)
  func traceRecordsCarryTheStartingRequestsTag(_ engine: SearchEffectStyle) async throws {
    let (session, sink) = makeSession(engine: engine)
    #expect(await session.execute("trace on") == .ok)
    let hanging = session.start("query hang", tag: .string("a"))
    #expect(await session.start("query rust", tag: .string("b")).finish() == .ok)
    _ = await hanging.finish()
    let effects = sink.drain().filter { $0.record?["type"] == .string("effect") }
    let tagged = effects.map { ($0.record?["event"]?.jsonText ?? "", $0.tag) }
    #expect(tagged.filter { $0.0 == #""cancel""# }.map(\.1) == [.string("a")])
    #expect(tagged.filter { $0.0 == #""end""# }.map(\.1) == [.string("b")])
    #expect(tagged.filter { $0.0 == #""start""# }.compactMap { $0.1?.jsonText }.sorted() == [#""a""#, #""b""#])
  }

  /// A jump cancels the feature's work and says so in the trace.
  @Test func traceNamesTheJumpThatCancelled() async throws {
    let (session, sink) = makeSession()
    #expect(await session.execute("query swift") == .ok)
    #expect(await session.execute("trace on") == .ok)
    let hanging = session.start("query hang")
    #expect(await session.execute("undo") == .ok)
    _ = await hanging.finish()
    let cancel = try #require(records(sink.drain(), type: "effect").first { $0["event"] == .string("cancel") })
    #expect(cancel["cancelledBy"] == .string("undo"))
  }

  /// Passwords never reach history, why, or a jump's output.
  @Test func historyNeverShowsAPassword() async throws {
    let (session, sink) = makeSession(.text)
    for line in ["password hunter22", "repeat hunter22", "history", "why signup /passwordValid", "undo", "redo"] {
      _ = await session.execute(line)
    }
    let text = sink.drain().map(\.text).joined(separator: "\n")
    #expect(!text.contains("hunter22"))
    #expect(text.contains("password <redacted>"))
    #expect(text.contains("undo: repeat <redacted>"))
  }
}

struct TimeTravelFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
