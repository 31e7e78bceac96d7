/// How ``SearchReactor`` produces its effects; the user picks it with `--engine`, `%engine` or
/// `engine`, so its cases are named as those words are.
package enum SearchEffectStyle: String, Sendable, CaseIterable {
  /// ReactorKit's style: `mutate` returns the loads.
  case reactor
  /// RxFeedback's style: `mutate` records intent in state, and a feedback loop derives the loads.
  case feedback
}
