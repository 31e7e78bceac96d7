import GitHubClient
import ReactorCore
import ReactorJSON

/// The store of either search engine, its type erased: the commands are the same actions
/// (``SearchReactor/Action``) for both, and this says where the public search state lives in
/// the store's state. Both styles have the same public state, commands, notices and
/// text output; NDJSON `change` records name their own mutations or events.
///
/// Not generic: it holds closures made where the store's reactor is known, so every command
/// runs the store's code specialized for that reactor. A generic store reached through a
/// protocol would run the store's unspecialized code, which looks up generic metadata at run
/// time.
struct AnySearchStore: Sendable {
  let kind: SearchEngineKind
  private let currentState: @Sendable () -> SearchState
  private let sendAction: @Sendable (SearchReactor.Action, JSONValue?) -> StoreTask
  private let cancelEffects: @Sendable () -> Void
  private let cancelTagged: @Sendable (JSONValue) -> Bool

  private init<R: Reactor>(
    _ store: Store<R>, kind: SearchEngineKind, publicState: @escaping @Sendable (R.State) -> SearchState
  ) where R.Action == SearchReactor.Action {
    self.kind = kind
    currentState = { publicState(store.currentState) }
    sendAction = { store.send($0, tag: $1) }
    cancelEffects = { store.cancelAll() }
    cancelTagged = { store.cancel(tag: $0) }
  }

  /// ReactorKit's style.
  init(_ store: Store<SearchReactor>) { self.init(store, kind: .reactor, publicState: { $0 }) }

  /// RxFeedback's style.
  init(_ store: Store<FeedbackSearch>) { self.init(store, kind: .feedback, publicState: { $0.search }) }

  /// The public search state now.
  var state: SearchState { currentState() }
  /// Sends one of the search commands.
  func send(_ action: SearchReactor.Action, tag: JSONValue?) -> StoreTask { sendAction(action, tag) }
  /// Stops everything in flight and leaves honest state (nothing left "loading").
  func cancelAll() {
    _ = sendAction(.cancel, nil)
    cancelEffects()
  }
  /// Cancels the work of the request tagged `tag`; true if there was any. The state reset it
  /// causes is attributed to the request tagged `by` (the `cancel` command itself).
  func cancel(tag: JSONValue, by: JSONValue?) -> Bool {
    guard cancelTagged(tag) else { return false }
    _ = sendAction(.cancel, by)
    return true
  }
}
