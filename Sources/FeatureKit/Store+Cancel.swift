package import ReactorCore
package import ReactorJSON

extension Store {
  /// Ctrl-C for a View with a `reset` action: the reset (state left honest, nothing
  /// "loading"), if any, then every effect in flight cancelled.
  package func cancelAll(resetting reset: R.Action?) {
    if let reset { send(reset) }
    cancelAll()
  }

  /// `cancel <id>` for a View with a `reset` action: cancels the effects of the request tagged
  /// `tag`, and resets the state, attributed to `by`, only when nothing else of the store is
  /// still running. False when the request had no effects here.
  package func cancel(tag: JSONValue, resetting reset: R.Action?, by: JSONValue?) -> Bool {
    guard cancel(tag: tag) else { return false }
    if let reset, liveEffectCount == 0 { send(reset, tag: by) }
    return true
  }
}
