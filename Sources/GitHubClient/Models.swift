public import ReactorCore

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
///
/// Immutable, and cheap to copy: the fields live in one shared object, which also holds the
/// repository's JSON text, written once when the value is made. A search holds hundreds of
/// thousands of these, and renders each as JSON in patches, NDJSON lines and state dumps; so
/// appending a page copies 30 references, and rendering it copies bytes (see `PreencodedJSON`).
public struct Repository: Sendable, Equatable, Hashable {
  private let storage: Storage

  public var id: Int { storage.id }
  /// `owner/name`.
  public var fullName: String { storage.fullName }
  public var description: String? { storage.description }
  public var stars: Int { storage.stars }
  public var language: String? { storage.language }
  /// The repository's page on github.com (`html_url`).
  public var url: String { storage.url }

  public init(id: Int, fullName: String, description: String?, stars: Int, language: String?, url: String) {
    storage = Storage(id: id, fullName: fullName, description: description, stars: stars, language: language, url: url)
  }

  public static func == (lhs: Repository, rhs: Repository) -> Bool {
    lhs.storage === rhs.storage || lhs.storage.encodedJSON == rhs.storage.encodedJSON
  }

  public func hash(into hasher: inout Hasher) { hasher.combine(storage.encodedJSON) }

  final class Storage: PreencodedJSON {
    let id: Int
    let fullName: String
    let description: String?
    let stars: Int
    let language: String?
    let url: String
    let encodedJSON: [UInt8]

    init(id: Int, fullName: String, description: String?, stars: Int, language: String?, url: String) {
      self.id = id
      self.fullName = fullName
      self.description = description
      self.stars = stars
      self.language = language
      self.url = url
      // Keys in byte order, as every JSON object of the output contract.
      var writer = JSONWriter(capacity: 64 + fullName.utf8.count * 2 + (description?.utf8.count ?? 0))
      writer.raw(#"{"description":"#)
      writer.string(description)
      writer.raw(#","fullName":"#)
      writer.string(fullName)
      writer.raw(#","id":"#)
      writer.int(id)
      writer.raw(#","language":"#)
      writer.string(language)
      writer.raw(#","stars":"#)
      writer.int(stars)
      writer.raw(#","url":"#)
      writer.string(url)
      writer.raw("}")
      encodedJSON = writer.bytes
    }

    var jsonTree: JSONValue {
      .object(
        JSONObject(sortedMembers: [
          ("description", description.jsonValue), ("fullName", .string(fullName)), ("id", .int(id)),
          ("language", language.jsonValue), ("stars", .int(stars)), ("url", .string(url)),
        ]))
    }
  }
}

extension Repository: JSONRepresentable {
  /// The repository's object (`description`, `fullName`, `id`, `language`, `stars`, `url`),
  /// as text written once.
  public var jsonValue: JSONValue { .encoded(storage) }

  /// Copies the text written when the repository was made.
  public func writeJSON(to writer: inout JSONWriter) { writer.append(storage.encodedJSON) }

  public var jsonSizeHint: Int { storage.encodedJSON.count }
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
