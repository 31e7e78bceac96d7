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

struct ReactorSearchEngine: SearchEngine {
  let store: Store<SearchReactor>
  var kind: SearchEngineKind { .reactor }
  var state: SearchState { store.currentState }
  func query(_ text: String, tag: JSONValue?) -> StoreTask { store.send(.updateQuery(text), tag: tag) }
  func next(tag: JSONValue?) -> StoreTask { store.send(.loadNextPage, tag: tag) }
  func cancelAll() {
    store.send(.cancel)
    store.cancelAll()
  }
  func cancel(tag: JSONValue, by: JSONValue?) -> Bool {
    guard store.cancel(tag: tag) else { return false }
    store.send(.cancel, tag: by)
    return true
  }
}

struct FeedbackSearchEngine: SearchEngine {
  let store: Store<FeedbackSearch>
  var kind: SearchEngineKind { .feedback }
  var state: SearchState { store.currentState.search }
  func query(_ text: String, tag: JSONValue?) -> StoreTask { store.send(.searchChanged(text), tag: tag) }
  func next(tag: JSONValue?) -> StoreTask { store.send(.startLoadingNextPage, tag: tag) }
  func cancelAll() {
    store.send(.cancel)
    store.cancelAll()
  }
  func cancel(tag: JSONValue, by: JSONValue?) -> Bool {
    guard store.cancel(tag: tag) else { return false }
    store.send(.cancel, tag: by)
    return true
  }
}
