import GitHubClient
import ReactorCore

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
  /// What to tell a user about a query's qualifiers: `sort:stars`, which the REST API ignores
  /// (it takes the sort as a parameter), or a qualifier with no value. Nil when all is well.
  /// The bare qualifier is a warning: when a shell took `>1000` as a redirection, standard
  /// output is a file, and only standard error still reaches the user.
  static func queryNotice(in search: RepositorySearch) -> Notice? {
    if let bare = search.bareQualifier {
      return Notice(
        message: "'\(bare)' has no value, so GitHub reads it as text; "
          + "if a shell took '>' after it as a redirection, quote the word ('\(bare)>1000')",
        isWarning: true)
    }
    guard let qualifier = search.sortQualifier else { return nil }
    let value = qualifier.drop { $0 != ":" }.dropFirst().lowercased()
    let sort = SearchSort.allCases.filter { $0 != .best }.first { value.hasPrefix($0.rawValue) }
    let command = sort.map { "'sort \($0.rawValue)'" } ?? "'sort <stars|forks|updated|...>'"
    return Notice(message: "GitHub's REST API ignores '\(qualifier)' in the query text; use \(command) to sort")
  }
}
