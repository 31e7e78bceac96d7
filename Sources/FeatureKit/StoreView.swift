package import ReactorCore
package import ReactorJSON

/// A View over one store, as ReactorKit's View has one reactor: the state `state` prints, the
/// fields `why` and `watch` complete, Ctrl-C and `cancel <id>` come from the store, and `run`
/// too when the verbs make the reactor's actions themselves. A View declares only its verbs,
/// its store and, if its reactor has effects, the action that leaves honest state after a
/// cancel.
package protocol StoreView: FeatureView {
  associatedtype Reactor: ReactorCore.Reactor where Reactor.State: PatchableState
  var store: Store<Reactor> { get }
  /// Sent when work is cancelled (Ctrl-C, `cancel`), so nothing is left "loading"; nil (the
  /// default) for a reactor whose state never waits for an effect.
  static var cancelAction: Reactor.Action? { get }
}

extension StoreView {
  package static var cancelAction: Reactor.Action? { nil }

  package static var fields: [String] { Reactor.State.patchFields.map { "/" + $0.name } }

  package var stateJSON: JSONValue { store.currentState.jsonValue }

  package func cancelAll() { store.cancelAll(resetting: Self.cancelAction) }

  package func cancel(tag: JSONValue, by: JSONValue?) -> Bool {
    store.cancel(tag: tag, resetting: Self.cancelAction, by: by)
  }
}

extension StoreView where Command == Reactor.Action {
  package func run(_ command: Command, sink: TaggingSink) -> Execution { .store(store.send(command, tag: sink.tag)) }
}
