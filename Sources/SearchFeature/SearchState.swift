package import GitHubClient
package import ReactorCore

/// The public state of repository search, the same on every engine.
package struct SearchState: Sendable, Equatable {
  /// The current query, or nil before the first search and after an empty one.
  package var query: String?
  /// Every result loaded so far, in GitHub's order; `open N` indexes it from 1.
  package var repos = TrackedArray<Repository>()
  /// The next page to load, or nil when there is none.
  package var nextPage: Int?
  /// GitHub's total count for the query.
  package var totalCount: Int?
  /// GitHub reported that it timed out and results may be missing.
  package var incompleteResults = false
  /// The first page is loading.
  package var isLoading = false
  /// A further page is loading.
  package var isLoadingNextPage = false
  /// Why the last request failed; cleared by the next success or query.
  package var lastError: GitHubFailure?
  /// The order GitHub sorts by (`sort stars`); best match by default.
  package var sort = SearchSort.best
  /// The direction of a sorted search (`order asc`).
  package var order = SearchOrder.desc
  /// Results of this search that a later page repeated (results shift between pages as stars
  /// change), dropped so that every repository is listed once.
  package var duplicatesDropped = 0
  /// Further pages to load after the one loading (`next 3`, `next all`); not public output.
  var pagesToLoad = 0
  /// The ids of ``repos``, to drop repeats in O(1) each; not public output. An index of
  /// ``repos``, so `==` passes over it: a state built field by field (in a test) equals the one
  /// its transitions made.
  var seenIDs = Uncompared(RepositoryIDSet())

  package init(sort: SearchSort = .best, order: SearchOrder = .desc) {
    self.sort = sort
    self.order = order
  }
}

extension SearchReactor.Mutation: CaseNamed {
  package var caseName: String {
    switch self {
    case .setQuery: "setQuery"
    case .setRepos: "setRepos"
    case .appendRepos: "appendRepos"
    case .setLoadingNextPage: "setLoadingNextPage"
    case .setLoadingPages: "setLoadingPages"
    case .setSort: "setSort"
    case .setError: "setError"
    case .setIdle: "setIdle"
    case .restore: "restore"
    }
  }
}
