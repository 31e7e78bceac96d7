import GitHubClient
import ReactorCore
import ReactorTesting
import SearchFeature
import Testing

// SearchReactor's feedback style through SearchReactorTests' scenarios, on a real Store. The
// loads its loop runs are bookkeeping a test cannot set, so instead of a TestStore a probe logs
// every committed mutation with the state after it, and every notice, and the tests assert the
// whole log.

/// Everything a store told its observers, in order.
private enum Entry: Equatable, CustomStringConvertible {
  case event(SearchReactor.Mutation, SearchState)
  case notice(String)

  var description: String {
    switch self {
    case .event(let event, let state):
      "\(event.caseName) -> query=\(state.query ?? "nil") repos=\(state.repos.count) next=\(state.nextPage.map { String($0) } ?? "nil")"
        + " loading=\(state.isLoading)/\(state.isLoadingNextPage) error=\(state.lastError?.code ?? "nil")"
    case .notice(let message): "notice \(message)"
    }
  }
}

private final class Probe: Sendable {
  let store: Store<SearchReactor>
  private let log = Locked<[Entry]>([])

  init(client: GitHubClient) {
    store = Store(reactor: SearchReactor(client: client, style: .feedback))
    store.observe { [weak self] event, state in
      switch event {
      case .transition(let t):
        guard let mutation = t.mutation else {
          Issue.record("unexpected restore")
          return
        }
        self?.append(.event(mutation, state))
      case .notice(let notice, _, _): self?.append(.notice(notice.message))
      case .failure(let error, _, _): Issue.record("unexpected effect failure \(error)")
      }
    }
  }

  private func append(_ entry: Entry) { log.withLock { $0.append(entry) } }

  /// Sends an action and waits for everything it started.
  @discardableResult
  func run(_ action: SearchReactor.Action) async -> StoreTask.Completion {
    await store.send(action).finish()
  }

  /// Returns the log so far and empties it.
  func take() -> [Entry] {
    log.withLock { log in
      defer { log.removeAll() }
      return log
    }
  }

  var search: SearchState { store.currentState }
}

private typealias Request = SearchReactor.Request

@Suite("SearchReactor, feedback style")
struct SearchFeedbackStyleTests {
  static let pages = [
    1: SearchReactorTests.page(1, next: 2), 2: SearchReactorTests.page(2, next: 3),
    3: SearchReactorTests.page(3, next: nil),
  ]

  /// The public state after `query swift` landed its first page.
  static var firstPage: SearchState {
    var state = SearchState()
    state.query = "swift"
    state.repos = TrackedArray(SearchReactorTests.repos(0..<30))
    state.nextPage = 2
    state.totalCount = 90
    return state
  }

  @Test("query, then next pages to the end, then next says there is no more")
  func happyPath() async {
    let probe = Probe(client: SearchReactorTests.client(Self.pages))
    #expect(await probe.run(.updateQuery("swift")) == .ok)
    var loading = SearchState()
    loading.query = "swift"
    loading.isLoading = true
    #expect(
      probe.take() == [
        .event(.setQuery("swift"), loading),
        .event(
          .response(Self.pages[1]!, for: Request(query: "swift", page: 1, load: 1)), Self.firstPage),
      ])
    var state = Self.firstPage
    for number in 2...3 {
      #expect(await probe.run(.loadNextPage) == .ok)
      state.isLoadingNextPage = true
      let started = state
      state.repos.append(contentsOf: SearchReactorTests.repos((number - 1) * 30..<number * 30))
      state.nextPage = number == 3 ? nil : number + 1
      state.isLoadingNextPage = false
      let request = Request(query: "swift", page: number, load: number)
      #expect(
        probe.take() == [
          .event(.setLoadingNextPage, started),
          .event(.response(Self.pages[number]!, for: request), state),
        ])
    }
    await probe.run(.loadNextPage)
    #expect(probe.take() == [.notice("no more results")])
    #expect(probe.store.runningEffectCount == 0)
  }

  @Test("an empty or blank query clears the results and cancels nothing that runs")
  func emptyQuery() async {
    let probe = Probe(client: SearchReactorTests.client(Self.pages))
    await probe.run(.updateQuery("swift"))
    _ = probe.take()
    #expect(await probe.run(.updateQuery("   ")) == .ok)
    #expect(probe.take() == [.event(.setQuery(nil), SearchState())])
    #expect(probe.store.currentState.request == nil)
    await probe.run(.loadNextPage)
    #expect(probe.take() == [.notice("no search yet; try 'query <text>'")])
  }

  @Test("an error becomes state, and the task reports failure")
  func error() async {
    let client = GitHubClient(searchRepositories: { _, _, _ in
      throw GitHubError.rateLimited(resetsIn: 42, authenticated: false)
    })
    let probe = Probe(client: client)
    #expect(await probe.run(.updateQuery("swift")) == .error)
    var failed = SearchState()
    failed.query = "swift"
    failed.lastError = GitHubFailure(.rateLimited(resetsIn: 42, authenticated: false))
    let error = GitHubError.rateLimited(resetsIn: 42, authenticated: false)
    #expect(
      probe.take().last
        == .event(.failed(error, for: Request(query: "swift", page: 1, load: 1)), failed))
    #expect(
      probe.search.lastError?.message
        == "GitHub rate limit reached; resets in 42 s. Set GH_TOKEN for a higher limit.")
    await probe.run(.loadNextPage)
    #expect(probe.take() == [.notice("the last search failed; run 'query' again")])
  }

  @Test("reduce drops an answer to any request but the current, unanswered one")
  func reduceDropsStaleAnswers() {
    let reactor = SearchReactor(client: SearchReactorTests.client(Self.pages), style: .feedback)
    var state = reactor.initialState
    reactor.reduce(state: &state, mutation: .setQuery("sw"))
    reactor.reduce(state: &state, mutation: .setQuery("swift"))
    let before = state
    reactor.reduce(
      state: &state,
      mutation: .response(Self.pages[1]!, for: Request(query: "sw", page: 1, load: 1)))
    reactor.reduce(
      state: &state, mutation: .failed(.timeout(seconds: nil), for: Request(query: "swift", page: 1, load: 1)))
    #expect(state == before)
    #expect(state.request == Request(query: "swift", page: 1, load: 2))
    #expect(!state.applied(Request(query: "sw", page: 1, load: 1)))
    let current = Request(query: "swift", page: 1, load: 2)
    #expect(state.request == current)
    reactor.reduce(state: &state, mutation: .response(Self.pages[1]!, for: current))
    #expect(state == Self.firstPage)
    reactor.reduce(state: &state, mutation: .response(Self.pages[1]!, for: current))
    #expect(state == Self.firstPage)
  }

  @Test("the same query again is a new load: it restarts rather than joining the one in flight")
  func repeatedQueryRestarts() async {
    let first = AsyncGate()
    let calls = Locked(0)
    let client = GitHubClient(searchRepositories: { _, page, _ in
      let call = calls.withLock { calls in
        calls += 1
        return calls
      }
      if call == 1 { await first.wait() }
      return SearchReactorTests.page(page, next: nil)
    })
    let probe = Probe(client: client)
    let old = probe.store.send(.updateQuery("swift"))
    #expect(await probe.run(.updateQuery("swift")) == .ok)
    first.open()
    #expect(await old.finish() == .cancelled)
    #expect(calls.withLock { $0 } == 2)
    #expect(probe.search.repos.count == 30)
  }

  @Test("cancel stops loading and keeps the results so far; next then loads the same page")
  func cancel() async {
    let gate = AsyncGate()
    let client = GitHubClient(searchRepositories: { _, page, _ in
      if page > 1 { await gate.wait() }
      return SearchReactorTests.page(page, next: page + 1)
    })
    let probe = Probe(client: client)
    await probe.run(.updateQuery("swift"))
    #expect(await probe.run(.cancel) == .ok)
    let next = probe.store.send(.loadNextPage)
    probe.store.send(.cancel)
    gate.open()
    #expect(await next.finish() == .cancelled)
    #expect(probe.search.repos.count == 30)
    #expect(!probe.search.isLoadingNextPage)
    #expect(
      probe.take().map(\.description).suffix(2) == [
        "setLoadingNextPage -> query=swift repos=30 next=2 loading=false/true error=nil",
        "setIdle -> query=swift repos=30 next=2 loading=false/false error=nil",
      ])
    #expect(await probe.run(.loadNextPage) == .ok)
    #expect(probe.search.repos.count == 60)
  }

  @Test("the query reaches the client as typed (trimmed): the client escapes it, not the feature")
  func queryIsNotEscaped() async {
    let seen = Locked<[String]>([])
    let client = GitHubClient(searchRepositories: { query, page, _ in
      seen.withLock { $0.append(query) }
      return Page(items: [], page: page, nextPage: nil, totalCount: 0)
    })
    let probe = Probe(client: client)
    await probe.run(.updateQuery("  c++ language:c&x=1 "))
    #expect(seen.withLock { $0 } == ["c++ language:c&x=1"])
  }
}
