/// The direction of a sorted search (the REST API's `order` parameter); GitHub ignores it for
/// best match.
public enum SearchOrder: String, Sendable, Equatable, Hashable, CaseIterable {
  case desc
  case asc
}
