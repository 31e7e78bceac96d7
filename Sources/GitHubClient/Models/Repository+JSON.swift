public import ReactorJSON

extension Repository: JSONRepresentable {
  /// The repository's object (`description`, `fullName`, `id`, `language`, `stars`, `url`),
  /// as text written once.
  public var jsonValue: JSONValue { .encoded(storage) }

  /// Copies the text written when the repository was made.
  public func writeJSON(to writer: inout JSONWriter) { storage.withEncodedJSON { writer.append($0) } }

  public var jsonSizeHint: Int { storage.count }

  /// Copies each repository's text; the caller's array keeps every storage alive, so none is
  /// retained for it.
  public static func writeJSON(
    _ elements: UnsafeBufferPointer<Repository>, each head: borrowing JSONWriter, closing: Bool,
    to writer: inout JSONWriter
  ) {
    for index in elements.indices {
      if index > 0 { writer.byte(UInt8(ascii: ",")) }
      writer.append(head)
      Unmanaged.passUnretained(elements[index].storage)._withUnsafeGuaranteedRef { storage in
        storage.withEncodedJSON { writer.append($0) }
      }
      if closing { writer.byte(UInt8(ascii: "}")) }
    }
  }
}
