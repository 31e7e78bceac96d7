import GitHubClient
import ReactorCore
import ReactorJSON

/// Repository search over one store, whichever engine runs it: which actions stand for the
/// commands, and where the public search state lives in the store's state. Both engines have
/// the same public state, commands, notices and text output; NDJSON `change` records name
/// their own mutations or events.
///
/// Not generic: it holds closures made where the store's reactor is known, so every command
/// runs the store's code specialized for that reactor. A generic engine reached through a
/// protocol would run the store's unspecialized code, which looks up generic metadata at run
/// time.
struct SearchEngine: Sendable {
  let kind: SearchEngineKind
  private let currentState: @Sendable () -> SearchState
  private let sendQuery: @Sendable (String, JSONValue?) -> StoreTask
  private let sendNext: @Sendable (JSONValue?) -> StoreTask
  private let sendPages: @Sendable (Int, JSONValue?) -> StoreTask
  private let sendSort: @Sendable (SearchSort, SearchOrder, JSONValue?) -> StoreTask
  private let sendCancel: @Sendable (JSONValue?) -> Void
  private let cancelEffects: @Sendable () -> Void
  private let cancelTagged: @Sendable (JSONValue) -> Bool

  private init<R: Reactor>(
    _ store: Store<R>, kind: SearchEngineKind, queryAction: @escaping @Sendable (String) -> R.Action,
    nextAction: R.Action, pagesAction: @escaping @Sendable (Int) -> R.Action,
    sortAction: @escaping @Sendable (SearchSort, SearchOrder) -> R.Action, cancelAction: R.Action,
    publicState: @escaping @Sendable (R.State) -> SearchState
  ) {
    self.kind = kind
    currentState = { publicState(store.currentState) }
    sendQuery = { store.send(queryAction($0), tag: $1) }
    sendNext = { store.send(nextAction, tag: $0) }
    sendPages = { store.send(pagesAction($0), tag: $1) }
    sendSort = { store.send(sortAction($0, $1), tag: $2) }
    sendCancel = { store.send(cancelAction, tag: $0) }
    cancelEffects = { store.cancelAll() }
    cancelTagged = { store.cancel(tag: $0) }
  }

  /// ReactorKit's style.
  init(_ store: Store<SearchReactor>) {
    self.init(
      store, kind: .reactor, queryAction: { .updateQuery($0) }, nextAction: .loadNextPage,
      pagesAction: { .loadPages($0) }, sortAction: { .updateSort($0, $1) }, cancelAction: .cancel,
      publicState: { $0 })
  }

  /// RxFeedback's style.
  init(_ store: Store<FeedbackSearch>) {
    self.init(
      store, kind: .feedback, queryAction: { .searchChanged($0) }, nextAction: .startLoadingNextPage,
      pagesAction: { .startLoadingPages($0) }, sortAction: { .sortChanged($0, $1) }, cancelAction: .cancel,
      publicState: { $0.search })
  }

  /// The public search state now.
  var state: SearchState { currentState() }
  func query(_ text: String, tag: JSONValue?) -> StoreTask { sendQuery(text, tag) }
  func next(tag: JSONValue?) -> StoreTask { sendNext(tag) }
  /// `next <n>`, `next all` (`Int.max`).
  func next(pages: Int, tag: JSONValue?) -> StoreTask { sendPages(pages, tag) }
  /// `sort`, `order`: the new sort and order; a search under way starts again.
  func sort(_ sort: SearchSort, _ order: SearchOrder, tag: JSONValue?) -> StoreTask { sendSort(sort, order, tag) }
  /// Stops everything in flight and leaves honest state (nothing left "loading").
  func cancelAll() {
    sendCancel(nil)
    cancelEffects()
  }
  /// Cancels the work of the request tagged `tag`; true if there was any. The state reset it
  /// causes is attributed to the request tagged `by` (the `cancel` command itself).
  func cancel(tag: JSONValue, by: JSONValue?) -> Bool {
    guard cancelTagged(tag) else { return false }
    sendCancel(by)
    return true
  }
}
