package import GitHubClient
package import ReactorCore

/// The state of repository search, in either effect style: the fields a user sees, and the
/// bookkeeping `==` passes over (the ids seen, the loads asked for).
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
  /// The loads this search asked for, which the feedback style's loop runs; not public output,
  /// and an account of the transitions, so `==` passes over it as well.
  var loads = Uncompared(Loads())

  package init(sort: SearchSort = .best, order: SearchOrder = .desc) {
    self.sort = sort
    self.order = order
  }
}

// MARK: - The load the state asks for

extension SearchState {
  /// The page loading now, numbered, and the answer applied last.
  struct Loads: Sendable {
    /// The page of the current load: 1 for a new query, then each next page. It stays after
    /// the answer lands, so the answer does not end its own effect; a cancel or a cleared query
    /// sets it to nil, which cancels the load.
    var page: Int?
    /// How many loads were started; a repeated query or a retried page is a new load.
    var started = 0
    /// The load whose answer `reduce` applied last, so a renderer can tell an applied answer
    /// from a stale one even when the answer started the next load (`next 3`). Its number is
    /// enough: every load has its own.
    var lastAnswered: Int?

    /// Starts a new load of `page` (nil: no load).
    mutating func begin(page: Int?) {
      started += 1
      self.page = page
    }
  }

  /// The request the feedback style's loop keeps running: the current query at the page
  /// loading, numbered. Nil before the first query, after an empty one, and after a cancel.
  package var request: SearchReactor.Request? {
    guard let query, let page = loads.value.page else { return nil }
    return SearchReactor.Request(query: query, page: page, load: loads.value.started, sort: sort, order: order)
  }

  /// True when `request` is the current one and still waits for its answer; an answer to any
  /// other request is stale and changes nothing.
  func awaits(_ request: SearchReactor.Request) -> Bool {
    (isLoading || isLoadingNextPage) && self.request == request
  }

  /// Whether the answer to `request` was applied: it is the last one `reduce` applied.
  package func applied(_ request: SearchReactor.Request) -> Bool { loads.value.lastAnswered == request.load }
}
