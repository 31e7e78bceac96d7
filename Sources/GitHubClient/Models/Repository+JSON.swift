public import ReactorJSON

extension Repository: JSONRepresentable {
  /// The repository's object (`description`, `fullName`, `id`, `language`, `stars`, `url`),
  /// as text written once.
  public var jsonValue: JSONValue { .encoded(storage) }

  /// Copies the text written when the repository was made.
  public func writeJSON(to writer: inout JSONWriter) { storage.withEncodedJSON { writer.append($0) } }

  public var jsonSizeHint: Int { storage.count }
}
