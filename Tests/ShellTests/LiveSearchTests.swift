import Foundation
import GitHubClient
import ReactorCore
import ReactorJSON
import Rendering
import SearchFeature
import Shell
import Testing

// What a user of the live API sees, through a session on both engines: rate-limit waits on a
// virtual clock, the budget, repeated results dropped, `next <n>` / `next all`, sorting.

private func repository(_ id: Int) -> Repository {
  Repository(
    id: id, fullName: "owner/repo\(id)", description: nil, stars: 5000 - id, language: "Swift",
    url: "https://github.com/owner/repo\(id)")
}

/// Records the searches a session asked for.
private final class SearchLog: Sendable {
  private let searches = Locked<[RepositorySearch]>([])
  func append(_ search: RepositorySearch) { searches.withLock { $0.append(search) } }
  var all: [RepositorySearch] { searches.withLock { $0 } }
}

/// Polls an observable condition (a sleeper registered, a request seen) until it holds.
private func eventually(_ condition: () -> Bool) async -> Bool {
  for _ in 0..<20_000 {
    if condition() { return true }
    try? await Task.sleep(for: .milliseconds(1))
  }
  return condition()
}

extension GitHubClient {
  /// A client whose best-match and sorted searches both answer with `searching`.
  fileprivate init(searching: @escaping @Sendable (RepositorySearch) async throws -> Page<Repository>) {
    self.init(
      searchRepositories: { query, page, perPage in
        try await searching(RepositorySearch(query: query, page: page, perPage: perPage))
      },
      search: searching)
  }
}

private func session(
  _ client: GitHubClient, engine: SearchEffectStyle, mode: RenderOptions.Mode = .text, clock: VirtualClock? = nil,
  wait: Duration? = nil
) -> (Session, MemorySink) {
  let sink = MemorySink()
  var configuration = Session.Configuration(
    client: client, options: RenderOptions(mode: mode, width: 100), sink: sink,
    time: clock.map { .virtual($0, start: 1_700_000_000) } ?? .system, engine: engine)
  configuration.rateLimitWait = wait
  return (Session(configuration: configuration), sink)
}

@Suite struct LiveSearchTests {
  // MARK: - Waiting on rate limits

  @Test("Retry-After: 1 is waited out once on the session's clock, then retried", arguments: SearchEffectStyle.allCases)
  func secondaryLimitIsWaitedOutAndRetried(engine: SearchEffectStyle) async {
    let calls = Locked(0)
    let client = GitHubClient(searchRepositories: { _, page, _ in
      let call = calls.withLock { count -> Int in
        count += 1
        return count
      }
      if call == 1 { throw GitHubError.secondaryRateLimited(retryAfter: 1) }
      return Page(items: [repository(1)], page: page, nextPage: nil, totalCount: 1)
    })
    let clock = VirtualClock()
    let (session, sink) = session(client, engine: engine, mode: .json, clock: clock, wait: .seconds(60))
    let running = session.start("query swift", tag: .string("q1"))
    #expect(await eventually { clock.sleeperCount == 1 })
    #expect(calls.withLock { $0 } == 1)
    clock.advance(by: .seconds(1))
    #expect(await running.finish() == .ok)
    #expect(calls.withLock { $0 } == 2)
    let output = sink.drain()
    let lines = output.map(\.text)
    // An info record, tagged with the request's id (the daemon writes it as "id").
    let waiting = output.first { $0.text.contains("waiting 1 s") }
    #expect(waiting?.tag == .string("q1"), "\(lines)")
    #expect(waiting?.text.contains(#""type":"info""#) == true)
    #expect(lines.contains { $0.contains("retrying after the rate-limit wait") })
    #expect(!lines.contains { $0.contains(#""type":"error""#) })
    #expect(
      session.stateJSON("search")["repos"].map { if case .array(let a) = $0.resolved { a.count } else { 0 } } == 1)
  }

  @Test("on a terminal the wait counts down on one line, a second at a time")
  func countdownOnATerminal() async {
    let calls = Locked(0)
    let client = GitHubClient(searchRepositories: { _, page, _ in
      let call = calls.withLock { count -> Int in
        count += 1
        return count
      }
      if call == 1 { throw GitHubError.secondaryRateLimited(retryAfter: 3) }
      return Page(items: [repository(1)], page: page, nextPage: nil, totalCount: 1)
    })
    let clock = VirtualClock()
    let shown = Locked<[Int]>([])
    let sink = MemorySink()
    var configuration = Session.Configuration(
      client: client, sink: sink, time: .virtual(clock, start: 1_700_000_000))
    configuration.rateLimitWait = .seconds(60)
    configuration.rateLimitCountdown = { seconds in shown.withLock { $0.append(seconds) } }
    let session = Session(configuration: configuration)
    let running = session.start("query swift")
    for second in 1...3 {
      #expect(await eventually { clock.sleeperCount == 1 && shown.withLock { $0.count } == second })
      clock.advance(by: .seconds(1))
    }
    #expect(await running.finish() == .ok)
    #expect(shown.withLock { $0 } == [3, 2, 1, 0])
    #expect(calls.withLock { $0 } == 2)
  }

  @Test("a primary limit resetting beyond MAX fails at once with resetAt", arguments: SearchEffectStyle.allCases)
  func primaryLimitBeyondMaxFailsAtOnce(engine: SearchEffectStyle) async throws {
    let budget = RateLimit(resource: "search", limit: 10, remaining: 0, used: 10, reset: 1_700_003_600)
    let client = GitHubClient(searchRepositories: { _, _, _ in
      throw GitHubError.rateLimited(resetsIn: 3600, authenticated: false, budget: budget)
    })
    let clock = VirtualClock()
    let (session, sink) = session(client, engine: engine, mode: .json, clock: clock, wait: .seconds(60))
    #expect(await session.execute("query swift") == .error)
    #expect(clock.sleeperCount == 0)
    let error = try #require(sink.drain().first { $0.text.contains(#""type":"error""#) })
    let record = try #require(
      try JSONSerialization.jsonObject(with: Data(error.text.utf8)) as? [String: Any])
    #expect(record["code"] as? String == "rate-limited")
    #expect(record["retryAfter"] as? Int == 3600)
    #expect(record["resetAt"] as? String == "2023-11-14T23:13:20Z")
    #expect(record["remaining"] as? Int == 0)
    #expect(record["limit"] as? Int == 10)
  }

  @Test("without --wait-on-rate-limit a rate limit fails at once")
  func waitingIsOffByDefault() async {
    let client = GitHubClient(searchRepositories: { _, _, _ in throw GitHubError.secondaryRateLimited(retryAfter: 1) })
    let clock = VirtualClock()
    let (session, _) = session(client, engine: .reactor, clock: clock)
    #expect(await session.execute("query swift") == .error)
    #expect(clock.sleeperCount == 0)
  }

  @Test("cancel stops a rate-limit wait")
  func cancelStopsTheWait() async {
    let client = GitHubClient(searchRepositories: { _, _, _ in throw GitHubError.secondaryRateLimited(retryAfter: 30) })
    let clock = VirtualClock()
    let (session, sink) = session(client, engine: .reactor, clock: clock, wait: .seconds(60))
    let running = session.start("query swift", tag: .string("q"))
    #expect(await eventually { clock.sleeperCount == 1 })
    #expect(await session.execute("cancel q") == .ok)
    _ = await running.finish()
    #expect(sink.drain().map(\.text).contains("rate-limit wait cancelled"))
    #expect(clock.sleeperCount == 0)
  }

  // MARK: - The budget

  @Test func limitsShowsTheBudgetAndTheTextModeWarnsOnce() async throws {
    let budget = Locked([RateLimit(resource: "search", limit: 30, remaining: 2, used: 28, reset: 1_700_000_042)])
    let client = GitHubClient(
      searchRepositories: { _, page, _ in Page(items: [repository(page)], page: page, nextPage: page + 1) },
      rateLimits: { budget.withLock { $0 } })
    let (session, sink) = session(client, engine: .reactor, clock: VirtualClock())
    _ = await session.execute("query swift")
    _ = await session.execute("next")
    let warnings = sink.drain().filter { $0.stream == .err }.map(\.text)
    #expect(
      warnings == [
        "warning: GitHub's search rate limit is nearly used up: 2 of 30 requests left, resets in 42 s ('limits' shows the budget)"
      ])
    _ = await session.execute("limits")
    #expect(
      sink.drain().map(\.text) == [
        "search: 2 of 30 requests left, resets at 2023-11-14T22:14:02Z (in 42 s), nearly used up"
      ])
    // A new window, then low again: one more warning.
    budget.withLock { $0 = [RateLimit(resource: "search", limit: 30, remaining: 29, reset: 1_700_000_100)] }
    _ = await session.execute("next")
    budget.withLock { $0 = [RateLimit(resource: "search", limit: 30, remaining: 1, reset: 1_700_000_100)] }
    _ = await session.execute("next")
    #expect(sink.drain().filter { $0.stream == .err }.count == 1)
    let state = session.stateJSON("rateLimit")
    #expect(state["search"]?["remaining"] == .int(1))
  }

  // MARK: - Complete searches

  @Test("a repository a later page repeats is listed once", arguments: SearchEffectStyle.allCases)
  func repeatedRepositoriesAreDropped(engine: SearchEffectStyle) async {
    // Page 2 repeats the last two of page 1, as GitHub's pages do when stars shift.
    let client = GitHubClient(searchRepositories: { _, page, perPage in
      let first = page == 1 ? 1 : perPage - 1
      let items = (first..<first + perPage).map(repository)
      return Page(items: items, page: page, nextPage: page < 2 ? 2 : nil, totalCount: 58)
    })
    let (session, sink) = session(client, engine: engine)
    _ = await session.execute("query swift")
    _ = sink.drain()
    _ = await session.execute("next")
    let lines = sink.drain().map(\.text)
    #expect(lines.first == "+ 28 repos (31-58); 2 already listed, dropped")
    #expect(lines.count == 29)
    #expect(session.stateJSON("search")["duplicatesDropped"] == .int(2))
    let ids = session.stateJSON("search")["repos"].map { value -> [JSONValue] in
      if case .array(let items) = value.resolved { items } else { [] }
    }
    #expect(ids?.count == 58)
  }

  @Test("next 3 loads three pages; next all stops at the 1,000-result cap", arguments: SearchEffectStyle.allCases)
  func nextPagesAndNextAll(engine: SearchEffectStyle) async {
    let log = SearchLog()
    // GitHub's cap as the live client applies it: no next page once 1,000 results are reached.
    let client = GitHubClient(
      searching: { search in
        log.append(search)
        let items = (0..<search.perPage).map { repository((search.page - 1) * search.perPage + $0 + 1) }
        let next = search.page * search.perPage >= 1000 ? nil : search.page + 1
        return Page(items: items, page: search.page, nextPage: next, totalCount: 5000)
      })
    let (session, sink) = session(client, engine: engine)
    _ = await session.execute("query swift")
    #expect(await session.execute("next 3") == .ok)
    #expect(log.all.map(\.page) == [1, 2, 3, 4])
    #expect(sink.drain().map(\.text).filter { $0.hasPrefix("+ ") }.last == "+ 30 repos (91-120)")
    #expect(session.stateJSON("search")["isLoadingNextPage"] == .bool(false))
    #expect(await session.execute("next all") == .ok)
    #expect(log.all.count == 34)
    #expect(session.stateJSON("search")["nextPage"] == .null)
    _ = sink.drain()
    _ = await session.execute("next")
    #expect(sink.drain().map(\.text) == ["no more results: GitHub returns at most 1,000 results per search"])
  }

  @Test("Ctrl-C during next all keeps what arrived", arguments: SearchEffectStyle.allCases)
  func cancellingNextAllKeepsWhatArrived(engine: SearchEffectStyle) async {
    let gate = Locked(false)
    let log = SearchLog()
    let client = GitHubClient(
      searching: { search in
        log.append(search)
        // The first request for page 3 hangs until cancelled; a later one answers.
        if search.page == 3, !gate.withLock({ $0 }) {
          gate.withLock { $0 = true }
          try await Task.sleep(for: .seconds(600))
        }
        let items = (0..<30).map { repository((search.page - 1) * 30 + $0 + 1) }
        return Page(items: items, page: search.page, nextPage: search.page + 1, totalCount: 5000)
      })
    let (session, _) = session(client, engine: engine)
    _ = await session.execute("query swift")
    let running = session.start("next all")
    #expect(await eventually { gate.withLock { $0 } })
    session.cancelAll()
    _ = await running.finish()
    #expect(session.stateJSON("search")["isLoadingNextPage"] == .bool(false))
    #expect(session.stateJSON("search")["nextPage"] == .int(3))
    _ = await session.execute("next")
    #expect(log.all.last?.page == 3)
  }

  // MARK: - Sorting

  @Test("sort and order re-run the search with the parameters", arguments: SearchEffectStyle.allCases)
  func sortReRunsTheSearch(engine: SearchEffectStyle) async {
    let log = SearchLog()
    let client = GitHubClient(
      searching: { search in
        log.append(search)
        return Page(items: [repository(1)], page: search.page, nextPage: 2, totalCount: 9)
      })
    let (session, sink) = session(client, engine: engine)
    _ = await session.execute("sort stars")
    #expect(log.all.isEmpty)
    _ = await session.execute("query swift")
    _ = await session.execute("next")
    _ = await session.execute("order asc")
    _ = await session.execute("sort")
    #expect(
      log.all.map { "\($0.sort.rawValue) \($0.order.rawValue) \($0.page)" } == [
        "stars desc 1", "stars desc 2", "stars asc 1",
      ])
    let lines = sink.drain().map(\.text)
    #expect(lines.contains("sort: best -> stars (descending)"))
    #expect(lines.contains("order: descending -> ascending (sort: stars)"))
    #expect(lines.last == "sort: stars, asc")
    #expect(session.stateJSON("search")["sort"] == .string("stars"))
    #expect(session.stateJSON("search")["order"] == .string("asc"))
    _ = await session.execute("sort stars")
    #expect(sink.drain().map(\.text) == ["sort: already stars"])
    #expect(log.all.count == 3)
  }

  @Test(
    "sort:stars in the query text is ignored by the API, and the user is told", arguments: SearchEffectStyle.allCases)
  func sortQualifierInTheQueryIsExplained(engine: SearchEffectStyle) async {
    let client = GitHubClient(searchRepositories: { _, page, _ in Page(items: [], page: page, nextPage: nil) })
    let (session, sink) = session(client, engine: engine)
    _ = await session.execute("query swift sort:stars-desc")
    #expect(
      sink.drain().map(\.text).first
        == "GitHub's REST API ignores 'sort:stars-desc' in the query text; use 'sort stars' to sort")
  }

  @Test(
    "a qualifier with no value is a warning on standard error (a shell may have taken '>1000' as a redirection)",
    arguments: SearchEffectStyle.allCases)
  func bareQualifierWarns(engine: SearchEffectStyle) async {
    let client = GitHubClient(searchRepositories: { _, page, _ in Page(items: [], page: page, nextPage: nil) })
    let (session, sink) = session(client, engine: engine)
    _ = await session.execute("query language:go stars:")
    let warning = sink.drain().first
    #expect(warning?.stream == .err)
    #expect(
      warning?.text
        == "warning: 'stars:' has no value, so GitHub reads it as text; "
        + "if a shell took '>' after it as a redirection, quote the word ('stars:>1000')")
    _ = await session.execute("query language:go 'stars:>1000' is:public")
    #expect(!sink.drain().contains { $0.text.hasPrefix("warning:") })
  }
}
