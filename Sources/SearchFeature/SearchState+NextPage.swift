import GitHubClient

// The guards of `next`, shared by every engine so their notices cannot drift apart.

// MARK: - Refusals

extension SearchState {
  /// Why the next page cannot load now, as the notice tells the user; nil when it can.
  ///
  /// Both engines' `next` use it. Order of precedence: no query, first page loading, a page
  /// loading, then (with no next page) a failed search, GitHub's 1,000-result cap once 1,000 are loaded, or simply
  /// the end of the results.
  var nextPageRefusal: String? {
    guard query != nil else { return "no search yet; try 'query <text>'" }
    if isLoading { return "the first page is still loading" }
    if isLoadingNextPage { return "a page is already loading" }
    guard nextPage == nil else { return nil }
    if lastError != nil && repos.isEmpty { return "the last search failed; run 'query' again" }
    // Only the cap itself earns the cap's explanation: a total above what loaded can also
    // mean results GitHub dropped (incomplete results), which the cap does not explain.
    if repos.count >= gitHubSearchResultCap {
      return "no more results: GitHub returns at most 1,000 results per search"
    }
    return "no more results"
  }
}

// MARK: - Notes on the query

extension SearchState {
  /// What to tell a user who typed `sort:stars` into the query: the REST API takes the sort
  /// as a parameter and ignores the qualifier. Nil when the query has none.
  static func sortQualifierNotice(in search: RepositorySearch) -> String? {
    guard let qualifier = search.sortQualifier else { return nil }
    let value = qualifier.drop { $0 != ":" }.dropFirst().lowercased()
    let sort = SearchSort.allCases.filter { $0 != .best }.first { value.hasPrefix($0.rawValue) }
    let command = sort.map { "'sort \($0.rawValue)'" } ?? "'sort <stars|forks|updated|...>'"
    return "GitHub's REST API ignores '\(qualifier)' in the query text; use \(command) to sort"
  }
}
