import GitHubClient
import ReactorCore
import ReactorJSON
import SearchFeature
import Testing

/// `SearchState` summarises and diffs itself; its patches must be exactly those of its field
/// list, for every kind of change a search makes.
@Suite("SearchState patches")
struct SearchStatePatchTests {
  typealias Mutation = SearchReactor.Mutation

  static func page(_ range: Range<Int>, next: Int?, total: Int? = 1_000, incomplete: Bool = false) -> Page<Repository> {
    Page(
      items: SearchReactorTests.repos(range), page: range.lowerBound / 30 + 1, nextPage: next, totalCount: total,
      incompleteResults: incomplete)
  }

  /// Mutations that touch every field, each kind of list change, and changes that set a field
  /// to the value it had.
  static let mutations: [Mutation] = [
    .setQuery("swift"), .setQuery("swift"), .setRepos(page(0..<30, next: 2)), .setLoadingNextPage,
    .appendRepos(page(30..<60, next: 3)), .setLoadingPages(2), .appendRepos(page(45..<90, next: 4, incomplete: true)),
    .appendRepos(page(90..<90, next: 5)), .setError(.notFound("page 5")), .setError(.timeout(seconds: 3)),
    .setQuery("rust"), .setRepos(page(0..<30, next: nil, total: nil)), .setSort(.stars, .asc), .setSort(.stars, .asc),
    .setRepos(page(0..<30, next: 2)), .setLoadingNextPage, .setIdle, .setQuery(nil), .setQuery("swift"),
    .setRepos(page(0..<0, next: nil, total: 0)),
  ]

  @Test("every mutation's patch is the field list's, operation for operation and byte for byte")
  func sameAsFields() throws {
    let reactor = SearchReactor(client: GitHubClient(searchRepositories: { _, _, _ in throw GitHubError.cancelled }))
    var state = reactor.initialState
    var history: [SearchState] = [state]
    var unchanged: [Int] = []
    // Each mutation, then a restore of the initial state (nil).
    for step in Self.mutations.map(Optional.some) + [nil] {
      let mutation = step.map { "\($0)" } ?? "restore"
      let own = state.fingerprint
      let fields = state.fieldFingerprint
      #expect(own.summary != nil)
      if let step {
        reactor.reduce(state: &state, mutation: step)
      } else {
        state = reactor.restoring(SearchState(), replacing: state)
      }
      let ownPatch = state.changes(since: own)
      let fieldPatch = state.fieldChanges(since: fields)
      #expect(ownPatch == fieldPatch, "\(mutation)")
      #expect(ownPatch.operations.map(\.oldValue) == fieldPatch.operations.map(\.oldValue), "\(mutation)")
      #expect(text(ownPatch) == text(fieldPatch), "\(mutation)")
      // The patches rebuild the state, as `state search` prints it.
      let before = history.last!.jsonValue
      #expect(try JSONPatch.apply(ownPatch.operations, to: before) == state.jsonValue, "\(mutation)")
      if ownPatch.isEmpty { unchanged.append(history.count - 1) }
      history.append(state)
    }
    // Only the repeated query and the repeated sort (of a search already restarted) change nothing.
    #expect(unchanged == [1, 13])
  }

  @Test("a summary from the field list is diffed field by field")
  func fieldFingerprintFallsBack() {
    var state = SearchState()
    let fields = state.fieldFingerprint
    #expect(fields.summary == nil)
    state.query = "swift"
    state.isLoading = true
    #expect(
      state.changes(since: fields).operations == [
        PatchOperation(op: .replace, path: "/query", value: .string("swift"), oldValue: .null),
        PatchOperation(op: .replace, path: "/isLoading", value: .bool(true), oldValue: .bool(false)),
      ])
  }

  private func text(_ patch: Patch) -> String {
    var writer = JSONWriter()
    patch.write(to: &writer)
    return writer.text
  }
}
