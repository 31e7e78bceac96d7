import GitHubClient
public import ReactorCore
public import ReactorJSON

// MARK: - Patches

// Every commit of a search is diffed while NDJSON is printed, so the state summarises and diffs
// itself in one specialized pass rather than through a closure and a JSON mark per field: the
// same operations, in the order of `patchFields` (SearchStatePatchTests compares the two).

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
    .value("sort", \.sort),
    .value("order", \.order),
    .value("duplicatesDropped", \.duplicatesDropped),
  ]

  public var fingerprint: Fingerprint { Fingerprint(summary: PatchSummary(self)) }

  public func changes(since old: Fingerprint) -> Patch {
    guard let before = old.summary as? PatchSummary else { return fieldChanges(since: old) }
    var patch = Patch()
    patch.appendReplace(at: Paths.query, from: before.query, to: query)
    patch.appendChanges(
      of: repos, at: Paths.repos, end: Paths.reposEnd, since: before.reposIdentity, count: before.reposCount)
    patch.appendReplace(at: Paths.nextPage, from: before.nextPage, to: nextPage)
    patch.appendReplace(at: Paths.totalCount, from: before.totalCount, to: totalCount)
    patch.appendReplace(at: Paths.incompleteResults, from: before.incompleteResults, to: incompleteResults)
    patch.appendReplace(at: Paths.isLoading, from: before.isLoading, to: isLoading)
    patch.appendReplace(at: Paths.isLoadingNextPage, from: before.isLoadingNextPage, to: isLoadingNextPage)
    patch.appendReplace(at: Paths.lastError, from: before.lastError, to: lastError)
    patch.appendReplace(at: Paths.sort, from: before.sort, to: sort)
    patch.appendReplace(at: Paths.order, from: before.order, to: order)
    patch.appendReplace(at: Paths.duplicatesDropped, from: before.duplicatesDropped, to: duplicatesDropped)
    return patch
  }

  /// The fields' pointers, with their operations' heads written once.
  private enum Paths {
    static let query = PatchPath("/query")
    static let repos = PatchPath("/repos")
    static let reposEnd = PatchPath("/repos/-")
    static let nextPage = PatchPath("/nextPage")
    static let totalCount = PatchPath("/totalCount")
    static let incompleteResults = PatchPath("/incompleteResults")
    static let isLoading = PatchPath("/isLoading")
    static let isLoadingNextPage = PatchPath("/isLoadingNextPage")
    static let lastError = PatchPath("/lastError")
    static let sort = PatchPath("/sort")
    static let order = PatchPath("/order")
    static let duplicatesDropped = PatchPath("/duplicatesDropped")
  }

  /// The public fields as they were before a change, and the results' identity and count.
  final class PatchSummary: Sendable {
    let query: String?
    let reposIdentity: UInt64
    let reposCount: Int
    let nextPage: Int?
    let totalCount: Int?
    let incompleteResults: Bool
    let isLoading: Bool
    let isLoadingNextPage: Bool
    let lastError: GitHubFailure?
    let sort: SearchSort
    let order: SearchOrder
    let duplicatesDropped: Int

    init(_ state: borrowing SearchState) {
      query = state.query
      reposIdentity = state.repos.identity
      reposCount = state.repos.count
      nextPage = state.nextPage
      totalCount = state.totalCount
      incompleteResults = state.incompleteResults
      isLoading = state.isLoading
      isLoadingNextPage = state.isLoadingNextPage
      lastError = state.lastError
      sort = state.sort
      order = state.order
      duplicatesDropped = state.duplicatesDropped
    }
  }
}
