import FeatureKit
import FeatureList
import GitHubClient
import LiveTerminal
import ReactorCore
import Rendering
import SearchFeature
import Shell
import Testing

// The live search View on the session's stores, on both engines: its throttle on the times it is
// given, stale searches cancelled and never drawn, and the scroll rule's one load at a time.

private func repository(_ id: Int, _ name: String) -> Repository {
  Repository(
    id: id, fullName: "owner/\(name)\(id)", description: nil, stars: 100, language: "Swift",
    url: "https://github.com/owner/\(name)\(id)")
}

/// A live search View on a session whose effects run on `executor`, at `time`.
private func liveSearch(
  _ client: GitHubClient, engine: SearchEffectStyle, throttle: Duration, executor: ManualExecutor,
  time: TimeSource = .system, multi: Bool = false, preview: Bool = false,
  changed: @escaping @Sendable (String?) -> Void = { _ in }
) -> SearchLiveView {
  var configuration = Session.Configuration(
    client: client, features: Features.all, options: RenderOptions(mode: .json), sink: MemorySink(), time: time,
    executor: executor)
  configuration.settings["engine"] = engine.rawValue
  let session = Session(configuration: configuration)
  let host = session.host(forFeature: "search")!
  let budgets = client.rateLimits
  let context = LiveContext(
    throttle: throttle, multi: multi, preview: preview,
    budget: { resource in budgets().first { $0.resource == resource } })
  return SearchLiveView(host: host, context: context, changed: changed)
}

private func type(_ text: String, into view: SearchLiveView, at now: Duration) {
  for character in text { _ = view.handle(.text(String(character)), at: now) }
}

@Suite struct LiveViewSearchTests {
  @Test(
    "the first change goes at once, then the latest at most every interval; a return to what was sent is dropped",
    arguments: SearchEffectStyle.allCases)
  func throttle(engine: SearchEffectStyle) {
    let queries = Locked<[String]>([])
    let client = GitHubClient(searchRepositories: { query, page, _ in
      queries.withLock { $0.append(query) }
      return Page(items: [repository(1, query)], page: page, nextPage: nil, totalCount: 1)
    })
    let executor = ManualExecutor()
    let view = liveSearch(client, engine: engine, throttle: .milliseconds(300), executor: executor)
    type("s", into: view, at: .zero)
    _ = executor.runUntilIdle()
    #expect(queries.withLock { $0 } == ["s"])
    type("w", into: view, at: .milliseconds(100))
    type("i", into: view, at: .milliseconds(200))
    #expect(view.deadline == .milliseconds(300))
    view.tick(at: .milliseconds(299))
    _ = executor.runUntilIdle()
    #expect(queries.withLock { $0 } == ["s"])
    view.tick(at: .milliseconds(300))
    _ = executor.runUntilIdle()
    #expect(queries.withLock { $0 } == ["s", "swi"])
    // Back and forth to what was sent: nothing waits, nothing is sent.
    _ = view.handle(.backspace, at: .milliseconds(310))
    type("i", into: view, at: .milliseconds(320))
    #expect(view.deadline == nil)
    view.tick(at: .milliseconds(700))
    _ = executor.runUntilIdle()
    #expect(queries.withLock { $0 } == ["s", "swi"])
  }

  @Test(
    "a newer query cancels the search in flight: the stale one is never drawn, and the status says so",
    arguments: SearchEffectStyle.allCases)
  func cancellation(engine: SearchEffectStyle) {
    let clock = VirtualClock()
    let client = GitHubClient(searchRepositories: { query, page, _ in
      // rust answers late, if ever; the rest at once.
      if query == "rust" { try await clock.sleep(for: .seconds(1)) }
      return Page(items: [repository(1, query)], page: page, nextPage: nil, totalCount: 1)
    })
    let executor = ManualExecutor()
    let view = liveSearch(client, engine: engine, throttle: .zero, executor: executor)
    type("rust", into: view, at: .zero)
    _ = executor.runUntilIdle()
    _ = view.handle(.control("u"), at: .milliseconds(10))
    let cleared = view.frame(width: 80, height: 10, at: .milliseconds(10)).lines.map(\.text)
    #expect(cleared.last?.contains("cancelled: rust") == true, "\(cleared)")
    type("go", into: view, at: .milliseconds(20))
    _ = executor.runUntilIdle()
    clock.advance(by: .seconds(2))
    _ = executor.runUntilIdle()
    let lines = view.frame(width: 80, height: 10, at: .seconds(2)).lines.map(\.text)
    #expect(lines.contains { $0.contains("owner/go1") }, "\(lines)")
    #expect(!lines.contains { $0.contains("owner/rust") }, "\(lines)")
  }

  @Test("paging to the end loads the next page once, however many keys ask", arguments: SearchEffectStyle.allCases)
  func scrollToLoad(engine: SearchEffectStyle) {
    let pages = Locked<[Int]>([])
    let client = GitHubClient(searchRepositories: { query, page, _ in
      pages.withLock { $0.append(page) }
      let items = (1...30).map { repository((page - 1) * 30 + $0, "r") }
      return Page(items: items, page: page, nextPage: page < 4 ? page + 1 : nil, totalCount: 120)
    })
    let executor = ManualExecutor()
    let view = liveSearch(client, engine: engine, throttle: .zero, executor: executor)
    type("x", into: view, at: .zero)
    _ = executor.runUntilIdle()
    _ = view.frame(width: 80, height: 12, at: .zero)
    for _ in 0..<5 { _ = view.handle(.end, at: .milliseconds(10)) }
    _ = executor.runUntilIdle()
    #expect(pages.withLock { $0 } == [1, 2])
    let lines = view.frame(width: 80, height: 12, at: .milliseconds(20)).lines.map(\.text)
    #expect(lines.last?.hasPrefix("60 of 120") == true, "\(lines)")
  }

  @Test(
    "the throttle widens so that GitHub's search budget lasts until its reset; a query answered before does not wait")
  func budget() {
    let queries = Locked<[String]>([])
    let start = 1_700_000_000.0
    // 2 searches left of 10, the window resetting in 60 s: one search every 30 s.
    let client = GitHubClient(
      searchRepositories: { query, page, _ in
        queries.withLock { $0.append(query) }
        return Page(items: [repository(1, query)], page: page, nextPage: nil, totalCount: 1)
      }, rateLimits: { [RateLimit(resource: "search", limit: 10, remaining: 2, reset: Int(start) + 60)] })
    let executor = ManualExecutor()
    let view = liveSearch(
      client, engine: .reactor, throttle: .milliseconds(300), executor: executor,
      time: .virtual(VirtualClock(), start: start))
    type("a", into: view, at: .zero)
    _ = executor.runUntilIdle()
    type("b", into: view, at: .milliseconds(100))
    #expect(view.deadline == .seconds(30))
    let status = view.frame(width: 120, height: 6, at: .milliseconds(100)).lines.last?.text ?? ""
    #expect(status.contains("\"ab\" waits 30s to spare the search budget"), "\(status)")
    #expect(status.contains("budget 2/10, resets in 60s"), "\(status)")
    view.tick(at: .seconds(29))
    _ = executor.runUntilIdle()
    #expect(queries.withLock { $0 } == ["a"])
    view.tick(at: .seconds(30))
    _ = executor.runUntilIdle()
    #expect(queries.withLock { $0 } == ["a", "ab"])
    // Back to a: answered before, so only the base interval holds it.
    _ = view.handle(.backspace, at: .milliseconds(30_100))
    #expect(view.deadline == .milliseconds(30_300))
    // And the view's client answers it from memory: no request, no budget spent.
    view.tick(at: .milliseconds(30_300))
    _ = executor.runUntilIdle()
    #expect(queries.withLock { $0 } == ["a", "ab"])
    let lines = view.frame(width: 120, height: 6, at: .milliseconds(30_400)).lines.map(\.text)
    #expect(lines.contains { $0.contains("owner/a1") } && !lines.contains { $0.contains("results for") }, "\(lines)")
  }

  @Test("a live view's client answers a search it answered before from memory, and never a failure")
  func remembered() async throws {
    let calls = Locked<[String]>([])
    let client = GitHubClient(searchRepositories: { query, page, _ in
      calls.withLock { $0.append("\(query) \(page)") }
      if query == "bad" { throw GitHubError.transport("down") }
      return Page(items: [repository(page, query)], page: page, nextPage: page + 1, totalCount: 90)
    }).rememberingSearches()
    /// What the client answered: the page's repositories and number, or the error.
    func answer(_ query: String, page: Int = 1) async -> String {
      do {
        let answer = try await client.searchRepositories(query, page, 30)
        return answer.items.map(\.fullName).joined(separator: ",") + " p\(answer.page)"
      } catch {
        return "error \(error)"
      }
    }
    var answers: [String] = []
    for (query, page) in [("a", 1), ("ab", 1), ("a", 1), ("bad", 1), ("bad", 1), ("ab", 1), ("a", 2), ("a", 2)] {
      answers.append(await answer(query, page: page))
    }
    let down = "error \(GitHubError.transport("down"))"
    #expect(
      answers == [
        "owner/a1 p1", "owner/ab1 p1", "owner/a1 p1", down, down, "owner/ab1 p1", "owner/a2 p2", "owner/a2 p2",
      ])
    // Asked again, only the failure and the page not asked before went to GitHub.
    #expect(calls.withLock { $0 } == ["a 1", "ab 1", "bad 1", "bad 1", "a 2"])
  }

  @Test("live names its view by the first word, search by default, and refuses words it does not take")
  func choosingTheView() throws {
    let session = Session(
      configuration: Session.Configuration(
        client: GitHubClient(searchRepositories: { _, page, _ in Page(items: [], page: page, nextPage: nil) }),
        features: Features.all, sink: MemorySink()))
    #expect(try session.liveFeature(for: ["swift", "ui"]).0.name == "search")
    #expect(try session.liveFeature(for: ["signup", "octocat"]).1 == ["octocat"])
    #expect(try session.liveFeature(for: []).0.name == "search")
    #expect(throws: LiveDriver.Failure.self) { try session.liveFeature(for: ["signup", "octocat", "hunter22"]) }
    #expect(try session.liveFeature(for: ["feed"]).0.name == "feed")
    #expect(throws: LiveDriver.Failure.self) { try session.liveFeature(for: ["feed", "x"]) }
  }

  @Test("a list window: movement keys stay in the list, the window follows, the scroll rule nears the end")
  func listWindow() {
    var list = ListWindow()
    list.fit(rows: 10, count: 100)
    let moved = list.move(.end, count: 100)
    #expect(moved && list.selection == 99)
    list.fit(rows: 10, count: 100)
    #expect(list.visible(count: 100) == 90..<100)
    _ = list.move(.pageUp, count: 100)
    #expect(list.selection == 90)
    _ = list.move(.home, count: 100)
    #expect(list.selection == 0)
    let typed = list.move(.text("a"), count: 100)
    #expect(!typed)
    list.fit(rows: 10, count: 100)
    #expect(list.top == 0 && !list.nearsEnd(of: 100))
    _ = list.move(.wheelDown, count: 100)
    #expect(list.selection == 3)
    #expect(list.nearsEnd(of: 20))
    list.reset()
    #expect(list.selection == 0 && list.top == 0)
  }

  /// A client with `pages` pages of 30 repositories for any query, the first of each page with
  /// every detail a preview shows.
  private static func pagedClient(pages: Int = 4) -> GitHubClient {
    GitHubClient(searchRepositories: { query, page, _ in
      let items = (1...30).map { number -> Repository in
        let id = (page - 1) * 30 + number
        return Repository(
          id: id, fullName: "owner/\(query)\(id)", description: "Repository \(id) of \(query), described at length",
          stars: 1000 + id, language: "Swift", url: "https://github.com/owner/\(query)\(id)",
          details: Repository.Details(
            forks: id * 10, openIssues: id, topics: ["swift", "t\(id)"], license: "MIT License",
            createdAt: "2015-10-23T17:04:35Z", pushedAt: "2026-11-27T08:00:00Z", homepage: "https://example.org/\(id)"))
      }
      return Page(items: items, page: page, nextPage: page < pages ? page + 1 : nil, totalCount: pages * 30)
    })
  }

  private static func text(_ view: SearchLiveView, width: Int = 80, height: Int = 12) -> [String] {
    view.frame(width: width, height: height, at: .zero).lines.map(\.text)
  }

  @Test(
    "--multi: Tab marks and moves down, Shift-Tab moves up and unmarks; Enter prints the marks in the order made",
    arguments: SearchEffectStyle.allCases)
  func multi(engine: SearchEffectStyle) {
    let executor = ManualExecutor()
    let view = liveSearch(Self.pagedClient(), engine: engine, throttle: .zero, executor: executor, multi: true)
    type("x", into: view, at: .zero)
    _ = executor.runUntilIdle()
    _ = Self.text(view)
    // Marks 1 and 2, then 3; Shift-Tab takes 3 back; down to 5 and a mark, then one on 4 above it.
    for key in [Key.tab, .tab, .tab, .backTab, .down, .down, .tab, .up, .up, .tab] { _ = view.handle(key, at: .zero) }
    let lines = Self.text(view)
    #expect(
      lines.filter { $0.hasPrefix("+") }.map { String($0.prefix(6)) }
        == ["+  1.", "+  2.", "+  4.", "+  5."].map { $0 + " " }, "\(lines)")
    #expect(lines.last?.contains("4 marked") == true, "\(lines)")
    // Marks survive paging: End loads the next page, and a mark made there joins the others.
    _ = view.handle(.end, at: .zero)
    _ = executor.runUntilIdle()
    _ = Self.text(view)
    _ = view.handle(.end, at: .zero)
    _ = view.handle(.tab, at: .zero)
    #expect(
      view.handle(.enter, at: .zero)
        == .exit(
          status: 0, output: ["owner/x1", "owner/x2", "owner/x5", "owner/x4", "owner/x60"].joined(separator: "\n")))
  }

  @Test("--multi: a new query drops the marks and says how many; with none marked Enter prints the selection")
  func marksDroppedByANewQuery() {
    let executor = ManualExecutor()
    let view = liveSearch(Self.pagedClient(), engine: .reactor, throttle: .zero, executor: executor, multi: true)
    type("x", into: view, at: .zero)
    _ = executor.runUntilIdle()
    _ = Self.text(view)
    for _ in 0..<3 { _ = view.handle(.tab, at: .zero) }
    type("y", into: view, at: .milliseconds(10))
    _ = executor.runUntilIdle()
    let lines = Self.text(view)
    #expect(lines.last?.contains("3 marks dropped: a new query") == true, "\(lines)")
    #expect(!lines.contains { $0.hasPrefix("+") })
    _ = view.handle(.down, at: .milliseconds(20))
    #expect(view.handle(.enter, at: .milliseconds(20)) == .exit(status: 0, output: "owner/xy2"))
  }

  @Test("without --multi Tab marks nothing and Enter prints the one selection")
  func tabWithoutMulti() {
    let executor = ManualExecutor()
    let view = liveSearch(Self.pagedClient(), engine: .reactor, throttle: .zero, executor: executor)
    type("x", into: view, at: .zero)
    _ = executor.runUntilIdle()
    _ = Self.text(view)
    _ = view.handle(.tab, at: .zero)
    #expect(!Self.text(view).contains { $0.hasPrefix("+") })
    #expect(view.handle(.enter, at: .zero) == .exit(status: 0, output: "owner/x1"))
  }

  @Test(
    "fzf's keys: Ctrl-J/N down, Ctrl-K/P up, Ctrl-Q leaves; Alt keys never leave; Ctrl-D leaves only an empty query")
  func fzfKeys() {
    let executor = ManualExecutor()
    let view = liveSearch(Self.pagedClient(), engine: .reactor, throttle: .zero, executor: executor)
    type("x", into: view, at: .zero)
    _ = executor.runUntilIdle()
    _ = Self.text(view)
    for key in [Key.control("j"), .control("j"), .control("n"), .control("k")] {
      #expect(view.handle(key, at: .zero) == .stay)
    }
    for key in [Key.alt("x"), .alt("."), .alt("é"), .alt(" "), .altBackspace] {
      #expect(view.handle(key, at: .zero) == .stay, "\(key)")
    }
    // Alt-Backspace took the query's word; the selection stayed where Ctrl-J/N/K left it.
    #expect(Self.text(view).first == "search> ")
    #expect(view.handle(.control("d"), at: .zero) == .exit(status: 130, output: nil))
    let other = liveSearch(Self.pagedClient(), engine: .reactor, throttle: .zero, executor: executor)
    type("x", into: other, at: .zero)
    _ = other.handle(.left, at: .zero)
    #expect(other.handle(.control("d"), at: .zero) == .stay)
    #expect(Self.text(other).first == "search> ")
    #expect(other.handle(.control("q"), at: .zero) == .exit(status: 130, output: nil))
  }

  @Test("a click selects the row under it, a double click prints it; clicks off the list do nothing")
  func clicks() {
    let executor = ManualExecutor()
    let view = liveSearch(Self.pagedClient(), engine: .reactor, throttle: .zero, executor: executor, preview: true)
    type("x", into: view, at: .zero)
    _ = executor.runUntilIdle()
    _ = view.frame(width: 120, height: 12, at: .zero)
    // Row 0 is the search bar; row 3 is the third result.
    #expect(view.handle(.click(row: 3, column: 10), at: .seconds(1)) == .stay)
    let lines = view.frame(width: 120, height: 12, at: .zero).lines
    let selected = lines.firstIndex { $0.spans.contains { $0.style == .reverse } }
    #expect(selected == 3)
    // The pane beside the list, the search bar and the status line are not the list.
    for (row, column) in [(3, 110), (0, 5), (11, 5)] {
      #expect(view.handle(.click(row: row, column: column), at: .seconds(2)) == .stay)
    }
    #expect(view.handle(.click(row: 5, column: 10), at: .seconds(3)) == .stay)
    #expect(view.handle(.click(row: 5, column: 10), at: .milliseconds(3400)) == .exit(status: 0, output: "owner/x5"))
  }

  @Test(
    "--preview: the selection's whole record beside the list, following it; ? hides and shows it; Shift-Down scrolls it"
  )
  func preview() {
    let executor = ManualExecutor()
    let view = liveSearch(Self.pagedClient(), engine: .reactor, throttle: .zero, executor: executor, preview: true)
    type("x", into: view, at: .zero)
    _ = executor.runUntilIdle()
    var lines = Self.text(view, width: 120, height: 20)
    let pane = lines.compactMap { $0.split(separator: "│", maxSplits: 1).dropFirst().first.map(String.init) }
    #expect(pane.first == "owner/x1", "\(lines)")
    for expected in [
      "Language     Swift", "Stars        1,001", "Forks        10", "Open issues  1", "Topics       swift, t1",
      "Licence      MIT License", "Created      2015-10-23", "Pushed       2026-11-27",
      "Homepage     https://example.org/1", "URL          https://github.com/owner/x1",
    ] {
      #expect(pane.contains(expected), "\(expected) in \(pane)")
    }
    #expect(lines.allSatisfy { TerminalText.width($0) <= 120 })
    _ = view.handle(.down, at: .zero)
    lines = Self.text(view, width: 120, height: 20)
    #expect(lines[1].contains("│owner/x2"), "\(lines)")
    // A record that fits does not scroll; one taller than the pane scrolls a line at a time, and
    // a new selection starts at its top again.
    _ = view.handle(.shiftDown, at: .zero)
    #expect(Self.text(view, width: 120, height: 20)[1].contains("│owner/x2"))
    lines = Self.text(view, width: 120, height: 8)
    #expect(lines[1].contains("│owner/x2"), "\(lines)")
    _ = view.handle(.shiftDown, at: .zero)
    lines = Self.text(view, width: 120, height: 8)
    #expect(!lines.contains { $0.contains("│owner/x2") } && lines[1].contains("│Repository 2"), "\(lines)")
    _ = view.handle(.shiftUp, at: .zero)
    #expect(Self.text(view, width: 120, height: 8)[1].contains("│owner/x2"))
    _ = view.handle(.shiftDown, at: .zero)
    _ = view.handle(.down, at: .zero)
    #expect(Self.text(view, width: 120, height: 8)[1].contains("│owner/x3"))
    // Narrow, the pane goes below the list, after a rule.
    lines = Self.text(view, width: 60, height: 20)
    #expect(lines.contains(String(repeating: "─", count: 60)) && lines.contains("owner/x3"), "\(lines)")
    #expect(view.handle(.text("?"), at: .zero) == .stay)
    lines = Self.text(view, width: 120, height: 20)
    #expect(!lines.contains { $0.contains("│") } && lines[0] == "search> x", "\(lines)")
    _ = view.handle(.text("?"), at: .zero)
    #expect(Self.text(view, width: 120, height: 20)[1].contains("│owner/x3"))
  }

  @Test("without --preview, ? is typed into the query")
  func questionMarkWithoutPreview() {
    let executor = ManualExecutor()
    let view = liveSearch(Self.pagedClient(), engine: .reactor, throttle: .zero, executor: executor)
    type("what?", into: view, at: .zero)
    #expect(Self.text(view, width: 120).first == "search> what?")
    #expect(!Self.text(view, width: 120).contains { $0.contains("│") })
  }

  /// The text of `view`'s rows at `width` by `height`, and the selected row's style.
  private static func screen(_ view: SearchLiveView, width: Int = 100, height: Int = 10, at now: Duration = .zero)
    -> (lines: [String], selection: CellStyle?)
  {
    let frame = view.frame(width: width, height: height, at: now)
    let selected = frame.lines.first { line in
      line.spans.allSatisfy { $0.style == .reverse || $0.style == .staleSelection } && !line.spans.isEmpty
    }
    return (frame.lines.map(\.text), selected?.spans.first?.style)
  }

  @Test(
    "a new query keeps the list on screen until its answer, marked as the older query's; Enter picks from what is shown",
    arguments: SearchEffectStyle.allCases)
  func keptUntilAnswered(engine: SearchEffectStyle) {
    let clock = VirtualClock()
    let client = GitHubClient(searchRepositories: { query, page, _ in
      // swiftx answers a second late; the rest at once.
      if query == "swiftx" { try await clock.sleep(for: .seconds(1)) }
      return Page(items: [repository(1, query), repository(2, query)], page: page, nextPage: nil, totalCount: 2)
    })
    let executor = ManualExecutor()
    let view = liveSearch(client, engine: engine, throttle: .zero, executor: executor)
    type("swift", into: view, at: .zero)
    _ = executor.runUntilIdle()
    _ = view.handle(.down, at: .zero)
    #expect(Self.screen(view).selection == .reverse)
    type("x", into: view, at: .milliseconds(10))
    _ = executor.runUntilIdle()
    let waiting = Self.screen(view)
    #expect(waiting.lines[1].contains("owner/swift1") && waiting.lines[2].contains("owner/swift2"), "\(waiting)")
    #expect(!waiting.lines.contains { $0.contains("Searching") }, "\(waiting)")
    #expect(waiting.lines.last == "2 of 2 · results for \"swift\" · searching...", "\(waiting)")
    #expect(waiting.selection == .staleSelection)
    // The selection stays where it was in the list shown, and Enter prints it.
    #expect(view.handle(.enter, at: .milliseconds(20)) == .exit(status: 0, output: "owner/swift2"))
    clock.advance(by: .seconds(1))
    _ = executor.runUntilIdle()
    let answered = Self.screen(view)
    #expect(answered.lines[1].contains("owner/swiftx1"), "\(answered)")
    #expect(answered.lines.last == "2 of 2 · last page", "\(answered)")
    #expect(answered.selection == .reverse)
    #expect(
      view.handle(.enter, at: .seconds(2)) == .exit(status: 0, output: "owner/swiftx1"), "a new list starts at its top")
  }

  /// LiveViewTests.staleQueryCancelled's rare failure, made certain: rus's answer arrives as
  /// rust is sent, after rust's first change and before rust cancels the search in flight, and
  /// rus's effect ends with its answer queued behind rust. Were that answer to land, the list
  /// would read as rust's last page, nothing would load, and Ctrl-U would cancel nothing.
  @Test(
    "an older answer queued as a newer query is sent never lands: it is not drawn as the newer one's, and Ctrl-U cancels that",
    arguments: SearchEffectStyle.allCases)
  func answerQueuedAsTheNewerQueryIsSent(engine: SearchEffectStyle) {
    let clock = VirtualClock()
    let client = GitHubClient(searchRepositories: { query, page, _ in
      if query == "rus" { try await clock.sleep(for: .seconds(1)) }
      // rust is never answered here.
      if query == "rust" { try await clock.sleep(for: .seconds(100)) }
      return Page(items: [repository(1, query)], page: page, nextPage: nil, totalCount: 1)
    })
    let executor = ManualExecutor()
    let armed = Locked(false)
    let view = liveSearch(client, engine: engine, throttle: .zero, executor: executor) { _ in
      // The first change after "t", rust's, seen while the store still processes rust: rus's
      // answer arrives now, and its effect ends.
      let fire = armed.withLock { armed -> Bool in
        defer { armed = false }
        return armed
      }
      guard fire else { return }
      clock.advance(by: .seconds(1))
      _ = executor.runUntilIdle()
    }
    type("rus", into: view, at: .zero)
    _ = executor.runUntilIdle()
    armed.withLock { $0 = true }
    type("t", into: view, at: .milliseconds(10))
    _ = executor.runUntilIdle()
    #expect(!armed.withLock { $0 }, "rust's change was seen")
    let typed = Self.screen(view, at: .milliseconds(10)).lines
    #expect(!typed.contains { $0.contains("owner/rus1") }, "\(typed)")
    #expect(typed.last?.contains("searching...") == true && typed.last?.contains("last page") == false, "\(typed)")
    _ = view.handle(.control("u"), at: .milliseconds(20))
    let cleared = Self.screen(view, at: .milliseconds(20)).lines
    #expect(cleared.last?.contains("cancelled: rust") == true, "\(cleared)")
  }

  @Test("a key the throttle holds marks the list as the older query's at once", arguments: SearchEffectStyle.allCases)
  func heldKeyMarksTheList(engine: SearchEffectStyle) {
    let client = GitHubClient(searchRepositories: { query, page, _ in
      Page(items: [repository(1, query)], page: page, nextPage: nil, totalCount: 1)
    })
    let executor = ManualExecutor()
    let view = liveSearch(client, engine: engine, throttle: .seconds(2), executor: executor)
    type("swift", into: view, at: .zero)
    view.tick(at: .seconds(2))
    _ = executor.runUntilIdle()
    #expect(Self.screen(view).selection == .reverse)
    type("xy", into: view, at: .milliseconds(2500))
    let held = Self.screen(view, at: .milliseconds(2500))
    #expect(held.lines[0] == "search> swiftxy")
    #expect(held.lines[1].contains("owner/swift1"))
    #expect(held.lines.last == "1 of 1 · results for \"swift\"", "\(held)")
    #expect(held.selection == .staleSelection)
    // Back to what the list answers: it is current again.
    _ = view.handle(.backspace, at: .milliseconds(2600))
    _ = view.handle(.backspace, at: .milliseconds(2600))
    let back = Self.screen(view, at: .milliseconds(2600))
    #expect(back.selection == .reverse && back.lines.last == "1 of 1 · last page", "\(back)")
  }

  @Test("cancelled: is said while the query that replaced it loads, and gone once it is answered")
  func cancelledWhileTrue() {
    let clock = VirtualClock()
    let client = GitHubClient(searchRepositories: { query, page, _ in
      if query == "swif" { try await clock.sleep(for: .seconds(10)) }
      if query == "swift" { try await clock.sleep(for: .seconds(1)) }
      return Page(items: [repository(1, query)], page: page, nextPage: nil, totalCount: 1)
    })
    let executor = ManualExecutor()
    let view = liveSearch(client, engine: .reactor, throttle: .zero, executor: executor)
    type("swif", into: view, at: .zero)
    _ = executor.runUntilIdle()
    type("t", into: view, at: .milliseconds(10))
    _ = executor.runUntilIdle()
    #expect(Self.screen(view).lines.last?.contains("cancelled: swif") == true, "\(Self.screen(view).lines)")
    clock.advance(by: .seconds(1))
    _ = executor.runUntilIdle()
    let answered = Self.screen(view).lines
    #expect(answered[1].contains("owner/swift1"), "\(answered)")
    #expect(answered.last == "1 of 1 · last page", "\(answered)")
  }

  @Test("column widths come from the width, not the names loaded: nothing moves when a page with longer names lands")
  func columnsStay() {
    let client = GitHubClient(searchRepositories: { _, page, _ in
      // Short names first, then names longer than the narrowest name column.
      let name = page == 1 ? "a" : String(repeating: "long-name-", count: 4)
      let items = (1...30).map { repository((page - 1) * 30 + $0, name) }
      return Page(items: items, page: page, nextPage: page < 40 ? page + 1 : nil, totalCount: 1234)
    })
    func starColumns(_ lines: [String]) -> Set<Int> {
      Set(
        lines.dropFirst().compactMap { line in
          line.firstIndex(of: "★").map { line.distance(from: line.startIndex, to: $0) }
        })
    }
    for width in [70, 100, 160] {
      // A view of its own for each width: only the first page's short names are on screen before End.
      let executor = ManualExecutor()
      let view = liveSearch(client, engine: .reactor, throttle: .zero, executor: executor)
      type("x", into: view, at: .zero)
      _ = executor.runUntilIdle()
      let before = Self.screen(view, width: width, height: 40).lines
      _ = view.handle(.end, at: .zero)
      _ = executor.runUntilIdle()
      let after = Self.screen(view, width: width, height: 40).lines
      #expect(starColumns(before).count == 1 && starColumns(before) == starColumns(after), "\(before)\n\(after)")
      // 1,234 results, of which GitHub gives 1,000: room for four digits from the first page.
      #expect(before[1].hasPrefix("    1. "), "\(before[1])")
      let rows = after.filter { $0.contains("★") }
      #expect(rows.allSatisfy { $0.prefixMatch(of: #/ +\d+\. /#)?.output.count == 7 }, "\(rows)")
    }
  }

  @Test("a query wider than the screen scrolls so that the caret and the text around it are in view")
  func queryScrolls() {
    let client = GitHubClient(searchRepositories: { query, page, _ in
      Page(items: [], page: page, nextPage: nil, totalCount: 0)
    })
    let executor = ManualExecutor()
    let view = liveSearch(client, engine: .reactor, throttle: .seconds(60), executor: executor)
    let query = (0..<6).map { "word\($0)abcd" }.joined(separator: " ")
    type(query, into: view, at: .zero)
    var frame = view.frame(width: 40, height: 5, at: .zero)
    #expect(frame.lines[0].text.hasSuffix("word5abcd"), "\(frame.lines[0].text)")
    #expect(TerminalText.width(frame.lines[0].text) <= 40)
    #expect(frame.cursor == Position(row: 0, column: TerminalText.width(frame.lines[0].text)))
    _ = view.handle(.control("a"), at: .zero)
    frame = view.frame(width: 40, height: 5, at: .zero)
    #expect(frame.lines[0].text.hasPrefix("search> word0abcd word1"), "\(frame.lines[0].text)")
    #expect(frame.cursor == Position(row: 0, column: 8))
    // Moving right through the text: the caret always on screen, with text after it until the end.
    for step in 1...query.count {
      _ = view.handle(.right, at: .zero)
      frame = view.frame(width: 40, height: 5, at: .zero)
      let line = frame.lines[0].text
      let caret = frame.cursor?.column ?? -1
      #expect(caret >= 8 && caret <= 39, "step \(step)")
      let typed = Array(query)
      if step < typed.count {
        // The character under the caret is the one after the caret, and a few more follow it.
        let under = Array(line)[caret]
        #expect(under == typed[step], "step \(step): \(line)")
        #expect(Array(line).count - caret >= min(5, typed.count - step), "step \(step): \(line)")
      }
    }
  }

  @Test("a text field's window: whole when it fits, moved only as far as keeps the caret and its margins in view")
  func fieldWindow() {
    var field = LineField(String(repeating: "abcdefghij", count: 5))
    var shown = field.window(columns: 20)
    #expect(shown.text == "bcdefghijabcdefghij" && shown.caret == 19, "at the end, a blank cell for the caret")
    for _ in 0..<10 { _ = field.edit(.left) }
    shown = field.window(columns: 20)
    #expect(shown.caret == 9 && shown.text == "bcdefghijabcdefghij", "the window stays while the caret moves in it")
    for _ in 0..<10 { _ = field.edit(.left) }
    shown = field.window(columns: 20)
    #expect(shown.caret == 4, "4 columns of margin before the caret: \(shown)")
    _ = field.edit(.control("a"))
    shown = field.window(columns: 20)
    #expect(shown.text == "abcdefghijabcdefghij" && shown.caret == 0)
    var short = LineField("abc")
    #expect(short.window(columns: 20) == ("abc", 3))
    var wide = LineField("中文中文中文中文中文中文")
    shown = wide.window(columns: 9)
    #expect(TerminalText.width(shown.text) <= 9 && shown.caret == TerminalText.width(shown.text), "\(shown)")
    var secret = LineField("hunter2")
    #expect(secret.window(columns: 4) { _ in "•" } == ("•••", 3))
  }
}

extension LiveViewSearchTests {
  @Test("an error longer than the width wraps on the status line, whole, and a row too few for it ends with …")
  func longErrorWraps() {
    let client = GitHubClient(searchRepositories: { _, _, _ in
      throw GitHubError.rateLimited(resetsIn: 42, authenticated: false)
    })
    let executor = ManualExecutor()
    let view = liveSearch(client, engine: .reactor, throttle: .zero, executor: executor)
    type("swift", into: view, at: .zero)
    _ = executor.runUntilIdle()
    let frame = view.frame(width: 60, height: 12, at: .zero)
    let rows = frame.lines.map(\.text)
    #expect(rows.allSatisfy { TerminalText.width($0) <= 60 }, "\(rows)")
    let status = rows.drop { !$0.contains("error") }.joined(separator: " ")
    #expect(rows.filter { !$0.isEmpty }.count == 3, "the query, and the error on two rows: \(rows)")
    #expect(status.hasSuffix("Set GH_TOKEN for a higher limit."), "\(rows)")
    // Three rows leave one for the status: it is cut, and says so.
    let short = view.frame(width: 60, height: 3, at: .zero).lines.map(\.text)
    #expect(short.count == 3 && short[2].hasSuffix("…"), "\(short)")
  }
}

// i38-keys' marks and pane on i38-screen's list: a list kept for an older query, a narrow screen.
extension LiveViewSearchTests {
  /// A client whose answers list three repositories named after the query; `swiftx` answers
  /// once `clock` has moved a second.
  private static func heldClient(_ clock: VirtualClock) -> GitHubClient {
    GitHubClient(searchRepositories: { query, page, _ in
      if query == "swiftx" { try await clock.sleep(for: .seconds(1)) }
      return Page(items: (1...3).map { repository($0, query) }, page: page, nextPage: nil, totalCount: 3)
    })
  }

  @Test(
    "--multi on a list kept for an older query: its marks stay, Tab marks there, the pane follows; the answer drops them",
    arguments: SearchEffectStyle.allCases)
  func marksOnAnOlderList(engine: SearchEffectStyle) {
    let clock = VirtualClock()
    let executor = ManualExecutor()
    let view = liveSearch(
      Self.heldClient(clock), engine: engine, throttle: .zero, executor: executor, multi: true, preview: true)
    type("swift", into: view, at: .zero)
    _ = executor.runUntilIdle()
    _ = view.handle(.tab, at: .zero)
    type("x", into: view, at: .milliseconds(10))
    _ = executor.runUntilIdle()
    // The list answers "swift" while "swiftx" loads: a mark made on it is on the row shown.
    _ = view.handle(.tab, at: .milliseconds(20))
    var frame = view.frame(width: 120, height: 10, at: .milliseconds(20))
    var lines = frame.lines.map(\.text)
    let list = lines.map { String($0.prefix { $0 != "│" }) }
    #expect(list[1].hasPrefix("+  1. owner/swift1"), "\(lines)")
    #expect(list[2].hasPrefix("+  2. owner/swift2"), "\(lines)")
    #expect(list[3].hasPrefix("   3. owner/swift3"), "\(lines)")
    #expect(frame.lines[3].spans.first?.style == .staleSelection, "the selection is the older list's")
    #expect(lines[1].contains("│owner/swift3"), "the pane shows the selection of the list on screen: \(lines)")
    #expect(lines.last == "3 of 3 · results for \"swift\" · searching... · 2 marked", "\(lines)")
    // swiftx's answer replaces the list, and the marks made in it go, said until the next key.
    clock.advance(by: .seconds(1))
    _ = executor.runUntilIdle()
    frame = view.frame(width: 120, height: 10, at: .seconds(1))
    lines = frame.lines.map(\.text)
    #expect(!lines.contains { $0.hasPrefix("+") }, "\(lines)")
    #expect(lines[1].hasPrefix("   1. owner/swiftx1") && lines[1].contains("│owner/swiftx1"), "\(lines)")
    #expect(frame.lines[1].spans.contains { $0.style == .reverse })
    #expect(lines.last == "3 of 3 · last page · 2 marks dropped: a new query", "\(lines)")
    #expect(view.handle(.enter, at: .seconds(2)) == .exit(status: 0, output: "owner/swiftx1"))
  }

  @Test("--multi: Enter on a list kept for an older query prints the marks made in it, as they are on screen")
  func enterPrintsTheMarksOfAnOlderList() {
    let clock = VirtualClock()
    let executor = ManualExecutor()
    let view = liveSearch(Self.heldClient(clock), engine: .reactor, throttle: .zero, executor: executor, multi: true)
    type("swift", into: view, at: .zero)
    _ = executor.runUntilIdle()
    _ = view.handle(.down, at: .zero)
    _ = view.handle(.tab, at: .zero)
    type("x", into: view, at: .milliseconds(10))
    _ = executor.runUntilIdle()
    _ = view.handle(.up, at: .milliseconds(20))
    _ = view.handle(.up, at: .milliseconds(20))
    _ = view.handle(.tab, at: .milliseconds(20))
    #expect(Self.text(view).last == "3 of 3 · results for \"swift\" · searching... · 2 marked")
    #expect(
      view.handle(.enter, at: .milliseconds(30)) == .exit(status: 0, output: "owner/swift2\nowner/swift1"))
  }

  @Test(
    "--preview on a narrow terminal: the pane below the list after a rule, every row within the width, the marks kept",
    arguments: [20, 32, 60, 99])
  func previewOnANarrowTerminal(width: Int) throws {
    let executor = ManualExecutor()
    let view = liveSearch(
      Self.pagedClient(), engine: .reactor, throttle: .zero, executor: executor, multi: true, preview: true)
    type("a query longer than the narrowest screen", into: view, at: .zero)
    _ = executor.runUntilIdle()
    _ = view.handle(.tab, at: .zero)
    let frame = view.frame(width: width, height: 20, at: .zero)
    let lines = frame.lines.map(\.text)
    #expect(lines.count == 20 && lines.allSatisfy { TerminalText.width($0) <= width }, "\(lines)")
    // The query scrolled to its end, the caret on screen.
    #expect(lines[0].hasSuffix("screen"), "\(lines[0])")
    #expect(try #require(frame.cursor).column < width)
    let rule = try #require(lines.firstIndex(of: String(repeating: "─", count: width)), "\(lines)")
    #expect(lines[1].hasPrefix("+  1."), "\(lines)")
    #expect(frame.lines[2].spans.allSatisfy { $0.style == .reverse }, "the selection, under the first row")
    // The pane: the selected repository's record below the rule, its title wrapped, not cut; the
    // status under it, wrapped too.
    let status = lines.drop { !$0.hasPrefix("30 of 120") }
    #expect(status.joined(separator: " ").hasSuffix("· 1 marked"), "\(lines)")
    var pane = Array(lines[(rule + 1)..<status.startIndex])
    #expect(pane.count >= 7, "\(lines)")
    #expect(pane.joined(separator: " ").hasPrefix("owner/a query longer than the narrowest screen2"), "\(pane)")
    // Scrolled with Shift-Down, the rest of the record comes into the pane's rows, to its URL.
    for _ in 0..<30 where !pane.contains(where: { $0.contains("https://github.com/") }) {
      _ = view.handle(.shiftDown, at: .zero)
      let scrolled = view.frame(width: width, height: 20, at: .zero).lines.map(\.text)
      #expect(scrolled[..<rule] == lines[..<rule] && scrolled.allSatisfy { TerminalText.width($0) <= width })
      pane = Array(scrolled[(rule + 1)..<status.startIndex])
    }
    #expect(pane.contains { $0.contains("https://github.com/") }, "\(pane)")
    // Too few rows for a pane worth reading: the list alone.
    let short = view.frame(width: width, height: 7, at: .zero).lines.map(\.text)
    #expect(!short.contains(String(repeating: "─", count: width)), "\(short)")
    #expect(short.allSatisfy { TerminalText.width($0) <= width }, "\(short)")
  }
}
