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
/// Immutable, and cheap to copy: one reference to one allocation, which holds the numbers and
/// the repository's JSON text, written once when the value is made. The string fields are read
/// back out of that text when asked for (only text rendering and `open` ask), so a repository
/// is one allocation, which the page decoder makes straight from the page's bytes: a search
/// holds hundreds of thousands of these, a page decodes 30 at a time, and renders each as JSON
/// in patches, NDJSON lines and state dumps by copying bytes (see `PreencodedJSON`).
public struct Repository: Sendable, Equatable, Hashable {
  private let storage: Storage

  public var id: Int { storage.header.id }
  /// `owner/name`.
  public var fullName: String {
    if let originals = storage.header.originals { return originals.fullName }
    return storage.text(storage.header.fullName) ?? ""
  }
  public var description: String? {
    if let originals = storage.header.originals { return originals.description }
    return storage.text(storage.header.description)
  }
  public var stars: Int { storage.header.stars }
  public var language: String? {
    if let originals = storage.header.originals { return originals.language }
    return storage.text(storage.header.language)
  }
  /// The repository's page on github.com (`html_url`).
  public var url: String {
    if let originals = storage.header.originals { return originals.url }
    return storage.text(storage.header.url) ?? ""
  }

  public init(id: Int, fullName: String, description: String?, stars: Int, language: String?, url: String) {
    var writer = JSONWriter(capacity: 64 + fullName.utf8.count * 2 + (description?.utf8.count ?? 0) + url.utf8.count)
    storage = Storage.make(
      id: id, stars: stars, fullName: fullName, description: description, language: language, url: url, scratch: &writer
    )
  }

  /// For decoders: the string fields as UTF-8, which must be valid (the decoder checked it)
  /// and unescaped. `scratch` is where the JSON text is written before it is copied into the
  /// repository's one allocation; reuse it from one repository to the next.
  package init(
    id: Int, stars: Int, fullName: UTF8Text, description: UTF8Text?, language: UTF8Text?, url: UTF8Text,
    scratch: inout JSONWriter
  ) {
    storage = Storage.make(
      id: id, stars: stars, fullName: fullName, description: description, language: language, url: url,
      scratch: &scratch)
  }

  public static func == (lhs: Repository, rhs: Repository) -> Bool {
    lhs.storage === rhs.storage || lhs.storage.hasSameJSON(as: rhs.storage)
  }

  public func hash(into hasher: inout Hasher) {
    storage.withEncodedJSON { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
  }

  /// Valid UTF-8 bytes of a string field, borrowed for the length of an initializer call.
  package struct UTF8Text {
    let bytes: UnsafeBufferPointer<UInt8>
    /// The JSON text of the string is its bytes between quotes.
    let isVerbatim: Bool

    package init(validUTF8 bytes: UnsafeBufferPointer<UInt8>) {
      self.bytes = bytes
      isVerbatim = false
    }

    /// Bytes that a JSON string holds as they are, which the caller has checked: printable
    /// ASCII (0x20-0x7E) other than `"` and `\`. They are copied without looking at them.
    package init(verbatim bytes: UnsafeBufferPointer<UInt8>) {
      assert(bytes.allSatisfy { (0x20...0x7E).contains($0) && $0 != 0x22 && $0 != 0x5C }, "not verbatim JSON text")
      self.bytes = bytes
      isVerbatim = true
    }
  }

  /// Where a string field's UTF-8 sits in the JSON text: between its quotes, where the writer
  /// had nothing to escape, so the text there is the string's own UTF-8. `count` is -1 for null.
  struct TextSpan {
    var start: UInt32
    var count: Int32
    static let null = TextSpan(start: 0, count: -1)
  }

  /// The string fields as they were given, kept only for a repository whose JSON text had to
  /// escape one of them (a quote, a control character, a bidirectional override...).
  final class Originals: Sendable {
    let fullName: String
    let description: String?
    let language: String?
    let url: String
    init(fullName: String, description: String?, language: String?, url: String) {
      self.fullName = fullName
      self.description = description
      self.language = language
      self.url = url
    }
  }

  struct Header {
    let id: Int
    let stars: Int
    /// The JSON text's length: the elements are its bytes.
    let count: Int
    let fullName: TextSpan
    let description: TextSpan
    let language: TextSpan
    let url: TextSpan
    /// Non-nil when a field's text is not its UTF-8 (see `Originals`); the spans are then unused.
    let originals: Originals?
  }

  /// The header and the JSON text in one allocation. The class declares no stored
  /// properties: both live in its tail, laid out by `ManagedBufferPointer` (a `ManagedBuffer`
  /// subclass cannot be `Sendable`; this one is immutable once made).
  final class Storage: PreencodedJSON, @unchecked Sendable {
    private typealias Buffer = ManagedBufferPointer<Header, UInt8>

    private var buffer: Buffer { Buffer(unsafeBufferObject: self) }
    var header: Header { buffer.header }
    /// The JSON text's length (read in place: no copy of the header, so no retain of its
    /// originals, on the path that renders every repository).
    var count: Int { buffer.withUnsafeMutablePointerToHeader { $0.pointee.count } }

    deinit { _ = buffer.withUnsafeMutablePointerToHeader { $0.deinitialize(count: 1) } }

    static func make<Text: RepositoryText>(
      id: Int, stars: Int, fullName: Text, description: Text?, language: Text?, url: Text,
      scratch writer: inout JSONWriter
    ) -> Storage {
      writer.removeAll()
      var verbatim = true
      // Writes a field's string (or null) and says where its UTF-8 landed.
      func field(_ key: StaticString, _ text: Text?, _ writer: inout JSONWriter) -> TextSpan {
        writer.raw(key)
        guard let text else {
          writer.raw("null")
          return .null
        }
        let start = writer.count + 1
        text.write(to: &writer)
        // Every escape is longer than what it stands for: the same length means none.
        if writer.count - start - 1 != text.utf8Count { verbatim = false }
        return TextSpan(start: UInt32(truncatingIfNeeded: start), count: Int32(truncatingIfNeeded: text.utf8Count))
      }
      // Keys in byte order, as every JSON object of the output contract.
      let descriptionSpan = field(#"{"description":"#, description, &writer)
      let fullNameSpan = field(#","fullName":"#, fullName, &writer)
      writer.raw(#","id":"#)
      writer.int(id)
      let languageSpan = field(#","language":"#, language, &writer)
      writer.raw(#","stars":"#)
      writer.int(stars)
      let urlSpan = field(#","url":"#, url, &writer)
      writer.raw("}")
      let count = writer.count
      // Spans are 32-bit: text past 2 GiB (never a real repository) reads its strings back
      // from the originals too.
      if count > Int(Int32.max) { verbatim = false }
      let originals =
        verbatim
        ? nil
        : Originals(
          fullName: fullName.string, description: description?.string, language: language?.string, url: url.string)
      let buffer = Buffer(bufferClass: Storage.self, minimumCapacity: count) { _, _ in
        Header(
          id: id, stars: stars, count: count, fullName: fullNameSpan, description: descriptionSpan,
          language: languageSpan,
          url: urlSpan, originals: originals)
      }
      buffer.withUnsafeMutablePointerToElements { elements in
        writer.withBytes { elements.initialize(from: $0.baseAddress!, count: $0.count) }
      }
      return unsafeDowncast(buffer.buffer, to: Storage.self)
    }

    /// A string field, read back from the JSON text (when there are no originals).
    func text(_ span: TextSpan) -> String? {
      guard span.count >= 0 else { return nil }
      return buffer.withUnsafeMutablePointerToElements { elements in
        String(decoding: UnsafeBufferPointer(start: elements + Int(span.start), count: Int(span.count)), as: UTF8.self)
      }
    }

    func withEncodedJSON<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
      let count = self.count
      return try buffer.withUnsafeMutablePointerToElements { try body(UnsafeBufferPointer(start: $0, count: count)) }
    }

    var jsonTree: JSONValue {
      let repository = Repository(storage: self)
      return .object(
        JSONObject(sortedMembers: [
          ("description", repository.description.jsonValue), ("fullName", .string(repository.fullName)),
          ("id", .int(repository.id)), ("language", repository.language.jsonValue), ("stars", .int(repository.stars)),
          ("url", .string(repository.url)),
        ]))
    }
  }

  private init(storage: Storage) { self.storage = storage }
}

/// A string field on its way into a repository: a `String`, or a decoder's UTF-8.
protocol RepositoryText {
  var utf8Count: Int { get }
  func write(to writer: inout JSONWriter)
  var string: String { get }
}

extension String: RepositoryText {
  var utf8Count: Int { utf8.count }
  func write(to writer: inout JSONWriter) { writer.string(self) }
  var string: String { self }
}

extension Repository.UTF8Text: RepositoryText {
  var utf8Count: Int { bytes.count }
  func write(to writer: inout JSONWriter) {
    guard isVerbatim else { return writer.string(validUTF8: bytes) }
    writer.byte(UInt8(ascii: "\""))
    writer.append(bytes)
    writer.byte(UInt8(ascii: "\""))
  }
  var string: String { String(decoding: bytes, as: UTF8.self) }
}

extension Repository: JSONRepresentable {
  /// The repository's object (`description`, `fullName`, `id`, `language`, `stars`, `url`),
  /// as text written once.
  public var jsonValue: JSONValue { .encoded(storage) }

  /// Copies the text written when the repository was made.
  public func writeJSON(to writer: inout JSONWriter) { storage.withEncodedJSON { writer.append($0) } }

  public var jsonSizeHint: Int { storage.count }
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
