import FoundationEssentials
import GitHubClient
import ReactorJSON

/// Decodes a search page (`GET /search/repositories`) in one pass over its bytes.
///
/// A GitHub search page is about 140 KB, of which reactor reads six fields a repository for
/// the list and seven more for the live view's preview (``Repository/Details``).
/// `JSONDecoder` builds a map of the whole document and then walks it through Codable's
/// containers. This decoder walks the page with `JSONScanner`, which validates the whole
/// document as strictly as `JSONDecoder` does (RFC 8259 syntax, UTF-8, escapes, integer
/// ranges) but builds nothing for the fields it skips, and makes no `String` for those it
/// keeps: a repository is built from its strings' bytes in the page (`Repository.UTF8Text`),
/// with one allocation.
///
/// It reports the same errors as decoding `SearchResponseWire` with `JSONDecoder` (the tests
/// compare the two on recorded pages and on every truncation and corruption of a small page):
/// any syntax error anywhere is "not valid JSON"; otherwise the first missing or mistyped field
/// in decoding order (`total_count`, `incomplete_results`, `items`, then each item's `id`,
/// `full_name`, `description`, `stargazers_count`, `language`, `html_url`, and the optional
/// `forks_count`, `open_issues_count`, `topics`, `license` with its `name`, `created_at`,
/// `pushed_at`, `homepage`).
enum SearchPageDecoder {
  struct Result {
    var totalCount: Int
    var incompleteResults: Bool
    var items: [Repository]
  }

  /// What went wrong, as `GitHubAPI.describe` words a `DecodingError`.
  enum Failure: Error, Equatable {
    case invalidJSON
    case missing(String)
    case unexpected(path: String)

    var message: String {
      switch self {
      case .invalidJSON: "not valid JSON"
      case .missing(let key): "missing field '\(key)'"
      case .unexpected(let path): "unexpected value at '\(path)'"
      }
    }
  }

  static func decode(_ data: Data) throws(Failure) -> Result {
    let outcome: Swift.Result<Result, Failure> = data.withUnsafeBytes { raw in
      var scanner = JSONScanner(bytes: raw.bindMemory(to: UInt8.self))
      return scanner.searchPage()
    }
    return try outcome.get()
  }

  /// A field's value as the decoder saw it.
  fileprivate enum Field<Value> {
    case absent
    case null
    case value(Value)
    case wrongType

    /// A required field: absent is "missing", null or another type "unexpected". (`path` is
    /// built only for an error: building one for every field of every item would be a large
    /// part of decoding a page.)
    func required(_ key: String, at path: @autoclosure () -> String) throws(Failure) -> Value {
      switch self {
      case .value(let value): return value
      case .absent: throw .missing(key)
      case .null, .wrongType: throw .unexpected(path: path())
      }
    }

    /// An optional field: absent or null is nil.
    func optional(at path: @autoclosure () -> String) throws(Failure) -> Value? {
      switch self {
      case .value(let value): return value
      case .absent, .null: return nil
      case .wrongType: throw .unexpected(path: path())
      }
    }
  }

  fileprivate struct Item {
    var id = Field<Int>.absent
    var fullName = Field<JSONScanner.StringBytes>.absent
    var description = Field<JSONScanner.StringBytes>.absent
    var stars = Field<Int>.absent
    var language = Field<JSONScanner.StringBytes>.absent
    var url = Field<JSONScanner.StringBytes>.absent
    var forks = Field<Int>.absent
    var openIssues = Field<Int>.absent
    /// The topics' range in the page's topics writer (see `repositories`), or why there are none.
    var topics = Field<Range<Int>>.absent
    /// `license`: null, or an object whose `name` is this field.
    var license = Field<Field<JSONScanner.StringBytes>>.absent
    var createdAt = Field<JSONScanner.StringBytes>.absent
    var pushedAt = Field<JSONScanner.StringBytes>.absent
    var homepage = Field<JSONScanner.StringBytes>.absent

    /// The coding path of item `index` of `items`, as `DecodingError` words it.
    static func path(_ index: Int) -> String { "items.Index \(index)" }

    /// The repository, its strings read in place from the page (or from `unescaped`). Fields
    /// are checked in `RepositoryWire`'s declaration order, as its synthesized `init(from:)`
    /// decodes.
    func model(
      at index: Int, bytes: UnsafeBufferPointer<UInt8>, unescaped: [UInt8], topicsText: borrowing JSONWriter,
      json: inout JSONWriter
    ) throws(Failure) -> Repository {
      let id = try id.required("id", at: Self.path(index) + ".id")
      let fullName = try fullName.required("full_name", at: Self.path(index) + ".full_name")
      let description = try description.optional(at: Self.path(index) + ".description")
      let stars = try stars.required("stargazers_count", at: Self.path(index) + ".stargazers_count")
      let language = try language.optional(at: Self.path(index) + ".language")
      let url = try url.required("html_url", at: Self.path(index) + ".html_url")
      let forks = try forks.optional(at: Self.path(index) + ".forks_count")
      let openIssues = try openIssues.optional(at: Self.path(index) + ".open_issues_count")
      let topics = try topics.optional(at: Self.path(index) + ".topics")
      let licenseName = try license.optional(at: Self.path(index) + ".license")?.optional(
        at: Self.path(index) + ".license.name")
      let createdAt = try createdAt.optional(at: Self.path(index) + ".created_at")
      let pushedAt = try pushedAt.optional(at: Self.path(index) + ".pushed_at")
      let homepage = try homepage.optional(at: Self.path(index) + ".homepage")
      return unescaped.withUnsafeBufferPointer { unescaped in
        func text(_ reference: JSONScanner.StringBytes) -> Repository.UTF8Text {
          let source = reference.isUnescaped ? unescaped : bytes
          let text = UnsafeBufferPointer(rebasing: source[reference.range])
          return reference.isVerbatim ? .init(verbatim: text) : .init(validUTF8: text)
        }
        return topicsText.withBytes { topicsText in
          let details = Repository.DetailsText(
            forks: forks, openIssues: openIssues, topics: topics.map { UnsafeBufferPointer(rebasing: topicsText[$0]) },
            license: licenseName.map(text), createdAt: createdAt.map(text), pushedAt: pushedAt.map(text),
            homepage: homepage.map(text))
          return Repository(
            id: id, stars: stars, fullName: text(fullName), description: description.map(text),
            language: language.map(text), url: text(url), details: details, scratch: &json)
        }
      }
    }
  }
}

/// The search page's structure, read with the JSON scanner's primitives.
extension JSONScanner {
  fileprivate typealias Field<Value> = SearchPageDecoder.Field<Value>
  fileprivate typealias Failure = SearchPageDecoder.Failure
  fileprivate typealias Item = SearchPageDecoder.Item

  // MARK: Document

  fileprivate mutating func searchPage() -> Swift.Result<SearchPageDecoder.Result, Failure> {
    var total = Field<Int>.absent
    var incomplete = Field<Bool>.absent
    var items = Field<[Repository]>.absent
    var itemError: Failure?
    var topLevelIsObject = false
    do {
      skipSpace()
      if peek == UInt8(ascii: "{") {
        topLevelIsObject = true
        try object { scanner, key in
          if key.equals("total_count") {
            total = try scanner.integerField()
          } else if key.equals("incomplete_results") {
            incomplete = try scanner.booleanField()
          } else if key.equals("items") {
            itemError = nil
            items = try scanner.repositories(firstError: &itemError)
          } else {
            try scanner.skipValue()
          }
        }
      } else {
        try skipValue()
      }
      try expectEnd()
    } catch {
      return .failure(.invalidJSON)
    }
    do throws(Failure) {
      guard topLevelIsObject else { throw .unexpected(path: "") }
      let totalCount = try total.required("total_count", at: "total_count")
      let incompleteResults = try incomplete.optional(at: "incomplete_results") ?? false
      let repositories = try items.required("items", at: "items")
      if let itemError { throw itemError }
      return .success(
        SearchPageDecoder.Result(totalCount: totalCount, incompleteResults: incompleteResults, items: repositories))
    } catch {
      return .failure(error)
    }
  }

  /// The `items` array; the first item's decoding error goes to `firstError` (syntax is
  /// checked to the end either way).
  private mutating func repositories(firstError: inout Failure?) throws -> Field<[Repository]> {
    skipSpace()
    guard peek == UInt8(ascii: "[") else { return try otherValue() }
    var items: [Repository] = []
    items.reserveCapacity(100)
    var position = 0
    // Each repository's JSON text is written here, then copied into the repository; its
    // topics are written to the other as they are read.
    var json = JSONWriter(capacity: 1024)
    var topics = JSONWriter(capacity: 256)
    try array { scanner in
      let itemIndex = position
      position += 1
      scanner.skipSpace()
      guard scanner.peek == UInt8(ascii: "{") else {
        try scanner.skipValue()
        if firstError == nil { firstError = .unexpected(path: Item.path(itemIndex)) }
        return
      }
      let item = try scanner.repository(topics: &topics)
      if firstError != nil { return }
      do throws(Failure) {
        items.append(
          try item.model(
            at: itemIndex, bytes: scanner.bytes, unescaped: scanner.unescaped, topicsText: topics, json: &json))
      } catch {
        firstError = error
      }
    }
    return .value(items)
  }

  /// One item; its topics go to `topics`, emptied first.
  private mutating func repository(topics: inout JSONWriter) throws -> Item {
    var item = Item()
    unescaped.removeAll(keepingCapacity: true)
    topics.removeAll()
    try object { scanner, key in
      switch key.count {
      case 2 where key.equals("id"): item.id = try scanner.integerField()
      case 9 where key.equals("full_name"): item.fullName = try scanner.stringField()
      case 11 where key.equals("description"): item.description = try scanner.stringField()
      case 16 where key.equals("stargazers_count"): item.stars = try scanner.integerField()
      case 8 where key.equals("language"): item.language = try scanner.stringField()
      case 8 where key.equals("html_url"): item.url = try scanner.stringField()
      case 11 where key.equals("forks_count"): item.forks = try scanner.integerField()
      case 17 where key.equals("open_issues_count"): item.openIssues = try scanner.integerField()
      case 6 where key.equals("topics"): item.topics = try scanner.stringsField(into: &topics)
      case 7 where key.equals("license"): item.license = try scanner.licenseField()
      case 10 where key.equals("created_at"): item.createdAt = try scanner.stringField()
      case 9 where key.equals("pushed_at"): item.pushedAt = try scanner.stringField()
      case 8 where key.equals("homepage"): item.homepage = try scanner.stringField()
      default: try scanner.skipValue()
      }
    }
    return item
  }

  /// An array of strings, written to `writer` as JSON strings separated by commas (a later
  /// occurrence of the key replaces what an earlier one wrote).
  private mutating func stringsField(into writer: inout JSONWriter) throws -> Field<Range<Int>> {
    skipSpace()
    guard peek == UInt8(ascii: "[") else { return try otherValue() }
    writer.removeAll()
    var allStrings = true
    try array { scanner in
      guard case .value(let string) = try scanner.stringField() else {
        allStrings = false
        return
      }
      guard allStrings else { return }
      if writer.count > 0 { writer.byte(UInt8(ascii: ",")) }
      scanner.unescaped.withUnsafeBufferPointer { unescaped in
        let source = string.isUnescaped ? unescaped : scanner.bytes
        writer.string(validUTF8: UnsafeBufferPointer(rebasing: source[string.range]))
      }
    }
    return allStrings ? .value(0..<writer.count) : .wrongType
  }

  /// `license`: an object (whose `name` is read, the rest skipped), or null.
  private mutating func licenseField() throws -> Field<Field<StringBytes>> {
    skipSpace()
    guard peek == UInt8(ascii: "{") else { return try otherValue() }
    var name = Field<StringBytes>.absent
    try object { scanner, key in
      if key.count == 4 && key.equals("name") { name = try scanner.stringField() } else { try scanner.skipValue() }
    }
    return .value(name)
  }

  // MARK: Typed fields

  private mutating func integerField() throws -> Field<Int> {
    skipSpace()
    guard let byte = peek, byte == UInt8(ascii: "-") || (0x30...0x39).contains(byte) else { return try otherValue() }
    let start = index
    try skipNumber()
    return Self.integer(UnsafeBufferPointer(rebasing: bytes[start..<index])).map { .value($0) } ?? .wrongType
  }

  private mutating func booleanField() throws -> Field<Bool> {
    skipSpace()
    if literal("true") { return .value(true) }
    if literal("false") { return .value(false) }
    return try otherValue()
  }

  private mutating func stringField() throws -> Field<StringBytes> {
    skipSpace()
    guard peek == UInt8(ascii: "\"") else { return try otherValue() }
    return .value(try string())
  }

  /// Skips a value of another type than the field's: null, or a wrong type.
  private mutating func otherValue<Value>() throws -> Field<Value> {
    if literal("null") { return .null }
    try skipValue()
    return .wrongType
  }
}
