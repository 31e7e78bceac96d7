internal import CByteScan

// A JSON string is a sequence of Unicode scalars (RFC 8259), and Swift's `String ==` and
// `<` use canonical equivalence instead: NFC `é` equals NFD `e` + U+0301. JSON values compare,
// order and look up their strings and keys here, by their UTF-8, which valid UTF-8 makes the
// same as comparing their scalars.

extension String {
  /// Whether the two strings hold the same Unicode scalars, in the same order.
  @inline(__always)
  package func hasSameScalars(as other: String) -> Bool {
    let count = utf8.count
    guard count == other.utf8.count else { return false }
    let compared = utf8.withContiguousStorageIfAvailable { mine in
      other.utf8.withContiguousStorageIfAvailable { theirs in
        rc_bytes_equal(mine.baseAddress, theirs.baseAddress, count) != 0
      }
    }
    if let compared, let compared { return compared }
    return utf8.elementsEqual(other.utf8)
  }

  /// Whether this string's scalars come before `other`'s, scalar by scalar (a prefix first).
  @inline(__always)
  package func scalarsPrecede(_ other: String) -> Bool { utf8.lexicographicallyPrecedes(other.utf8) }
}
