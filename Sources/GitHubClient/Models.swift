/// One page of a paginated GitHub listing.
public struct Page<Item: Sendable & Equatable>: Sendable, Equatable {
  public var items: [Item]
  /// The page number that produced this page (1-based).
  public var page: Int
  /// The next page, from the `Link` header's `rel="next"`; nil on the last page, and past the
  /// search API's 1,000-result cap.
  public var nextPage: Int?
  /// For search: how many results GitHub counted in all.
  public var totalCount: Int?
  /// For search: GitHub timed out and the results may be incomplete.
  public var incompleteResults: Bool

  public init(items: [Item], page: Int, nextPage: Int?, totalCount: Int? = nil, incompleteResults: Bool = false) {
    self.items = items
    self.page = page
    self.nextPage = nextPage
    self.totalCount = totalCount
    self.incompleteResults = incompleteResults
  }
}

/// A repository, with the fields the tool shows.
public struct Repository: Sendable, Equatable, Hashable {
  public var id: Int
  /// `owner/name`.
  public var fullName: String
  public var description: String?
  public var stars: Int
  public var language: String?
  /// The repository's page on github.com (`html_url`).
  public var url: String

  public init(id: Int, fullName: String, description: String?, stars: Int, language: String?, url: String) {
    self.id = id
    self.fullName = fullName
    self.description = description
    self.stars = stars
    self.language = language
    self.url = url
  }
}

/// A public event from `GET /events`.
public struct Event: Sendable, Equatable, Hashable {
  /// GitHub's event id (a decimal string); unique across pages.
  public var id: String
  /// For example `PushEvent`.
  public var type: String
  /// The actor's login.
  public var actor: String
  /// The repository's `owner/name`.
  public var repository: String
  /// Seconds since 1970 (from `created_at`).
  public var createdAt: Double
  /// A short phrase from the payload, such as the branch pushed to or the issue title.
  public var detail: String?

  public init(id: String, type: String, actor: String, repository: String, createdAt: Double, detail: String? = nil) {
    self.id = id
    self.type = type
    self.actor = actor
    self.repository = repository
    self.createdAt = createdAt
    self.detail = detail
  }
}
