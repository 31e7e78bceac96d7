public import ReactorCore

/// ReactorKit's GitHubSearch sample: repositories found as the user types, and the next page
/// when the list is scrolled near its end.
///
/// As in the sample, a new query cancels the search in flight (its `takeUntil`), so a stale
/// page never lands, and `loadNextPage` does nothing while a page loads or when there is none.
/// Unlike it, a failed request is not turned into an empty page: the store reports it as a
/// failure of the action (`StoreEvent.failure`), and the state stays as it was.
public struct GitHubSearchReactor: Reactor {
  public enum Action: Sendable {
    case updateQuery(String?)
    case loadNextPage
  }

  public enum Mutation: Sendable, Equatable {
    case setQuery(String?)
    case setRepos([String], nextPage: Int?)
    case appendRepos([String], nextPage: Int?)
    case setLoadingNextPage(Bool)
  }

  public struct State: Sendable, Equatable {
    public var query: String?
    /// The repositories' full names, as the sample lists them.
    public var repos: [String] = []
    public var nextPage: Int?
    public var isLoadingNextPage = false

    public init() {}
  }

  /// One page of results for a query: the repositories' full names and the next page, if any.
  /// An app passes GitHub's `/search/repositories` over URLSession; tests pass answers.
  public typealias Search = @Sendable (_ query: String, _ page: Int) async throws -> (repos: [String], nextPage: Int?)

  public let initialState = State()
  private let search: Search

  public init(search: @escaping Search) { self.search = search }

  private static let searchID: EffectID = "search"

  public func mutate(action: Action, state: State) -> Effect<Mutation> {
    switch action {
    case .updateQuery(let query):
      guard let query, !query.isEmpty else {
        return .concatenate(.cancel(id: Self.searchID), .send(.setQuery(nil)))
      }
      return .concatenate(
        .send(.setQuery(query)),
        .run(cancellableAs: Self.searchID, cancelInFlight: true) { [search] send in
          let page = try await search(query, 1)
          send(.setRepos(page.repos, nextPage: page.nextPage))
        })

    case .loadNextPage:
      guard !state.isLoadingNextPage, let query = state.query, let nextPage = state.nextPage else { return .none }
      return .concatenate(
        .send(.setLoadingNextPage(true)),
        .run(cancellableAs: Self.searchID) { [search] send in
          let page = try await search(query, nextPage)
          send(.appendRepos(page.repos, nextPage: page.nextPage))
        },
        .send(.setLoadingNextPage(false)))
    }
  }

  public func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .setQuery(let query):
      // A new query supersedes the page loading for the old one, which it cancelled.
      state.query = query
      state.isLoadingNextPage = false
      if query == nil {
        state.repos = []
        state.nextPage = nil
      }
    case .setRepos(let repos, let nextPage):
      state.repos = repos
      state.nextPage = nextPage
    case .appendRepos(let repos, let nextPage):
      state.repos.append(contentsOf: repos)
      state.nextPage = nextPage
    case .setLoadingNextPage(let isLoading):
      state.isLoadingNextPage = isLoading
    }
  }
}
