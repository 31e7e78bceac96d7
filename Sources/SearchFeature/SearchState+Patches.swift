import GitHubClient
package import ReactorCore
package import ReactorJSON

// MARK: - Patches

// Every commit of a search is diffed while NDJSON is printed, so the state summarises and diffs
// itself in one specialized pass rather than through a closure and a JSON mark per field: the
// same operations, in the order of `patchFields` (SearchStatePatchTests compares the two).

extension SearchState: PatchableState {
  package static let patchFields: [PatchField<SearchState>] = [
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

  package var fingerprint: Fingerprint { Fingerprint(summary: PatchSummary(self)) }

  package func changes(since old: Fingerprint) -> Patch {
    guard let before = old.summary as? PatchSummary else { return fieldChanges(since: old) }
    let paths = Paths.all
    var patch = Patch()
    patch.appendReplace(at: paths.query, from: before.query, to: query)
    patch.appendChanges(
      of: repos, at: paths.repos, end: paths.reposEnd, since: before.reposIdentity, count: before.reposCount)
    patch.appendReplace(at: paths.nextPage, from: before.nextPage, to: nextPage)
    patch.appendReplace(at: paths.totalCount, from: before.totalCount, to: totalCount)
    patch.appendReplace(at: paths.incompleteResults, from: before.incompleteResults, to: incompleteResults)
    patch.appendReplace(at: paths.isLoading, from: before.isLoading, to: isLoading)
    patch.appendReplace(at: paths.isLoadingNextPage, from: before.isLoadingNextPage, to: isLoadingNextPage)
    patch.appendReplace(at: paths.lastError, from: before.lastError, to: lastError)
    patch.appendReplace(at: paths.sort, from: before.sort, to: sort)
    patch.appendReplace(at: paths.order, from: before.order, to: order)
    patch.appendReplace(at: paths.duplicatesDropped, from: before.duplicatesDropped, to: duplicatesDropped)
    return patch
  }

  /// The fields' pointers, with their operations' heads written once (one static, so a diff
  /// checks its initialization once).
  private struct Paths: Sendable {
    static let all = Paths()
    let query = PatchPath("/query")
    let repos = PatchPath("/repos")
    let reposEnd = PatchPath("/repos/-")
    let nextPage = PatchPath("/nextPage")
    let totalCount = PatchPath("/totalCount")
    let incompleteResults = PatchPath("/incompleteResults")
    let isLoading = PatchPath("/isLoading")
    let isLoadingNextPage = PatchPath("/isLoadingNextPage")
    let lastError = PatchPath("/lastError")
    let sort = PatchPath("/sort")
    let order = PatchPath("/order")
    let duplicatesDropped = PatchPath("/duplicatesDropped")
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
