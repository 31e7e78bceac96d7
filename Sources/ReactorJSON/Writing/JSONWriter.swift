internal import CByteScan

/// Writes JSON text straight into a growing UTF-8 buffer: every encoder of the project goes
/// through it, so strings are escaped one way everywhere.
///
/// For trees (``JSONValue/write(to:)``), for types that write their own canonical JSON
/// (``PreencodedJSON``) and for hot records, where the caller writes the structure (commas,
/// sorted keys) and the writer the escaping. The buffer is owned (noncopyable), so appending
/// is a bounds check and a copy, with none of `Array`'s uniqueness checks.
public struct JSONWriter: ~Copyable {
  // Usable from inline, for the inlinable appends below: a patch run copies thirty
  // repositories' texts through them (the `render.line` row, see Benchmarks/README.md).
  @usableFromInline var base: UnsafeMutablePointer<UInt8>
  @usableFromInline var written = 0
  /// How many bytes have been written.
  public var count: Int { written }
  @usableFromInline var capacity: Int
  /// False while the writer writes into a buffer lent to it (``init(lent:capacity:)``), which
  /// it must not free; growing moves it to one of its own.
  var owned = true

  public init(capacity: Int = 256) {
    self.capacity = max(capacity, 16)
    base = .allocate(capacity: self.capacity)
  }

  /// A writer into `capacity` bytes at `base` that someone else owns and keeps alive until the
  /// writer is gone or taken: a line allocated with room for its record is written in place.
  package init(lent base: UnsafeMutablePointer<UInt8>, capacity: Int) {
    self.base = base
    self.capacity = capacity
    owned = false
  }

  deinit { if owned { base.deallocate() } }

  /// The text written so far.
  public var text: String { String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self) }

  /// The UTF-8 bytes written so far.
  public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

  /// The buffer and how many bytes of it were written, handed over to the caller, who must
  /// deallocate it: a finished line keeps the writer's bytes instead of a copy of them.
  package consuming func take() -> (base: UnsafeMutablePointer<UInt8>, count: Int) {
    precondition(owned, "a lent buffer is not the writer's to hand over")
    let taken = (base, written)
    discard self
    return taken
  }

  /// The buffer and how many bytes of it were written, and whether it is the writer's own
  /// (which the caller must then deallocate) or the one lent to it.
  package consuming func finish() -> (base: UnsafeMutablePointer<UInt8>, count: Int, owned: Bool) {
    let finished = (base, written, owned)
    discard self
    return finished
  }

  /// Calls `body` with the bytes written so far, in place.
  package func withBytes<R, E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
    try body(UnsafeBufferPointer(start: base, count: count))
  }

  /// Forgets what was written, keeping the buffer, so a writer can be reused.
  package mutating func removeAll() { written = 0 }

  // MARK: Structure

  /// Appends JSON text that is already valid, such as `{"id":` or `,`.
  ///
  /// Always inlined: with the literal's length known where it is written, the copy is a few
  /// moves rather than a call (`render.line`).
  @inlinable @inline(__always)
  public mutating func raw(_ text: StaticString) {
    append(UnsafeRawPointer(text.utf8Start), text.utf8CodeUnitCount)
  }

  /// Appends one byte of structure; inlined for the reason `raw` is.
  @inlinable @inline(__always)
  public mutating func byte(_ byte: UInt8) {
    if written == capacity { grow(to: written + 1) }
    base[written] = byte
    written += 1
  }

  /// Appends bytes that are already valid JSON text.
  public mutating func append(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { append($0) }
  }

  /// Appends bytes that are already valid JSON text; inlinable, as a repository's text is
  /// copied through it (`render.line`).
  @inlinable
  public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let start = bytes.baseAddress else { return }
    append(UnsafeRawPointer(start), bytes.count)
  }

  /// Appends what another writer holds; inlinable for the reason `append(_:)` of bytes is.
  @inlinable
  package mutating func append(_ other: borrowing JSONWriter) { append(UnsafeRawPointer(other.base), other.count) }

  /// Appends a string's UTF-8 as is (it must already be valid JSON text, such as a number).
  public mutating func append(_ text: String) {
    var text = text
    text.withUTF8 { append(UnsafeRawPointer($0.baseAddress ?? UnsafePointer(base)), $0.count) }
  }

  // MARK: Values

  /// Appends a string literal.
  public mutating func string(_ value: String) {
    // A native string's bytes in place, without the copy (a retain and a release) that
    // `withUTF8` needs for its `inout` self; a bridged or lazy string is made contiguous.
    if value.utf8.withContiguousStorageIfAvailable({ writeEscaped($0) }) != nil { return }
    var value = value
    value.withUTF8 { writeEscaped($0) }
  }

  /// Appends a string literal from its UTF-8, which must be valid (as a `String`'s is, or a
  /// decoder's that checked it): the escaping reads it scalar by scalar without checking.
  package mutating func string(validUTF8 value: UnsafeBufferPointer<UInt8>) {
    writeEscaped(value)
  }

  /// Appends a string literal, or `null`.
  public mutating func string(_ value: String?) {
    if let value { string(value) } else { raw("null") }
  }

  /// Appends an integer.
  public mutating func int(_ value: Int) {
    if value < 0 {
      byte(UInt8(ascii: "-"))
      if value == .min { return raw("9223372036854775808") }
    }
    // Counted first, then written in place from the last digit: no scratch copy and no call.
    var magnitude = UInt(value.magnitude)
    var length = 1
    var rest = magnitude / 10
    while rest > 0 {
      length += 1
      rest /= 10
    }
    if written + length > capacity { grow(to: written + length) }
    var index = written + length
    repeat {
      index -= 1
      base[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
      magnitude /= 10
    } while magnitude > 0
    written += length
  }

  /// Appends any value.
  public mutating func value(_ value: JSONValue) { value.write(to: &self) }

  // MARK: Internals

  @inlinable @inline(__always)
  mutating func append(_ source: UnsafeRawPointer, _ length: Int) {
    if written + length > capacity { grow(to: written + length) }
    (base + written).update(from: source.assumingMemoryBound(to: UInt8.self), count: length)
    written += length
  }

  @usableFromInline
  mutating func grow(to needed: Int) {
    let newCapacity = max(needed, capacity * 2)
    let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    grown.update(from: base, count: count)
    if owned { base.deallocate() }
    owned = true
    base = grown
    capacity = newCapacity
  }

  /// Bytes that may start an escape, one bit a byte value in four words: the ASCII controls
  /// and `"` (word 0), `\` and DEL (word 1), and the lead bytes of the `UnsafeScalar`s of
  /// more than one byte: the C1 controls (C2), U+061C (D8) and U+20xx (E2) (word 3).
  /// JSONTextTests check every scalar of the first planes against the rule.
  private static let attention0: UInt64 = 0x0000_0004_FFFF_FFFF
  private static let attention1: UInt64 = 1 << (0x5C - 64) | 1 << (0x7F - 64)
  private static let attention3: UInt64 = 1 << (0xC2 - 192) | 1 << (0xD8 - 192) | 1 << (0xE2 - 192)

  private mutating func writeEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
    let length = utf8.count
    if count + length + 2 > capacity { grow(to: count + length + 2) }
    if length < 16, let source = utf8.baseAddress, Self.isPlain(source, length) {
      // A short plain string (a name, a path, a verb): under the sixteen bytes the vector scan
      // takes at a time, so copied byte by byte between its quotes, with no call.
      let target = base + written
      target[0] = UInt8(ascii: "\"")
      for index in 0..<length { target[index + 1] = source[index] }
      target[length + 1] = UInt8(ascii: "\"")
      written += length + 2
      return
    }
    byte(UInt8(ascii: "\""))
    let (w0, w1, w3) = (Self.attention0, Self.attention1, Self.attention3)
    var plainStart = 0
    var index = 0
    while let base = utf8.baseAddress {
      // Printable ASCII other than `"`, `\` and DEL, sixteen bytes at a time (SSE2); each
      // other byte goes through the bitmap.
      index = rc_escape_run_end(base, index, length)
      guard index < length else { break }
      let value = utf8[index]
      let word = value < 0x80 ? (value < 0x40 ? w0 : w1) : (value < 0xC0 ? 0 : w3)
      if word >> UInt64(value & 63) & 1 == 0 {
        index += 1
        continue
      }
      let (scalar, scalarLength) = Self.decodeScalar(utf8, at: index)
      if let escape = Self.escape(for: scalar) {
        append(UnsafeRawPointer(utf8.baseAddress! + plainStart), index - plainStart)
        append(escape)
        plainStart = index + scalarLength
      }
      index += scalarLength
    }
    if length > plainStart { append(UnsafeRawPointer(utf8.baseAddress! + plainStart), length - plainStart) }
    byte(UInt8(ascii: "\""))
  }

  /// Whether `length` bytes are printable ASCII other than `"` and `\\`: written as they are.
  @inline(__always)
  private static func isPlain(_ bytes: UnsafePointer<UInt8>, _ length: Int) -> Bool {
    for index in 0..<length {
      let byte = bytes[index]
      if byte &- 0x20 >= 0x5F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return false }
    }
    return true
  }

  /// The scalar whose (valid) UTF-8 encoding starts at `index`, and its length.
  @inline(__always)
  private static func decodeScalar(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int) {
    let lead = UInt32(utf8[index])
    switch lead {
    case 0..<0x80: return (lead, 1)
    case 0xC0..<0xE0: return ((lead & 0x1F) << 6 | UInt32(utf8[index + 1] & 0x3F), 2)
    case 0xE0..<0xF0:
      return ((lead & 0x0F) << 12 | UInt32(utf8[index + 1] & 0x3F) << 6 | UInt32(utf8[index + 2] & 0x3F), 3)
    default:
      return (
        (lead & 0x07) << 18 | UInt32(utf8[index + 1] & 0x3F) << 12 | UInt32(utf8[index + 2] & 0x3F) << 6
          | UInt32(utf8[index + 3] & 0x3F), 4
      )
    }
  }

  private static func escape(for value: UInt32) -> String? {
    if value >= 0x20 && value < 0x7F {
      switch value {
      case 0x22: return "\\\""
      case 0x5C: return "\\\\"
      default: return nil
      }
    }
    switch value {
    case 0x0A: return "\\n"
    case 0x0D: return "\\r"
    case 0x09: return "\\t"
    case 0x08: return "\\b"
    case 0x0C: return "\\f"
    default: return UnsafeScalar(value) == nil ? nil : unicodeEscape(value)
    }
  }

  private static func unicodeEscape(_ value: UInt32) -> String {
    let hex = String(value, radix: 16, uppercase: false)
    return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }
}
