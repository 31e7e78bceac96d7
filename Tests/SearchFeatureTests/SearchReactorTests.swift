import GitHubClient
import ReactorCore
import ReactorJSON
import ReactorTesting
import SearchFeature
import TestSupport
import Testing

@Suite("SearchReactor")
struct SearchReactorTests {
  static func repos(_ range: Range<Int>) -> [Repository] {
    range.map {
      Repository(
        id: $0, fullName: "o/r\($0)", description: nil, stars: $0, language: "Swift", url: "https://github.com/o/r\($0)"
      )
    }
  }

  static func page(_ number: Int, next: Int?, total: Int = 90) -> Page<Repository> {
    Page(items: repos((number - 1) * 30..<number * 30), page: number, nextPage: next, totalCount: total)
  }

  static func client(_ pages: [Int: Page<Repository>]) -> GitHubClient {
    GitHubClient(searchRepositories: { _, page, _ in
      guard let result = pages[page] else { throw GitHubError.notFound("page \(page)") }
      return result
    })
  }

  @Test("query, then next pages to the end, then next says there is no more")
  func happyPath() async {
    let pages = [1: Self.page(1, next: 2), 2: Self.page(2, next: 3), 3: Self.page(3, next: nil)]
    let store = TestStore(reactor: SearchReactor(client: Self.client(pages)))
    await store.send(.updateQuery("swift"))
    await store.receive(.setQuery("swift")) {
      $0.query = "swift"
      $0.isLoading = true
    }
    await store.receive(.setRepos(pages[1]!)) {
      $0.repos = TrackedArray(Self.repos(0..<30))
      $0.nextPage = 2
      $0.totalCount = 90
      $0.isLoading = false
    }
    for number in 2...3 {
      await store.send(.loadNextPage)
      await store.receive(.setLoadingNextPage) { $0.isLoadingNextPage = true }
      await store.receive(.appendRepos(pages[number]!)) {
        $0.repos.append(contentsOf: Self.repos((number - 1) * 30..<number * 30))
        $0.nextPage = number == 3 ? nil : number + 1
        $0.isLoadingNextPage = false
      }
    }
    await store.send(.loadNextPage)
    await store.receiveNotice("no more results")
    await store.finish()
  }

  @Test("an empty or blank query clears the results")
  func emptyQuery() async {
    let store = TestStore(reactor: SearchReactor(client: Self.client([1: Self.page(1, next: 2)])))
    await store.send(.updateQuery("swift"))
    await store.receive(.setQuery("swift")) {
      $0.query = "swift"
      $0.isLoading = true
    }
    await store.receive(.setRepos(Self.page(1, next: 2))) {
      $0.repos = TrackedArray(Self.repos(0..<30))
      $0.nextPage = 2
      $0.totalCount = 90
      $0.isLoading = false
    }
    await store.send(.updateQuery("   "))
    await store.receive(.setQuery(nil)) { $0 = SearchState() }
    await store.send(.loadNextPage)
    await store.receiveNotice("no search yet; try 'query <text>'")
    await store.finish()
  }

  @Test(
    "a query is trimmed of white space at both ends, Unicode spaces included, and only there",
    arguments: [
      ("swift", "swift"), ("  swift \n", "swift"), ("\tlanguage:swift stars:>10", "language:swift stars:>10"),
      ("\u{3000}swift\u{A0}", "swift"), ("sw ift", "sw ift"), ("e\u{301} ", "e\u{301}"), (" é", "é"), ("x", "x"),
      ("\u{2028}a\u{85}", "a"), ("swift\u{3000}", "swift"), ("\u{A0}swift", "swift"), ("~", "~"),
    ])
  func queryTrimming(_ text: String, _ expected: String) {
    let reactor = SearchReactor(client: Self.client([:]))
    #expect(
      reactor.mutate(action: .updateQuery(text), state: SearchState()).synchronousOutputs == [.setQuery(expected)])
  }

  @Test(
    "a sort: qualifier in the query text is pointed out, in any case, and nothing else is",
    arguments: [
      ("swift sort:stars", true), ("SORT:forks swift", true), ("language:swift", false), ("sort stars", false),
      ("a:b", false),
    ])
  func sortQualifierNotice(_ text: String, _ noticed: Bool) async {
    let store = Store(reactor: SearchReactor(client: Self.client([1: Self.page(1, next: nil)])))
    let notices = Locked<[String]>([])
    store.observe { event, _ in
      if case .notice(let notice, _, _) = event { notices.withLock { $0.append(notice.message) } }
    }
    await store.send(.updateQuery(text)).finish()
    #expect(notices.withLock { $0.count } == (noticed ? 1 : 0))
    #expect(notices.withLock { $0.allSatisfy { $0.lowercased().hasPrefix("github's rest api ignores 'sort:") } })
    #expect(store.currentState.repos.count == 30)
  }

  @Test("a query of white space only is no query", arguments: ["", " ", "\t\n", "\u{3000}\u{A0}", "\r\n"])
  func blankQueries(_ text: String) {
    let reactor = SearchReactor(client: Self.client([:]))
    #expect(reactor.mutate(action: .updateQuery(text), state: SearchState()).synchronousOutputs == [.setQuery(nil)])
  }

  @Test("an error becomes state, and the task reports failure")
  func error() async {
    let client = GitHubClient(searchRepositories: { _, _, _ in
      throw GitHubError.rateLimited(resetsIn: 42, authenticated: false)
    })
    let store = TestStore(reactor: SearchReactor(client: client))
    let task = await store.send(.updateQuery("swift"))
    await store.receive(.setQuery("swift")) {
      $0.query = "swift"
      $0.isLoading = true
    }
    await store.receive(.setError(.rateLimited(resetsIn: 42, authenticated: false))) {
      $0.isLoading = false
      $0.lastError = GitHubFailure(.rateLimited(resetsIn: 42, authenticated: false))
    }
    #expect(await task.finish() == .error)
    #expect(
      store.state.lastError?.message == "GitHub rate limit reached; resets in 42 s. Set GH_TOKEN for a higher limit.")
    await store.send(.loadNextPage)
    await store.receiveNotice("the last search failed; run 'query' again")
    await store.finish()
  }

  @Test(
    "next while the first page loads, and while a next page loads, is refused with a notice",
    arguments: SearchEffectStyle.allCases)
  func refusals(style: SearchEffectStyle) async {
    let gate = AsyncGate()
    let client = GitHubClient(searchRepositories: { _, page, _ in
      await gate.wait()
      return SearchReactorTests.page(page, next: page + 1)
    })
    let store = Store(reactor: SearchReactor(client: client, style: style))
    let notices = Locked<[String]>([])
    store.observe { event, _ in
      if case .notice(let notice, _, _) = event { notices.withLock { $0.append(notice.message) } }
    }
    let first = store.send(.updateQuery("swift"))
    store.send(.loadNextPage)
    gate.open()
    await first.finish()
    gate.close()
    let second = store.send(.loadNextPage)
    store.send(.loadNextPage)
    gate.open()
    await second.finish()
    #expect(notices.withLock { $0 } == ["the first page is still loading", "a page is already loading"])
    #expect(store.currentState.repos.count == 60)
  }

  @Test("a newer query cancels the older one: stale results never land", arguments: SearchEffectStyle.allCases)
  func staleResultsDropped(style: SearchEffectStyle) async {
    let slow = AsyncGate()
    let client = GitHubClient(searchRepositories: { query, page, _ in
      if query == "sw" { await slow.wait() }
      return Page(
        items: [Repository(id: query.count, fullName: query, description: nil, stars: 0, language: nil, url: "u")],
        page: page, nextPage: nil)
    })
    let store = Store(reactor: SearchReactor(client: client, style: style))
    let old = store.send(.updateQuery("sw"))
    await store.send(.updateQuery("swift")).finish()
    slow.open()
    #expect(await old.finish() == .cancelled)
    #expect(store.currentState.repos.map(\.fullName) == ["swift"])
    #expect(store.currentState.query == "swift")
  }

  @Test("with cancellation switched off, the stale result does land (the race test can fail)")
  func staleResultsLandWithoutCancellation() async {
    let slow = AsyncGate()
    let client = GitHubClient(searchRepositories: { query, page, _ in
      if query == "sw" { await slow.wait() }
      return Page(
        items: [Repository(id: query.count, fullName: query, description: nil, stars: 0, language: nil, url: "u")],
        page: page, nextPage: nil)
    })
    let store = Store(reactor: WithoutCancellation(SearchReactor(client: client)))
    let old = store.send(.updateQuery("sw"))
    await store.send(.updateQuery("swift")).finish()
    slow.open()
    await old.finish()
    #expect(store.currentState.repos.map(\.fullName) == ["sw"])
  }

  @Test("cancel stops loading and keeps the results so far", arguments: SearchEffectStyle.allCases)
  func cancel(style: SearchEffectStyle) async {
    let gate = AsyncGate()
    let client = GitHubClient(searchRepositories: { _, page, _ in
      if page > 1 { await gate.wait() }
      return SearchReactorTests.page(page, next: page + 1)
    })
    let store = Store(reactor: SearchReactor(client: client, style: style))
    await store.send(.updateQuery("swift")).finish()
    let next = store.send(.loadNextPage)
    store.send(.cancel)
    gate.open()
    #expect(await next.finish() == .cancelled)
    #expect(store.currentState.repos.count == 30)
    #expect(!store.currentState.isLoadingNextPage)
  }

  @Test("the 1,000-result cap is explained", arguments: SearchEffectStyle.allCases)
  func cap(style: SearchEffectStyle) async {
    let client = GitHubClient(searchRepositories: { _, page, _ in
      Page(items: SearchReactorTests.repos(0..<1000), page: page, nextPage: nil, totalCount: 5000)
    })
    let store = Store(reactor: SearchReactor(client: client, style: style))
    let notices = Locked<[String]>([])
    store.observe { event, _ in
      if case .notice(let notice, _, _) = event { notices.withLock { $0.append(notice.message) } }
    }
    await store.send(.updateQuery("a")).finish()
    store.send(.loadNextPage)
    #expect(notices.withLock { $0 } == ["no more results: GitHub returns at most 1,000 results per search"])
  }

  @Test(
    "the cap is not blamed when fewer than 1,000 results loaded, whatever the total says",
    arguments: SearchEffectStyle.allCases)
  func noCapBelowAThousand(style: SearchEffectStyle) async {
    let client = GitHubClient(searchRepositories: { _, page, _ in
      Page(items: SearchReactorTests.repos(0..<40), page: page, nextPage: nil, totalCount: 5000)
    })
    let store = Store(reactor: SearchReactor(client: client, style: style))
    let notices = Locked<[String]>([])
    store.observe { event, _ in
      if case .notice(let notice, _, _) = event { notices.withLock { $0.append(notice.message) } }
    }
    await store.send(.updateQuery("a")).finish()
    store.send(.loadNextPage)
    #expect(notices.withLock { $0 } == ["no more results"])
  }

  @Test("appending a page costs no whole-state copy: the patch holds only the page")
  func appendPatch() async {
    let client = GitHubClient(searchRepositories: { _, page, _ in SearchReactorTests.page(page, next: page + 1) })
    let store = Store(reactor: SearchReactor(client: client))
    let patches = Locked<[[PatchOperation]]>([])
    store.observe { event, _ in
      if case .transition(let t) = event { patches.withLock { $0.append(t.patch) } }
    }
    await store.send(.updateQuery("swift")).finish()
    await store.send(.loadNextPage).finish()
    let last = patches.withLock { $0.last! }
    #expect(last.filter { $0.path == "/repos/-" }.count == 30)
    #expect(!last.contains { $0.path == "/repos" })
  }
}
