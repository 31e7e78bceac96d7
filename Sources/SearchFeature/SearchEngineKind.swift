/// Which implementation runs repository search.
package enum SearchEngineKind: String, Sendable, CaseIterable {
  /// ReactorKit's style: actions become mutations through effects (`SearchReactor`).
  case reactor
  /// RxFeedback's style: effects are derived from state by a feedback loop (`FeedbackSearch`).
  case feedback
}
