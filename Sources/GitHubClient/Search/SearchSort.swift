/// How GitHub orders repository search results (the REST API's `sort` parameter).
public enum SearchSort: String, Sendable, Equatable, Hashable, CaseIterable {
  /// GitHub's relevance ranking: no `sort` parameter is sent.
  case best
  case stars
  case forks
  case updated
  case helpWantedIssues = "help-wanted-issues"

  /// The value of the `sort` parameter; nil for best match, which sends none.
  package var parameter: String? { self == .best ? nil : rawValue }
}
