package import ReactorJSON

/// A repository, with the fields the tool shows.
///
/// Immutable, and cheap to copy: one reference to one allocation, which holds the numbers and
/// the repository's JSON text, written once when the value is made. The string fields are read
/// back out of that text when asked for (only text rendering and `open` ask), so a repository
/// is one allocation, which the page decoder makes straight from the page's bytes: a search
/// holds hundreds of thousands of these, a page decodes 30 at a time, and renders each as JSON
/// in patches, NDJSON lines and state dumps by copying bytes (see `PreencodedJSON`).
public struct Repository: Sendable, Equatable, Hashable {
  let storage: Storage

  // Public, not package: with the release builds' cross-module optimization only public
  // declarations are inlined into other modules, and the search feature reads the id of every
  // repository it adds (as package, a call: +13% instructions a search action).
  public var id: Int { storage.header.id }
  /// `owner/name`.
  package var fullName: String {
    if let originals = storage.header.originals { return originals.fullName }
    return storage.text(storage.header.fullName) ?? ""
  }
  package var description: String? {
    if let originals = storage.header.originals { return originals.description }
    return storage.text(storage.header.description)
  }
  package var stars: Int { storage.header.stars }
  package var language: String? {
    if let originals = storage.header.originals { return originals.language }
    return storage.text(storage.header.language)
  }
  /// The repository's page on github.com (`html_url`).
  package var url: String {
    if let originals = storage.header.originals { return originals.url }
    return storage.text(storage.header.url) ?? ""
  }

  /// What the search answer says beyond the list's fields, for the live view's preview. Not in
  /// the repository's JSON (the records' contract), which stays the six fields above.
  package var details: Details { storage.details }

  package init(
    id: Int, fullName: String, description: String?, stars: Int, language: String?, url: String,
    details: Details = Details()
  ) {
    var writer = JSONWriter(capacity: 64 + fullName.utf8.count * 2 + (description?.utf8.count ?? 0) + url.utf8.count)
    storage = Storage.make(
      id: id, stars: stars, fullName: fullName, description: description, language: language, url: url,
      details: details, scratch: &writer)
  }

  /// For decoders: the string fields as UTF-8, which must be valid (the decoder checked it)
  /// and unescaped. `scratch` is where the JSON text is written before it is copied into the
  /// repository's one allocation; reuse it from one repository to the next.
  package init(
    id: Int, stars: Int, fullName: UTF8Text, description: UTF8Text?, language: UTF8Text?, url: UTF8Text,
    details: DetailsText = DetailsText(), scratch: inout JSONWriter
  ) {
    storage = Storage.make(
      id: id, stars: stars, fullName: fullName, description: description, language: language, url: url,
      details: details, scratch: &scratch)
  }

  /// The same JSON and the same details.
  public static func == (lhs: Repository, rhs: Repository) -> Bool {
    lhs.storage === rhs.storage || lhs.storage.hasSameBytes(as: rhs.storage)
  }

  public func hash(into hasher: inout Hasher) {
    storage.withEncodedJSON { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
  }

  init(storage: Storage) { self.storage = storage }
}
