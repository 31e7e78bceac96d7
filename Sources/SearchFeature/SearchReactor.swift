package import GitHubClient
package import ReactorCore

/// Repository search with pagination, after ReactorKit's GitHubSearch sample.
///
/// A new query cancels the search in flight, so a stale page can never land; an empty query
/// clears the results; `loadNextPage` is refused, with a notice saying why, while a page is
/// loading or when there is no next page. Failures are state (`lastError`).
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
    /// Put the state back to an earlier one (time travel: `goto`, `undo`, `redo`), cancelling
    /// the search in flight.
    /// Indirect: a whole state is large, and every value of the enum is as large as its largest case.
    indirect case restore(SearchState)
  }

  // MARK: - Mutation

  package enum Mutation: Sendable, Equatable {
    case setQuery(String?)
    case setRepos(Page<Repository>)
    case appendRepos(Page<Repository>)
    case setLoadingNextPage(Bool)
    case setLoadingPages(Int)
    case setSort(SearchSort, SearchOrder)
    case setError(GitHubError)
    case setIdle
    /// The whole state, as a jump in history left it.
    /// Indirect: a whole state is large, and every value of the enum is as large as its largest case.
    indirect case restore(SearchState)
  }

  // MARK: - State

  package typealias State = SearchState

  package let initialState: SearchState
  let client: GitHubClient
  let perPage: Int

  /// - Parameters:
  ///   - perPage: results per page (GitHub allows 1-100).
  ///   - sort, order: the sort at the start (`--sort`, `--order`).
  package init(client: GitHubClient, perPage: Int = 30, sort: SearchSort = .best, order: SearchOrder = .desc) {
    initialState = SearchState(sort: sort, order: order)
    self.client = client
    self.perPage = perPage
  }

  static let searchID: EffectID = "search"

  // MARK: - mutate

  package func mutate(action: Action, state: State) -> Effect<Mutation> {
    switch action {
    case .updateQuery(let text):
      let query = text?.trimmingWhitespace
      guard let query, !query.isEmpty else {
        return .concatenate(.cancel(id: Self.searchID), .send(.setQuery(nil)))
      }
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
      return .concatenate(.cancel(id: Self.searchID), .send(.setIdle))

    case .restore(let state):
      return .concatenate(.cancel(id: Self.searchID), .send(.restore(state)))
    }
  }

  /// `next` and `next <n>`: the same refusals as the feedback engine's, from one place.
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
  private static let startLoadingNextPage = Effect<Mutation>.send(.setLoadingNextPage(true))

  /// Loads `pages` pages from `search.page` on, each as it lands, until the last page.
  private func load(_ search: RepositorySearch, pages: Int, append: Bool, cancelInFlight: Bool) -> Effect<Mutation> {
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

  /// Sends a page that landed. Synchronous and never inlined, so that the mutation (an enum as
  /// large as the whole state, for `restore`) is made on the thread's stack, not in the effect's
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

  // MARK: - reduce

  package func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .setQuery(let query): state.begin(query: query)
    case .setRepos(let page): state.receiveFirstPage(page)
    case .appendRepos(let page): state.receiveNextPage(page)
    case .setLoadingNextPage(let loading): state.isLoadingNextPage = loading
    case .setLoadingPages(let count): state.beginLoadingPages(count)
    case .setSort(let sort, let order): state.change(sort: sort, order: order)
    case .setError(let error): state.fail(error)
    case .setIdle: state.stopLoading()
    case .restore(let restored): state.restore(restored)
    }
  }

  package func failure(of mutation: Mutation) -> (any Error)? {
    if case .setError(let error) = mutation { return error }
    return nil
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

extension SearchReactor.Action {
  /// The command this action stands for, as NDJSON change records name it (`action`).
  package var commandName: String {
    switch self {
    case .updateQuery: "query"
    case .loadNextPage, .loadPages: "next"
    case .updateSort: "sort"
    case .cancel: "cancel"
    case .restore: "goto"
    }
  }
}
