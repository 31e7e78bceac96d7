import GitHubClient
public import ReactorCore
public import ReactorJSON
import Synchronization

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

  public var fingerprint: Fingerprint { Fingerprint(summary: PatchSummary.of(self)) }

  public func changes(since old: Fingerprint) -> Patch {
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
    // An error is rare and costly to copy: read only when there is one before or after.
    if before.hadError || lastError != nil {
      patch.appendReplace(at: paths.lastError, from: before.lastError, to: lastError)
    }
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
  ///
  /// Refilled rather than made again when the last one is no longer held (a store drops its
  /// fingerprint once it has diffed), so that a commit allocates and frees nothing for it.
  final class PatchSummary: @unchecked Sendable {
    // Written only while the spare's lock is held and nobody else holds the summary (so no
    // access can overlap a write: no runtime exclusivity checks).
    @exclusivity(unchecked) private(set) var query: String?
    @exclusivity(unchecked) private(set) var reposIdentity: UInt64 = 0
    @exclusivity(unchecked) private(set) var reposCount = 0
    @exclusivity(unchecked) private(set) var nextPage: Int?
    @exclusivity(unchecked) private(set) var totalCount: Int?
    @exclusivity(unchecked) private(set) var incompleteResults = false
    @exclusivity(unchecked) private(set) var isLoading = false
    @exclusivity(unchecked) private(set) var isLoadingNextPage = false
    @exclusivity(unchecked) private(set) var lastError: GitHubFailure?
    @exclusivity(unchecked) private(set) var hadError = false
    @exclusivity(unchecked) private(set) var sort = SearchSort.best
    @exclusivity(unchecked) private(set) var order = SearchOrder.desc
    @exclusivity(unchecked) private(set) var duplicatesDropped = 0

    /// The summary handed out last, kept to be refilled.
    private static let spare = Mutex<PatchSummary?>(nil)

    private init() {}

    /// A summary of `state`: the spare, refilled, when only the spare holds it; a new one
    /// (the new spare) when someone still does (a fingerprint not yet diffed, or kept).
    static func of(_ state: borrowing SearchState) -> PatchSummary {
      spare.withLock { spare in
        if spare != nil && isKnownUniquelyReferenced(&spare) {
          spare.unsafelyUnwrapped.fill(state)
          return spare.unsafelyUnwrapped
        }
        let made = PatchSummary()
        made.fill(state)
        spare = made
        return made
      }
    }

    private func fill(_ state: borrowing SearchState) {
      query = state.query
      reposIdentity = state.repos.identity
      reposCount = state.repos.count
      nextPage = state.nextPage
      totalCount = state.totalCount
      incompleteResults = state.incompleteResults
      isLoading = state.isLoading
      isLoadingNextPage = state.isLoadingNextPage
      // Switched on where it lies: comparing it with nil copied the whole optional.
      switch state.lastError {
      case .none:
        if hadError {
          lastError = nil
          hadError = false
        }
      case .some:
        lastError = state.lastError
        hadError = true
      }
      sort = state.sort
      order = state.order
      duplicatesDropped = state.duplicatesDropped
    }
  }
}
