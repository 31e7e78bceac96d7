/// One page of a paginated GitHub listing.
public struct Page<Item: Sendable & Equatable>: Sendable, Equatable {
  package var items: [Item]
  /// The page number that produced this page (1-based).
  package var page: Int
  /// The next page, from the `Link` header's `rel="next"`; nil on the last page, and past the
  /// search API's 1,000-result cap.
  package var nextPage: Int?
  /// For search: how many results GitHub counted in all.
  package var totalCount: Int?
  /// For search: GitHub timed out and the results may be incomplete.
  package var incompleteResults: Bool

  package init(items: [Item], page: Int, nextPage: Int?, totalCount: Int? = nil, incompleteResults: Bool = false) {
    self.items = items
    self.page = page
    self.nextPage = nextPage
    self.totalCount = totalCount
    self.incompleteResults = incompleteResults
  }
}
