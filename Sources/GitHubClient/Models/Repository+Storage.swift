import ReactorJSON

extension Repository {
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
    /// The JSON text's length: the first elements are its bytes.
    let count: Int
    /// The details' text after it (``Repository/Details``, a JSON object; none when empty).
    let detailsCount: Int
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

    static func make<Text: RepositoryText, More: RepositoryDetailsText>(
      id: Int, stars: Int, fullName: Text, description: Text?, language: Text?, url: Text, details: More,
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
      details.write(to: &writer)
      let detailsCount = writer.count - count
      // Spans are 32-bit: text past 2 GiB (never a real repository) reads its strings back
      // from the originals too.
      if count > Int(Int32.max) { verbatim = false }
      let originals =
        verbatim
        ? nil
        : Originals(
          fullName: fullName.string, description: description?.string, language: language?.string, url: url.string)
      let buffer = Buffer(bufferClass: Storage.self, minimumCapacity: count + detailsCount) { _, _ in
        Header(
          id: id, stars: stars, count: count, detailsCount: detailsCount, fullName: fullNameSpan,
          description: descriptionSpan, language: languageSpan, url: urlSpan, originals: originals)
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

    /// The details, read back from their text.
    var details: Details {
      let (count, detailsCount) = buffer.withUnsafeMutablePointerToHeader {
        ($0.pointee.count, $0.pointee.detailsCount)
      }
      guard detailsCount > 0 else { return Details() }
      return buffer.withUnsafeMutablePointerToElements {
        Details(json: UnsafeBufferPointer(start: $0 + count, count: detailsCount))
      }
    }

    /// The same JSON text and details text, byte for byte.
    func hasSameBytes(as other: Storage) -> Bool {
      guard hasSameJSON(as: other) else { return false }
      let (start, mine) = buffer.withUnsafeMutablePointerToHeader { ($0.pointee.count, $0.pointee.detailsCount) }
      let theirs = other.buffer.withUnsafeMutablePointerToHeader { $0.pointee.detailsCount }
      guard mine == theirs else { return false }
      return buffer.withUnsafeMutablePointerToElements { left in
        other.buffer.withUnsafeMutablePointerToElements { right in
          UnsafeBufferPointer(start: left + start, count: mine).elementsEqual(
            UnsafeBufferPointer(start: right + start, count: mine))
        }
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
}
