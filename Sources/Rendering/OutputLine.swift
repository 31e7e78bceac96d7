package import ReactorJSON

/// One line of output, without its newline.
///
/// The type is public, its members `package`: ``FeatureKit/StoreMaker`` is public so that
/// cross-module optimization specializes a store's observer in each feature's module, and its
/// View's `render` returns these.
public struct OutputLine: Sendable, Equatable {
  package var stream: OutputStream
  /// The line's text. A record written straight to JSON keeps its UTF-8 bytes instead, and
  /// makes this `String` only when someone reads it (a test, a transcript): a sink writes the
  /// bytes as they are (see ``withUTF8(_:)``).
  package var text: String {
    get {
      switch content {
      case .text(let text): text
      case .utf8(let bytes): bytes.withUTF8 { String(decoding: $0, as: UTF8.self) }
      }
    }
    set {
      if case .change = source { source = record.map { .object($0) } }
      content = .text(newValue)
    }
  }
  /// The tag of the request the line belongs to (a daemon request id), if any.
  package var tag: JSONValue?
  private var content: Content
  private var source: RecordSource?

  /// The text as a `String`, or as the UTF-8 a ``JSONWriter`` wrote: valid by construction,
  /// so it is not checked again: making a `String` of a change record would validate every
  /// byte of it, a visible share of a search with NDJSON output. (`WrittenBytes` is a
  /// `ManagedBuffer`, which cannot be `Sendable`; its bytes and header are never written once
  /// the line is made.)
  private enum Content: @unchecked Sendable {
    case text(String)
    case utf8(WrittenBytes)
  }

  /// Where an NDJSON line's object comes from: kept, or built again from what made the text
  /// when someone asks (hot records are written straight to text and rarely asked for).
  private enum RecordSource: Sendable {
    case object(JSONObject)
    case deferred(@Sendable () -> JSONObject)
    /// The change record the line's bytes keep (``WrittenBytes/change``).
    case change
  }

  /// For an NDJSON record, the object the text encodes, so a daemon can add the request id.
  package var record: JSONObject? {
    get {
      switch source {
      case .object(let object): object
      case .deferred(let make): make()
      case .change:
        if case .utf8(let bytes) = content { bytes.change?.object } else { nil }
      case nil: nil
      }
    }
    set { source = newValue.map { .object($0) } }
  }

  /// The record if it is kept as an object, as every error record is; nil for a record built
  /// on demand (a change record), so that a sink looking for errors never builds one.
  package var keptRecord: JSONObject? {
    if case .object(let object) = source { return object }
    return nil
  }

  package init(_ stream: OutputStream, _ text: String, record: JSONObject? = nil, tag: JSONValue? = nil) {
    self.stream = stream
    self.content = .text(text)
    self.source = record.map { .object($0) }
    self.tag = tag
  }

  /// A record line written by `writer` (its UTF-8 is taken as it is); `record` builds the same
  /// object on demand.
  package init(
    record writer: consuming JSONWriter, deferred make: @escaping @Sendable () -> JSONObject, tag: JSONValue? = nil
  ) {
    self.stream = .out
    self.content = .utf8(WrittenBytes.of(writer))
    self.source = .deferred(make)
    self.tag = tag
  }

  /// The line of a change record written into `bytes`, which builds its object from their
  /// ``WrittenBytes/change`` on demand.
  init(change bytes: WrittenBytes) {
    self.stream = .out
    self.content = .utf8(bytes)
    self.source = .change
    self.tag = nil
  }

  /// Calls `body` with the line's UTF-8, without making a `String` of a written record.
  package func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
    switch content {
    case .utf8(let bytes): return try bytes.withUTF8(body)
    case .text(var text): return try text.withUTF8(body)
    }
  }

  /// The same line, belonging to the request tagged `tag`.
  package func tagged(_ tag: JSONValue?) -> OutputLine {
    var copy = self
    copy.tag = tag
    return copy
  }

  /// Lines are equal when they would print the same and belong to the same request (a record's
  /// object is what its text says).
  public static func == (lhs: OutputLine, rhs: OutputLine) -> Bool {
    lhs.stream == rhs.stream && lhs.tag == rhs.tag && (lhs.source == nil) == (rhs.source == nil)
      && lhs.withUTF8 { left in rhs.withUTF8 { right in left.elementsEqual(right) } }
  }
}
