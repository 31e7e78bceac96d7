package import GitHubClient
package import ReactorCore
package import ReactorJSON

/// The state of ``FeedbackSearch``: the public ``SearchState``, plus what its feedback loop
/// needs to know which page to load.
///
/// Contract: only ``search`` is public output. ``patchFields`` are `SearchState`'s, with the
/// same names in the same order, read through ``search``, so `state search` prints the same
/// JSON and every change the same patch on both engines.
package struct FeedbackSearchState: Sendable, Equatable {
  /// What the user sees, exactly as `SearchReactor` keeps it.
  package var search = SearchState()
  /// The page of the current load: 1 for a new query, then each accepted next page. It stays
  /// after the answer lands, so the answer does not end its own effect; a cancel or a cleared
  /// query sets it to nil, which cancels the load.
  var loadPage: Int?
  /// How many loads were started; a repeated query or a retried page is a new load.
  var loads = 0
  /// The request whose answer `reduce` applied last, so a renderer can tell an applied answer
  /// from a stale one even when the answer started the next load (`next 3`).
  package internal(set) var lastAnswered: FeedbackSearch.Request?

  package init(sort: SearchSort = .best, order: SearchOrder = .desc) {
    search = SearchState(sort: sort, order: order)
  }

  // MARK: - The query state

  /// The request the feedback loop keeps running: the current query at ``loadPage``, numbered.
  /// Nil before the first query, after an empty one, and after a cancel.
  package var request: FeedbackSearch.Request? {
    guard let query = search.query, let page = loadPage else { return nil }
    return FeedbackSearch.Request(query: query, page: page, load: loads, sort: search.sort, order: search.order)
  }

  /// A page should load: the current request has not been answered yet (RxFeedback's
  /// `shouldLoadNextPage`).
  var shouldLoadPage: Bool { search.isLoading || search.isLoadingNextPage }

  /// True when `request` is the current one and still waits for its answer; an answer to any
  /// other request is stale and changes nothing.
  func awaits(_ request: FeedbackSearch.Request) -> Bool {
    shouldLoadPage && self.request == request
  }

  /// Whether the answer to `request` was applied: it is the last one `reduce` applied.
  package func applied(_ request: FeedbackSearch.Request) -> Bool { lastAnswered == request }

  /// Equal when the search and the loop's bookkeeping are; ``lastAnswered`` is a note for
  /// renderers, not state a test asserts.
  package static func == (lhs: FeedbackSearchState, rhs: FeedbackSearchState) -> Bool {
    lhs.search == rhs.search && lhs.loadPage == rhs.loadPage && lhs.loads == rhs.loads
  }

  /// Starts a new load of `page` (nil: no load).
  mutating func beginLoad(page: Int?) {
    loads += 1
    loadPage = page
  }
}

// MARK: - Patches

extension FeedbackSearchState: PatchableState {
  package static let patchFields: [PatchField<FeedbackSearchState>] = [
    .value("query", \.search.query),
    .list("repos", \.search.repos),
    .value("nextPage", \.search.nextPage),
    .value("totalCount", \.search.totalCount),
    .value("incompleteResults", \.search.incompleteResults),
    .value("isLoading", \.search.isLoading),
    .value("isLoadingNextPage", \.search.isLoadingNextPage),
    .value("lastError", \.search.lastError),
    .value("sort", \.search.sort),
    .value("order", \.search.order),
    .value("duplicatesDropped", \.search.duplicatesDropped),
  ]

  /// The public state's own summary: the fields are the same, read through ``search``.
  package var fingerprint: Fingerprint { search.fingerprint }

  package func changes(since old: Fingerprint) -> Patch { search.changes(since: old) }
}
