import GitHubClient

// The changes of search state, shared by every engine so their states cannot drift apart:
// each engine's `reduce` decides when a change applies, and these say what it does.

// MARK: - Transitions

extension SearchState {
  /// A new search for `query` begins (nil: the search is cleared): the results, paging and
  /// last error are reset, and the first page is loading when there is a query.
  mutating func begin(query: String?) {
    self.query = query
    if !repos.isEmpty { repos.removeAll() }
    nextPage = nil
    totalCount = nil
    incompleteResults = false
    isLoading = query != nil
    isLoadingNextPage = false
    lastError = nil
  }

  /// The first page of the search landed: it replaces the results. A further page that may be
  /// loading is not this page's business.
  mutating func receiveFirstPage(_ page: Page<Repository>) {
    repos.replaceAll(with: page.items)
    nextPage = page.nextPage
    totalCount = page.totalCount
    incompleteResults = page.incompleteResults
    isLoading = false
    lastError = nil
  }

  /// A further page landed: its results follow the others, and GitHub's timeout flag sticks.
  /// The first page's flag is left alone.
  mutating func receiveNextPage(_ page: Page<Repository>) {
    repos.append(contentsOf: page.items)
    nextPage = page.nextPage
    incompleteResults = incompleteResults || page.incompleteResults
    isLoadingNextPage = false
    lastError = nil
  }

  /// A load failed: the failure is kept, and nothing loads any more.
  mutating func fail(_ error: GitHubError) {
    lastError = GitHubFailure(error)
    isLoading = false
    isLoadingNextPage = false
  }

  /// Loading stopped (a cancel): the results so far stay.
  mutating func stopLoading() {
    isLoading = false
    isLoadingNextPage = false
  }
}

extension SearchState {
  /// Becomes `restored`, idle: the load it may have been waiting for was cancelled by the jump.
  /// The results take a new identity, so the jump's patch replaces them whole rather than
  /// reading as an append to a list they do not extend.
  mutating func restore(_ restored: SearchState) {
    self = restored
    repos.replaceAll(with: restored.repos.elements)
    stopLoading()
  }
}
