import ReactorCore
import ReactorJSON
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
///
/// Not generic: it holds closures made where the store's reactor is known, so every command
/// runs the store's code specialized for that reactor. As `StoreSearchEngine<R>`, called
/// through its protocol witnesses, each command ran the store's unspecialized code, which
/// looked up generic metadata at run time (about 2% of a replay's instructions).
struct StoreSearchEngine: SearchEngine {
  let kind: SearchEngineKind
  private let currentState: @Sendable () -> SearchState
  private let sendQuery: @Sendable (String, JSONValue?) -> StoreTask
  private let sendNext: @Sendable (JSONValue?) -> StoreTask
  private let sendCancel: @Sendable (JSONValue?) -> Void
  private let cancelEffects: @Sendable () -> Void
  private let cancelTagged: @Sendable (JSONValue) -> Bool

  private init<R: Reactor>(
    _ store: Store<R>, kind: SearchEngineKind, queryAction: @escaping @Sendable (String) -> R.Action,
    nextAction: R.Action, cancelAction: R.Action, publicState: @escaping @Sendable (R.State) -> SearchState
  ) {
    self.kind = kind
    currentState = { publicState(store.currentState) }
    sendQuery = { store.send(queryAction($0), tag: $1) }
    sendNext = { store.send(nextAction, tag: $0) }
    sendCancel = { store.send(cancelAction, tag: $0) }
    cancelEffects = { store.cancelAll() }
    cancelTagged = { store.cancel(tag: $0) }
  }

  /// ReactorKit's style.
  init(_ store: Store<SearchReactor>) {
    self.init(
      store, kind: .reactor, queryAction: { .updateQuery($0) }, nextAction: .loadNextPage, cancelAction: .cancel,
      publicState: { $0 })
  }

  /// RxFeedback's style.
  init(_ store: Store<FeedbackSearch>) {
    self.init(
      store, kind: .feedback, queryAction: { .searchChanged($0) }, nextAction: .startLoadingNextPage,
      cancelAction: .cancel, publicState: { $0.search })
  }

  var state: SearchState { currentState() }
  func query(_ text: String, tag: JSONValue?) -> StoreTask { sendQuery(text, tag) }
  func next(tag: JSONValue?) -> StoreTask { sendNext(tag) }
  func cancelAll() {
    sendCancel(nil)
    cancelEffects()
  }
  func cancel(tag: JSONValue, by: JSONValue?) -> Bool {
    guard cancelTagged(tag) else { return false }
    sendCancel(by)
    return true
  }
}
