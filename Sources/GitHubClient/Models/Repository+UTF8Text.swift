import ReactorJSON

extension Repository {
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
