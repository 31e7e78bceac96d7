import FeatureList
import GitHubClient
import LiveTerminal
import ReactorCore
import ReactorView
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
  _ client: GitHubClient, engine: SearchEngineKind, throttle: Duration, executor: ManualExecutor,
  time: TimeSource = .system
) -> SearchLiveView {
  var configuration = Session.Configuration(
    client: client, features: Features.all, options: RenderOptions(mode: .json), sink: MemorySink(), time: time,
    executor: executor)
  configuration.settings.engine = engine.rawValue
  let session = Session(configuration: configuration)
  let host = session.host(forFeature: "search")!
  let budgets = client.rateLimits
  let context = LiveContext(throttle: throttle, budget: { resource in budgets().first { $0.resource == resource } })
  return SearchLiveView(host: host, context: context, changed: { _ in })
}

private func type(_ text: String, into view: SearchLiveView, at now: Duration) {
  for character in text { _ = view.handle(.text(String(character)), at: now) }
}

@Suite struct LiveViewSearchTests {
  @Test(
    "the first change goes at once, then the latest at most every interval; a return to what was sent is dropped",
    arguments: SearchEngineKind.allCases)
  func throttle(engine: SearchEngineKind) {
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
    arguments: SearchEngineKind.allCases)
  func cancellation(engine: SearchEngineKind) {
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

  @Test("paging to the end loads the next page once, however many keys ask", arguments: SearchEngineKind.allCases)
  func scrollToLoad(engine: SearchEngineKind) {
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
}
