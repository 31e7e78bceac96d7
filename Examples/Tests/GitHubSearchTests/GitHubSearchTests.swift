import AsyncAlgorithms
import GitHubSearch
import Observation
import ReactorCore
import ReactorObservation
import ReactorTesting
import Testing

/// Answers searches from a table of pages; a query whose gate is closed waits at it.
private struct Pages: Sendable {
  var pages: [String: [Int: (repos: [String], nextPage: Int?)]]
  var gates: [String: AsyncGate] = [:]

  var search: GitHubSearchReactor.Search {
    { query, page in
      await gates[query]?.wait()
      guard let answer = pages[query]?[page] else { throw NoSuchPage() }
      return answer
    }
  }

  struct NoSuchPage: Error {}

  static let swift = Pages(pages: [
    "swift": [1: (["apple/swift", "vapor/vapor"], nextPage: 2), 2: (["Alamofire/Alamofire"], nextPage: nil)],
    "rust": [1: (["rust-lang/rust"], nextPage: nil)],
  ])
}

/// The search bar's text, saying each time the binding asks for the next keystroke: then the
/// debounce has taken the last one, and the test may move time on.
private struct SearchBar: AsyncSequence, Sendable {
  let text: AsyncStream<String?>
  let asking: AsyncStream<Void>.Continuation

  struct AsyncIterator: AsyncIteratorProtocol {
    var text: AsyncStream<String?>.Iterator
    let asking: AsyncStream<Void>.Continuation

    mutating func next() async -> String?? {
      asking.yield()
      return await text.next()
    }
  }

  func makeAsyncIterator() -> AsyncIterator { AsyncIterator(text: text.makeAsyncIterator(), asking: asking) }
}

@Suite("ReactorKit's GitHub search as library code")
struct GitHubSearchTests {
  @Test("a query loads the first page, and the next page is appended until there is none")
  func searchAndPaginate() async {
    let store = TestStore(reactor: GitHubSearchReactor(search: Pages.swift.search))
    await store.send(.updateQuery("swift"))
    await store.receive(.setQuery("swift")) { $0.query = "swift" }
    await store.receive(.setRepos(["apple/swift", "vapor/vapor"], nextPage: 2)) {
      $0.repos = ["apple/swift", "vapor/vapor"]
      $0.nextPage = 2
    }
    await store.send(.loadNextPage)
    await store.receive(.setLoadingNextPage(true)) { $0.isLoadingNextPage = true }
    await store.receive(.appendRepos(["Alamofire/Alamofire"], nextPage: nil)) {
      $0.repos.append("Alamofire/Alamofire")
      $0.nextPage = nil
    }
    await store.receive(.setLoadingNextPage(false)) { $0.isLoadingNextPage = false }
    // The last page: nothing more to load.
    await store.send(.loadNextPage)
    await store.finish()
  }

  @Test("a new query cancels the search in flight, so its page never lands")
  func newQueryCancelsStaleSearch() async {
    var pages = Pages.swift
    let slow = AsyncGate()
    pages.gates["swift"] = slow
    let store = TestStore(reactor: GitHubSearchReactor(search: pages.search))
    await store.send(.updateQuery("swift"))
    await store.receive(.setQuery("swift")) { $0.query = "swift" }
    await store.send(.updateQuery("rust"))
    await store.receive(.setQuery("rust")) { $0.query = "rust" }
    await store.receive(.setRepos(["rust-lang/rust"], nextPage: nil)) { $0.repos = ["rust-lang/rust"] }
    slow.open()
    await store.finish()
  }

  @Test("an empty query clears the results; a failed search is reported, not hidden")
  func clearAndFail() async {
    let store = TestStore(reactor: GitHubSearchReactor(search: Pages.swift.search))
    await store.send(.updateQuery("rust"))
    await store.receive(.setQuery("rust")) { $0.query = "rust" }
    await store.receive(.setRepos(["rust-lang/rust"], nextPage: nil)) { $0.repos = ["rust-lang/rust"] }
    await store.send(.updateQuery(""))
    await store.receive(.setQuery(nil)) {
      $0.query = nil
      $0.repos = []
    }
    await store.send(.updateQuery("zig"))
    await store.receive(.setQuery("zig")) { $0.query = "zig" }
    #expect(await store.receiveFailure()?.contains("NoSuchPage") == true)
    await store.finish()
  }

  @Test("the view debounces the search bar: the text typing paused at is searched, once")
  func viewDebouncesQueries() async {
    let view = GitHubSearchView(reactor: GitHubSearchReactor(search: Pages.swift.search))
    let sent = Recorder<String?>()
    view.store.observe { event, _ in
      if case .transition(let change) = event, case .setQuery(let query) = change.mutation { sent.append(query) }
    }
    let clock = VirtualClock()
    let (text, typing) = AsyncStream.makeStream(of: String?.self)
    let (asks, asking) = AsyncStream.makeStream(of: Void.self)
    let (rows, _) = AsyncStream.makeStream(of: Int.self)
    let binding = Task {
      await view.bind(queries: SearchBar(text: text, asking: asking), lastVisibleRows: rows, clock: clock)
    }
    var asked = asks.makeAsyncIterator()
    await asked.next()
    // A keystroke every 100 ms, each taken by the debounce before time moves on.
    for keystroke in ["s", "sw", "swi", "swift"] {
      typing.yield(keystroke)
      await asked.next()
      clock.advance(by: .milliseconds(100))
    }
    clock.advance(by: .milliseconds(200))
    var repos = view.store.states(\.repos).makeAsyncIterator()
    while let list = await repos.next(), list.isEmpty {}
    #expect(sent.values == ["swift"])
    #expect(view.store.currentState.repos == ["apple/swift", "vapor/vapor"])
    binding.cancel()
    await binding.value
  }

  @Test("the view asks for the next page when the list is scrolled near its end, and only then")
  func viewLoadsNextPageNearTheEnd() async {
    let view = GitHubSearchView(reactor: GitHubSearchReactor(search: Pages.swift.search))
    let store = view.store
    store.send(.updateQuery("swift"))
    var repos = store.states(\.repos).makeAsyncIterator()
    while let list = await repos.next(), list.count < 2 {}
    let (queries, _) = AsyncStream.makeStream(of: String?.self)
    let (rows, scrolling) = AsyncStream.makeStream(of: Int.self)
    let binding = Task { await view.bind(queries: queries, lastVisibleRows: rows, clock: VirtualClock()) }
    // Two rows, five before the end: any row on screen is near it.
    scrolling.yield(0)
    while let list = await repos.next(), list.count < 3 {}
    #expect(store.currentState.repos == ["apple/swift", "vapor/vapor", "Alamofire/Alamofire"])
    binding.cancel()
    await binding.value
  }

  @Test("a row far from the end asks for nothing")
  func farFromTheEnd() async {
    let many = (1...20).map { "owner/repo\($0)" }
    let pages = Pages(pages: ["swift": [1: (many, nextPage: 2), 2: (["last/one"], nextPage: nil)]])
    let view = GitHubSearchView(reactor: GitHubSearchReactor(search: pages.search))
    view.store.send(.updateQuery("swift"))
    var repos = view.store.states(\.repos).makeAsyncIterator()
    while let list = await repos.next(), list.count < 20 {}
    let (queries, _) = AsyncStream.makeStream(of: String?.self)
    let (rows, scrolling) = AsyncStream.makeStream(of: Int.self)
    scrolling.yield(3)
    scrolling.yield(14)  // the sixth row from the end: not near it yet
    scrolling.finish()
    await view.bind(queries: queries.prefix(0), lastVisibleRows: rows, clock: VirtualClock())
    #expect(view.store.currentState.repos.count == 20)
  }

  @Test("the seed's one line, with swift-async-algorithms' throttle: the first query at once")
  func seedsThrottleLine() async {
    let store = Store(reactor: GitHubSearchReactor(search: Pages.swift.search))
    let (searchBarText, typing) = AsyncStream.makeStream(of: String?.self)
    typing.yield("rust")
    typing.finish()
    await store.send(
      contentsOf: searchBarText._throttle(for: .milliseconds(300)).map(GitHubSearchReactor.Action.updateQuery))
    #expect(store.currentState.query == "rust")
  }

  @MainActor
  @Test("the view's model tells a reader of query nothing when a page lands, and tells a reader of repos")
  func perPropertyObservation() async {
    let view = GitHubSearchView(reactor: GitHubSearchReactor(search: Pages.swift.search))
    view.model.send(.updateQuery("swift"))
    var repos = view.store.states(\.repos).makeAsyncIterator()
    while let list = await repos.next(), list.count < 2 {}
    await MainActor.run {}
    #expect(view.model.repos.count == 2)

    let queryChanged = Locked(false)
    let reposChanged = AsyncGate()
    withObservationTracking {
      _ = view.model.query
    } onChange: {
      queryChanged.withLock { $0 = true }
    }
    withObservationTracking {
      _ = view.model.repos
    } onChange: {
      reposChanged.open()
    }
    view.model.send(.loadNextPage)
    await reposChanged.wait()
    #expect(!queryChanged.withLock { $0 })
    await MainActor.run {}
    #expect(view.model.repos.count == 3)
  }
}
