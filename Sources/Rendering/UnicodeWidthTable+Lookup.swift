extension UnicodeWidthTable {
  /// How a code point takes columns (scripts/generate-widths says which code points are of which).
  enum Kind: UInt8 {
    /// None of its own: a mark, a format or control character, a Hangul jamo vowel or final.
    case zero
    /// One column.
    case narrow
    /// Two columns: East Asian Wide or Fullwidth, or an emoji presented as one by default.
    case wide
    /// An emoji presented as text by default: one column, two when VS16 (U+FE0F) follows it.
    case emoji
  }

  /// The kind of `value`.
  static func kind(of value: UInt32) -> Kind {
    value < UInt32(latin.count) ? latin[Int(value)] : search(value)
  }

  /// The kinds of U+0000 to U+02FF, most of what is written, read from the runs once.
  private static let latin: [Kind] = (0..<0x300).map { search($0) }

  /// The kind of the run the last start at or below `value` begins (a binary search).
  private static func search(_ value: UInt32) -> Kind {
    var low = 0
    var high = starts.count
    // starts[low] <= value < starts[high] (or high is the end).
    while high - low > 1 {
      let middle = (low + high) / 2
      if starts[middle] <= value { low = middle } else { high = middle }
    }
    return Kind(rawValue: kinds[low]) ?? .narrow
  }
}
