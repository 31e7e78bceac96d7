package import GitHubClient
package import ReactorCore

/// Repository search with pagination, after ReactorKit's GitHubSearch sample and RxFeedback's
/// GitHub search sample: one reactor, with either sample's way of producing effects.
///
/// - ``SearchEffectStyle/reactor``, ReactorKit's style: `mutate` returns the load with the
///   mutation that records the user's intent, and a new query cancels the load in flight.
/// - ``SearchEffectStyle/feedback``, RxFeedback's style: `mutate` only records the intent in
///   state; ``feedback(state:)`` derives the request the state asks for
///   (``SearchState/request``) and starts, restarts or cancels its load as it changes. Answers
///   name the request they answer, and `reduce` drops any but the current one's.
///
/// Both styles share the actions, mutations, state, `reduce`, notices and text output, so a
/// session prints the same on either; change records differ only in the answers' mutation
/// names (`setRepos`, `appendRepos`, `setError` against `response`, `failed`).
///
/// Contract: a stale page can never land; an empty query clears the results; `loadNextPage` is
/// refused, with a notice saying why, while a page is loading or when there is no next page.
/// Failures are state (`lastError`). The feedback style's loop remembers the last request:
/// give every store its own reactor.
package struct SearchReactor: Reactor {
  // MARK: - Action

  package enum Action: Sendable, Equatable {
    /// Search for this text; nil or blank clears the search.
    case updateQuery(String?)
    /// Load the page after the last one loaded.
    case loadNextPage
    /// Load this many pages after the last one loaded (`next 3`; `Int.max` for `next all`),
    /// stopping at the last page or GitHub's 1,000-result cap.
    case loadPages(Int)
    /// Sort by this, in this order; a search under way starts again.
    case updateSort(SearchSort, SearchOrder)
    /// Stop whatever is loading (Ctrl-C), keeping the results so far.
    case cancel
  }

  // MARK: - Mutation

  package enum Mutation: Sendable, Equatable {
    /// A new search (nil: cleared); its first page is loading.
    case setQuery(String?)
    /// The next page is loading.
    case setLoadingNextPage
    /// This many pages are loading, one after the other.
    case setLoadingPages(Int)
    /// A new sort; a search under way starts again.
    case setSort(SearchSort, SearchOrder)
    /// Loading stopped, the results so far kept.
    case setIdle
    // The reactor style's answers: cancellation keeps a stale one from arriving.
    /// The first page of the search.
    case setRepos(Page<Repository>)
    /// A further page.
    case appendRepos(Page<Repository>)
    /// Why the load failed.
    case setError(GitHubError)
    // The feedback style's answers, which name their request: `reduce` drops a stale one.
    // Indirect, so that a request beside a page does not make every mutation larger.
    /// The page loaded for the request.
    indirect case response(Page<Repository>, for: Request)
    /// Why loading the request failed.
    indirect case failed(GitHubError, for: Request)
  }

  /// "Load this query at this page": what the feedback style's loop performs.
  package struct Request: Hashable, Sendable {
    /// The query as the user typed it, trimmed; the client escapes it.
    package var query: String
    /// The page to load, from 1.
    package var page: Int
    /// The number of the load, so a repeated query or a retried page is a new request.
    package var load: Int
    package var sort: SearchSort
    package var order: SearchOrder

    package init(query: String, page: Int, load: Int, sort: SearchSort = .best, order: SearchOrder = .desc) {
      self.query = query
      self.page = page
      self.load = load
      self.sort = sort
      self.order = order
    }
  }

  // MARK: - State

  package typealias State = SearchState

  package let initialState: SearchState
  /// How effects are produced.
  package let style: SearchEffectStyle
  let client: GitHubClient
  let perPage: Int
  /// The feedback style's loop; nil in the reactor style.
  private let loop: FeedbackLoop<SearchState, Request, Mutation>?

  /// - Parameters:
  ///   - perPage: results per page (GitHub allows 1-100).
  ///   - sort, order: the sort at the start (`--sort`, `--order`).
  ///   - style: ReactorKit's (`mutate` returns the loads) or RxFeedback's (the state does).
  package init(
    client: GitHubClient, perPage: Int = 30, sort: SearchSort = .best, order: SearchOrder = .desc,
    style: SearchEffectStyle = .reactor
  ) {
    initialState = SearchState(sort: sort, order: order)
    self.style = style
    self.client = client
    self.perPage = perPage
    loop =
      style == .feedback
      ? FeedbackLoop(id: Self.searchID, request: { $0.request }, effects: Self.answer(client: client, perPage: perPage))
      : nil
  }

  /// The id every load runs under.
  package static let searchID: EffectID = "search"

  // MARK: - mutate

  package func mutate(action: Action, state: State) -> Effect<Mutation> {
    switch action {
    case .updateQuery(let text):
      let query = text?.trimmingWhitespace
      guard let query, !query.isEmpty else { return cancellingLoad(.send(.setQuery(nil))) }
      let search = RepositorySearch(query: query, sort: state.sort, order: state.order, page: 1, perPage: perPage)
      // A `sort:` qualifier needs a colon: without one, the query is not split and searched for it.
      let notice = query.utf8.contains(UInt8(ascii: ":")) ? SearchState.queryNotice(in: search) : nil
      return .concatenate(
        notice.map { .notice($0) } ?? .none, .send(.setQuery(query)),
        load(search, pages: 1, append: false, cancelInFlight: true))

    case .loadNextPage:
      return loadPages(1, state: state)

    case .loadPages(let count):
      return loadPages(count, state: state)

    case .updateSort(let sort, let order):
      guard sort != state.sort || order != state.order else { return .none }
      guard let query = state.query else { return .send(.setSort(sort, order)) }
      let search = RepositorySearch(query: query, sort: sort, order: order, page: 1, perPage: perPage)
      return .concatenate(.send(.setSort(sort, order)), load(search, pages: 1, append: false, cancelInFlight: true))

    case .cancel:
      guard state.isLoading || state.isLoadingNextPage else { return .none }
      return cancellingLoad(.send(.setIdle))
    }
  }

  /// `next` and `next <n>`: refused with a notice saying why, or the pages loading.
  private func loadPages(_ count: Int, state: State) -> Effect<Mutation> {
    if let refusal = state.nextPageRefusal { return .notice(refusal) }
    guard let query = state.query, let nextPage = state.nextPage else { return .none }
    let search = RepositorySearch(
      query: query, sort: state.sort, order: state.order, page: nextPage, perPage: perPage)
    return .concatenate(
      count == 1 ? Self.startLoadingNextPage : .send(.setLoadingPages(count)),
      load(search, pages: count, append: true, cancelInFlight: false))
  }

  /// The first part of every `next`, made once: a copy is a retain, where a new one allocated
  /// its box.
  private static let startLoadingNextPage = Effect<Mutation>.send(.setLoadingNextPage)

  /// `effect`, after cancelling the load in flight in the reactor style; in the feedback style
  /// the loop cancels it when the state no longer asks for it.
  private func cancellingLoad(_ effect: Effect<Mutation>) -> Effect<Mutation> {
    style == .reactor ? .concatenate(.cancel(id: Self.searchID), effect) : effect
  }

  /// The reactor style's load of `pages` pages from `search.page` on, each sent as it lands,
  /// until the last page; nothing in the feedback style, whose loop loads what state asks for.
  private func load(_ search: RepositorySearch, pages: Int, append: Bool, cancelInFlight: Bool) -> Effect<Mutation> {
    guard style == .reactor else { return .none }
    // The two closures `GitHubClient.page(of:)` chooses between, not the whole client: copying
    // it into the effect's context retained every one of its closures.
    let searchRepositories = client.searchRepositories
    let sortedSearch = client.search
    let work: Effect<Mutation>.Work = { send in
      var search = search
      for _ in 0..<max(1, pages) {
        do {
          let result =
            search.sort == .best
            ? try await searchRepositories(search.query, search.page, search.perPage) : try await sortedSearch(search)
          Self.deliver(result, append: append, to: send)
          guard let next = result.nextPage else { return }
          search.page = next
        } catch {
          Self.deliver(error, to: send)
          return
        }
      }
    }
    return .run(cancellableAs: Self.searchID, cancelInFlight: cancelInFlight, work)
  }

  /// Sends a page that landed. Synchronous and never inlined, so that the mutation is made on
  /// the thread's stack, not in the effect's
  /// async frame, which it grew past the task's first slab.
  @inline(never)
  private static func deliver(_ page: Page<Repository>, append: Bool, to send: Send<Mutation>) {
    send(append ? .appendRepos(page) : .setRepos(page))
  }

  /// Sends a failed request's error; apart for the reason above.
  @inline(never)
  private static func deliver(_ error: any Error, to send: Send<Mutation>) {
    send(.setError(GitHubError.from(error)))
  }

  // MARK: - Feedback

  /// The feedback style's loop: starts, restarts or cancels the load as
  /// ``SearchState/request`` changes. Nothing in the reactor style.
  package func feedback(state: State) -> Effect<Mutation> { loop?(state) ?? .none }

  /// The feedback style's load of one request, answered with the request it answers.
  private static func answer(client: GitHubClient, perPage: Int) -> @Sendable (Request) -> Effect<Mutation> {
    { request in
      .run { send in
        do {
          let page = try await client.page(
            of: RepositorySearch(
              query: request.query, sort: request.sort, order: request.order, page: request.page, perPage: perPage))
          send(.response(page, for: request))
        } catch {
          send(.failed(GitHubError.from(error), for: request))
        }
      }
    }
  }

  // MARK: - reduce

  package func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .setQuery(let query): state.begin(query: query)
    case .setLoadingNextPage: state.beginLoadingPages(1)
    case .setLoadingPages(let count): state.beginLoadingPages(count)
    case .setSort(let sort, let order): state.change(sort: sort, order: order)
    case .setIdle: state.stopLoading()
    case .setRepos(let page): state.receiveFirstPage(page)
    case .appendRepos(let page): state.receiveNextPage(page)
    case .setError(let error): state.fail(error)
    case .response(let page, let request):
      guard state.awaits(request) else { return }
      state.loads.value.lastAnswered = request.load
      if request.page == 1 { state.receiveFirstPage(page) } else { state.receiveNextPage(page) }
    case .failed(let error, let request):
      guard state.awaits(request) else { return }
      state.loads.value.lastAnswered = request.load
      state.fail(error)
    }
  }

  package func failure(of mutation: Mutation) -> (any Error)? {
    switch mutation {
    case .setError(let error), .failed(let error, _): error
    default: nil
    }
  }

  // MARK: - Time travel

  /// The past state idle (the jump cancelled its load), its count of loads kept from now.
  package func restoring(_ past: State, replacing current: State) -> State {
    var state = current
    state.restore(past)
    return state
  }
}

extension String {
  /// Without leading and trailing white space (`Character.isWhitespace`). A query without any
  /// comes back as it is, without the two reversals and the new string of a general trim.
  var trimmingWhitespace: String {
    // The usual query starts and ends with a visible ASCII byte: checked on the bytes, without
    // the grapheme walk of the general case.
    if let first = utf8.first, let last = utf8.last, first > 0x20, first < 0x7F, last > 0x20, last < 0x7F {
      return self
    }
    guard let start = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else {
      return ""
    }
    if start == startIndex && index(after: last) == endIndex { return self }
    return String(self[start...last])
  }
}

extension SearchReactor.Action: CaseNamed {
  /// The command this action stands for, as NDJSON change records name it (`action`).
  package var caseName: String {
    switch self {
    case .updateQuery: "query"
    case .loadNextPage, .loadPages: "next"
    case .updateSort: "sort"
    case .cancel: "cancel"
    }
  }
}

extension SearchReactor.Mutation: CaseNamed {
  package var caseName: String {
    switch self {
    case .setQuery: "setQuery"
    case .setLoadingNextPage: "setLoadingNextPage"
    case .setLoadingPages: "setLoadingPages"
    case .setSort: "setSort"
    case .setIdle: "setIdle"
    case .setRepos: "setRepos"
    case .appendRepos: "appendRepos"
    case .setError: "setError"
    case .response: "response"
    case .failed: "failed"
    }
  }

  /// The request a feedback-style answer (`response`, `failed`) answers; nil for the others.
  package var answeredRequest: SearchReactor.Request? {
    switch self {
    case .response(_, let request), .failed(_, let request): request
    default: nil
    }
  }
}
