/// A Unicode scalar that is unsafe to print as it is: a control character a terminal obeys, or
/// an invisible format character that changes what a person reads.
///
/// The one table of them: the JSON writer escapes each as `\uXXXX` (so a line of NDJSON stays
/// inert in a terminal) and the terminal sanitizer shows each in a visible form. Every other
/// scalar is safe.
package enum UnsafeScalar: Sendable, Equatable {
  /// U+0000-U+001F, the C0 controls (ESC and BEL among them; tab too, which callers may keep).
  case c0Control
  /// U+007F, DEL.
  case delete
  /// U+0080-U+009F, the C1 controls (U+009B is a one-scalar CSI).
  case c1Control
  /// The line and paragraph separators (U+2028, U+2029) and the bidirectional marks,
  /// embeddings, overrides and isolates (U+061C, U+200E, U+200F, U+202A-U+202E,
  /// U+2066-U+2069), which reorder or break a line without showing.
  case invisibleFormat

  /// The kind of `value`, or nil when it is safe to print.
  ///
  /// The scalars of more than one UTF-8 byte here start with the bytes C2, D8 and E2; the JSON
  /// writer's scan looks more closely only at those lead bytes.
  @inline(__always)
  package init?(_ value: UInt32) {
    switch value {
    case 0x20..<0x7F: return nil
    case 0x00..<0x20: self = .c0Control
    case 0x7F: self = .delete
    case 0x80...0x9F: self = .c1Control
    case 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: self = .invisibleFormat
    default: return nil
    }
  }
}
