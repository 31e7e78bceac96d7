import GitHubClient

// The changes of search state, which `SearchReactor.reduce` applies in either effect style.

// MARK: - Transitions

extension SearchState {
  /// A new search for `query` begins (nil: the search is cleared): the results, paging and
  /// last error are reset, and the first page is loading when there is a query.
  mutating func begin(query: String?) {
    self.query = query
    if !repos.isEmpty { repos.removeAll() }
    seenIDs.value.removeAll()
    nextPage = nil
    totalCount = nil
    incompleteResults = false
    isLoading = query != nil
    isLoadingNextPage = false
    lastError = nil
    duplicatesDropped = 0
    pagesToLoad = 0
    loads.value.begin(page: query == nil ? nil : 1)
  }

  /// The sort or order changed: a search under way starts again from its first page.
  mutating func change(sort: SearchSort, order: SearchOrder) {
    self.sort = sort
    self.order = order
    if query != nil { begin(query: query) }
  }

  /// `next` asked for `count` pages (at least 1): the first is loading, the others follow.
  mutating func beginLoadingPages(_ count: Int) {
    isLoadingNextPage = true
    pagesToLoad = max(0, count - 1)
    loads.value.begin(page: nextPage)
  }

  /// The first page of the search landed: it replaces the results. A further page that may be
  /// loading is not this page's business.
  mutating func receiveFirstPage(_ page: Page<Repository>) {
    seenIDs.value.removeAll()
    let items = unseen(page.items)
    repos.replaceAll(with: items)
    nextPage = page.nextPage
    totalCount = page.totalCount
    incompleteResults = page.incompleteResults
    isLoading = false
    lastError = nil
  }

  /// A further page landed: its results not shown already follow the others, and GitHub's
  /// timeout flag sticks. The first page's flag is left alone. When more pages were asked
  /// for and there is a next one, it is loading now.
  mutating func receiveNextPage(_ page: Page<Repository>) {
    repos.append(contentsOf: unseen(page.items))
    nextPage = page.nextPage
    incompleteResults = incompleteResults || page.incompleteResults
    lastError = nil
    if pagesToLoad > 0, let nextPage {
      pagesToLoad -= 1
      loads.value.begin(page: nextPage)
    } else {
      pagesToLoad = 0
      isLoadingNextPage = false
    }
  }

  /// A load failed: the failure is kept, and nothing loads any more.
  mutating func fail(_ error: GitHubError) {
    lastError = GitHubFailure(error)
    isLoading = false
    isLoadingNextPage = false
    pagesToLoad = 0
  }

  /// Loading stopped (a cancel): the results so far stay.
  mutating func stopLoading() {
    isLoading = false
    isLoadingNextPage = false
    pagesToLoad = 0
    loads.value.page = nil
  }

  /// `items` without the repositories already listed (or repeated within `items`), counting
  /// those dropped; the array itself when nothing repeats, as on almost every page.
  private mutating func unseen(_ items: [Repository]) -> [Repository] {
    guard let kept = seenIDs.value.insert(idsOf: items) else { return items }
    let survivors = items.indices.filter { kept[$0] }.map { items[$0] }
    duplicatesDropped += items.count - survivors.count
    return survivors
  }
}

extension SearchState {
  /// Becomes `restored`, idle: the load it may have been waiting for was cancelled by the jump.
  /// The results take a new identity, so the jump's patch replaces them whole rather than
  /// reading as an append to a list they do not extend.
  /// The count of loads is not put back, so no later request can equal one made before the jump.
  mutating func restore(_ restored: SearchState) {
    let started = loads.value.started
    self = restored
    repos.replaceAll(with: restored.repos.elements)
    loads.value = Loads(started: started)
    stopLoading()
  }
}
