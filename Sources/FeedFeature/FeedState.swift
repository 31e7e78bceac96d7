package import GitHubClient
package import ReactorCore

/// The state of the public event feed.
///
/// Contract: ``patchFields`` lists what the user sees. The ETag and the seen ids are
/// bookkeeping for the next request; they are not in the JSON, so applying every patch to the
/// initial state still yields exactly the state's JSON.
package struct FeedState: Sendable, Equatable {
  /// Every event shown, newest first, each id once; the text output numbers them from 1.
  package var items = TrackedArray<Event>()
  /// A refresh (page 1) is in flight.
  package var isRefreshing = false
  /// A further page is in flight.
  package var isLoadingMore = false
  /// The next page to load, or nil when there is none (or before the first refresh).
  package var nextPage: Int?
  /// Why the last request failed; cleared by the next success.
  package var error: GitHubFailure?

  // MARK: Bookkeeping (not in the JSON)

  /// The ETag of the last page 1, sent as `If-None-Match` by the next refresh.
  package var etag: String?
  /// The ids of every event in `items`, so a later page never repeats one.
  package var seenIDs: Set<String> = []

  package init() {}
}

extension FeedState: PatchableState {
  package static let patchFields: [PatchField<FeedState>] = [
    .list("items", \.items),
    .value("isRefreshing", \.isRefreshing),
    .value("isLoadingMore", \.isLoadingMore),
    .value("nextPage", \.nextPage),
    .value("error", \.error),
  ]
}
