import GitHubClient
import ReactorCore
import ReactorJSON
import SearchFeature
import Testing

// The two effect styles side by side: one session, the same stub client, and after every step
// the same state JSON, the same patches, the same notices and the same completion.

/// What one style's store reported during one step.
private struct Step: Equatable {
  var patches: [[PatchOperation]] = []
  var notices: [String] = []
  var completion: StoreTask.Completion = .ok
}

/// A store in either style, reduced to what the user can observe.
private final class Engine: Sendable {
  let store: Store<SearchReactor>
  private let step = Locked(Step())

  init(_ style: SearchEffectStyle) {
    store = Store(reactor: SearchReactor(client: stub, style: style))
    store.observe { [weak self] event, _ in
      switch event {
      case .transition(let t): self?.step.withLock { $0.patches.append(t.patch) }
      case .notice(let notice, _, _): self?.step.withLock { $0.notices.append(notice.message) }
      case .failure(let error, _, _): Issue.record("unexpected effect failure \(error)")
      }
    }
  }

  func run(_ action: SearchReactor.Action) async -> Step {
    let completion = await store.send(action).finish()
    return step.withLock { step in
      defer { step = Step() }
      step.completion = completion
      return step
    }
  }

  var json: JSONValue { store.currentState.jsonValue }
}

/// "swift" has three pages; "other" has two, the second of which fails; "boom" fails at once.
private let stub = GitHubClient(searchRepositories: { query, page, _ in
  switch (query, page) {
  case ("other", 2): throw GitHubError.server(status: 502, message: nil)
  case ("boom", _): throw GitHubError.validationFailed("bad query")
  case ("other", _): return SearchReactorTests.page(1, next: 2, total: 45)
  default: return SearchReactorTests.page(page, next: page < 3 ? page + 1 : nil)
  }
})

extension SearchFeedbackStyleTests {
  @Test("both styles: the same session gives the same state, patches, notices and completions")
  func bothEngines() async {
    let reactor = Engine(.reactor)
    let feedback = Engine(.feedback)
    // One set of actions: both styles take the same commands.
    let session: [(String, SearchReactor.Action)] = [
      ("query swift", .updateQuery("swift")),
      ("next", .loadNextPage),
      ("next", .loadNextPage),
      ("next at the end", .loadNextPage),
      ("query other", .updateQuery("other")),
      ("next that fails", .loadNextPage),
      ("next again", .loadNextPage),
      ("cancel when idle", .cancel),
      ("query boom", .updateQuery("boom")),
      ("next after a failed search", .loadNextPage),
      ("the same query again", .updateQuery(" boom ")),
      ("empty query", .updateQuery("")),
      ("next without a query", .loadNextPage),
    ]
    var completions: [StoreTask.Completion] = []
    for (name, action) in session {
      let expected = await reactor.run(action)
      let actual = await feedback.run(action)
      #expect(actual == expected, "\(name)")
      #expect(feedback.json == reactor.json, "\(name)")
      completions.append(actual.completion)
    }
    #expect(
      completions == [.ok, .ok, .ok, .ok, .ok, .error, .error, .ok, .error, .ok, .error, .ok, .ok])
    #expect(feedback.store.currentState == reactor.store.currentState)
  }

  @Test("appending a page costs no whole-state copy: the patch holds only the page")
  func appendPatch() async {
    let engine = Engine(.feedback)
    _ = await engine.run(.updateQuery("swift"))
    _ = await engine.run(.loadNextPage)
    let patch = await engine.run(.loadNextPage).patches.last ?? []
    #expect(patch.filter { $0.path == "/repos/-" }.count == 30)
    #expect(!patch.contains { $0.path == "/repos" })
  }
}
