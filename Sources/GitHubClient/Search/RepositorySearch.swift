/// One page of a repository search: `GET /search/repositories?q=&sort=&order=&page=&per_page=`.
@usableFromInline package struct RepositorySearch: Sendable, Equatable, Hashable {
  /// GitHub's query syntax, as the user typed it.
  @usableFromInline package var query: String
  @usableFromInline package var sort: SearchSort
  package var order: SearchOrder
  /// From 1.
  @usableFromInline package var page: Int
  /// GitHub allows 1-100.
  @usableFromInline package var perPage: Int

  package init(query: String, sort: SearchSort = .best, order: SearchOrder = .desc, page: Int, perPage: Int) {
    self.query = query
    self.sort = sort
    self.order = order
    self.page = page
    self.perPage = perPage
  }

  /// The longest free text GitHub's search accepts, qualifiers (`language:go`) not counted.
  package static let maxQueryLength = 256

  /// The query's length as GitHub counts it against ``maxQueryLength``: its words without the
  /// qualifiers (words with a colon), and the spaces between them.
  package var freeTextLength: Int {
    let words = query.split(separator: " ").filter { !$0.contains(":") }
    return words.isEmpty ? 0 : words.reduce(words.count - 1) { $0 + $1.count }
  }

  /// The `sort:` qualifier a user typed into the query text, which the REST API ignores (it
  /// takes the `sort` parameter); nil when there is none.
  package var sortQualifier: String? {
    query.split(separator: " ").first { $0.lowercased().hasPrefix("sort:") }.map(String.init)
  }

  /// The first qualifier with no value (`stars:`), which GitHub reads as text: often what a
  /// shell left of `stars:>1000` typed unquoted, taking `>1000` as a redirection.
  package var bareQualifier: String? {
    let words: [Substring] = query.split(separator: " ")
    return words.first { word in
      word.count > 1 && word.last == ":" && word.dropLast().allSatisfy { $0.isASCII && ($0.isLetter || $0 == "-") }
    }.map(String.init)
  }
}
