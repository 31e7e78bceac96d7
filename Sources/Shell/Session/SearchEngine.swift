import ReactorCore
import SearchFeature

/// Which implementation runs repository search.
public enum SearchEngineKind: String, Sendable, CaseIterable {
  /// ReactorKit's style: actions become mutations through effects (`SearchReactor`).
  case reactor
  /// RxFeedback's style: effects are derived from state by a feedback loop (`FeedbackSearch`).
  case feedback
}

/// Repository search behind one interface, whichever engine runs it. Both engines have the
/// same public state, commands, notices and text output; NDJSON `change` records name their
/// own mutations or events.
protocol SearchEngine: Sendable {
  var kind: SearchEngineKind { get }
  var state: SearchState { get }
  func query(_ text: String, tag: JSONValue?) -> StoreTask
  func next(tag: JSONValue?) -> StoreTask
  /// Stops everything in flight and leaves honest state (nothing left "loading").
  func cancelAll()
  /// Cancels the work of the request tagged `tag`; true if there was any. The state reset it
  /// causes is attributed to the request tagged `by` (the `cancel` command itself).
  func cancel(tag: JSONValue, by: JSONValue?) -> Bool
}

/// A search engine over one store: which actions stand for the commands, and where the
/// public search state lives in the store's state.
struct StoreSearchEngine<R: Reactor>: SearchEngine {
  let store: Store<R>
  let kind: SearchEngineKind
  let queryAction: @Sendable (String) -> R.Action
  let nextAction: R.Action
  let cancelAction: R.Action
  let publicState: @Sendable (R.State) -> SearchState

  var state: SearchState { publicState(store.currentState) }
  func query(_ text: String, tag: JSONValue?) -> StoreTask { store.send(queryAction(text), tag: tag) }
  func next(tag: JSONValue?) -> StoreTask { store.send(nextAction, tag: tag) }
  func cancelAll() {
    store.send(cancelAction)
    store.cancelAll()
  }
  func cancel(tag: JSONValue, by: JSONValue?) -> Bool {
    guard store.cancel(tag: tag) else { return false }
    store.send(cancelAction, tag: by)
    return true
  }
}

extension StoreSearchEngine where R == SearchReactor {
  /// ReactorKit's style.
  init(_ store: Store<SearchReactor>) {
    self.init(
      store: store, kind: .reactor, queryAction: { .updateQuery($0) }, nextAction: .loadNextPage,
      cancelAction: .cancel, publicState: { $0 })
  }
}

extension StoreSearchEngine where R == FeedbackSearch {
  /// RxFeedback's style.
  init(_ store: Store<FeedbackSearch>) {
    self.init(
      store: store, kind: .feedback, queryAction: { .searchChanged($0) }, nextAction: .startLoadingNextPage,
      cancelAction: .cancel, publicState: { $0.search })
  }
}
