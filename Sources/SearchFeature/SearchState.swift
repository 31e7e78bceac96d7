public import GitHubClient
public import ReactorCore

/// The public state of repository search, the same on every engine.
public struct SearchState: Sendable, Equatable {
  /// The current query, or nil before the first search and after an empty one.
  public var query: String?
  /// Every result loaded so far, in GitHub's order; `open N` indexes it from 1.
  public var repos = TrackedArray<Repository>()
  /// The next page to load, or nil when there is none.
  public var nextPage: Int?
  /// GitHub's total count for the query.
  public var totalCount: Int?
  /// GitHub reported that it timed out and results may be missing.
  public var incompleteResults = false
  /// The first page is loading.
  public var isLoading = false
  /// A further page is loading.
  public var isLoadingNextPage = false
  /// Why the last request failed; cleared by the next success or query.
  public var lastError: GitHubFailure?

  public init() {}
}

extension SearchState: PatchableState {
  public static let patchFields: [PatchField<SearchState>] = [
    .value("query", \.query),
    .list("repos", \.repos),
    .value("nextPage", \.nextPage),
    .value("totalCount", \.totalCount),
    .value("incompleteResults", \.incompleteResults),
    .value("isLoading", \.isLoading),
    .value("isLoadingNextPage", \.isLoadingNextPage),
    .value("lastError", \.lastError),
  ]
}

extension SearchReactor.Mutation: CaseNamed {
  public var caseName: String {
    switch self {
    case .setQuery: "setQuery"
    case .setRepos: "setRepos"
    case .appendRepos: "appendRepos"
    case .setLoadingNextPage: "setLoadingNextPage"
    case .setError: "setError"
    case .setIdle: "setIdle"
    case .restore: "restore"
    }
  }
}

extension SearchReactor.Action: CaseNamed {
  public var caseName: String {
    switch self {
    case .updateQuery: "updateQuery"
    case .loadNextPage: "loadNextPage"
    case .cancel: "cancel"
    case .restore: "restore"
    }
  }
}
