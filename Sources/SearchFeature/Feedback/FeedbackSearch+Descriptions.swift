import ReactorCore

// Names for NDJSON records, and the correspondence with the reactor engine that lets the
// renderers print the same text for both.

// MARK: - Case names

extension FeedbackSearch.Event: CaseNamed {
  package var caseName: String {
    switch self {
    case .searchChanged: "searchChanged"
    case .response: "response"
    case .failed: "failed"
    case .startLoadingNextPage: "startLoadingNextPage"
    case .startLoadingPages: "startLoadingPages"
    case .sortChanged: "sortChanged"
    case .cancel: "cancel"
    case .restore: "restore"
    }
  }
}

// MARK: - The reactor engine's equivalent

extension FeedbackSearch.Event {
  /// The request a `response` or `failed` answers; nil for the user's events.
  package var answeredRequest: FeedbackSearch.Request? {
    switch self {
    case .response(_, let request), .failed(_, let request): request
    case .searchChanged, .startLoadingNextPage, .startLoadingPages, .sortChanged, .cancel, .restore: nil
    }
  }

  /// The `SearchReactor` mutation that makes the same change to ``SearchState``: a page for
  /// page 1 replaces the results (`setRepos`), any later page appends (`appendRepos`).
  ///
  /// It holds for an event that `reduce` applied: a stale answer (one whose
  /// ``answeredRequest`` is not ``FeedbackSearchState/applied(_:)`` afterwards) changes
  /// nothing.
  package var reactorMutation: SearchReactor.Mutation {
    switch self {
    case .searchChanged(let query): .setQuery(query)
    case .response(let page, let request): request.page == 1 ? .setRepos(page) : .appendRepos(page)
    case .failed(let error, _): .setError(error)
    case .startLoadingNextPage: .setLoadingNextPage(true)
    case .startLoadingPages(let count): .setLoadingPages(count)
    case .sortChanged(let sort, let order): .setSort(sort, order)
    case .cancel: .setIdle
    case .restore(let state): .restore(state)
    }
  }
}
