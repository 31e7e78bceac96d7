import ReactorJSON

/// Making untrusted text safe and tidy for a terminal.
package enum TerminalText {
  /// Replaces every `UnsafeScalar` with an inert visible form, as `gh` does: C0 controls and
  /// DEL in caret notation (`ESC` as `^[`, `BEL` as `^G`, DEL as `^?`), C1 controls as their
  /// 7-bit escape (`U+009B` as `^[[`), and invisible direction overrides as `<U+202E>`. Tab is
  /// kept unless `keepTab` is false, when it becomes a space.
  package static func sanitize(_ text: String, keepTab: Bool = true) -> String {
    guard text.unicodeScalars.contains(where: { UnsafeScalar($0.value) != nil }) else { return text }
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      let value = scalar.value
      switch UnsafeScalar(value) {
      case nil: out.append(scalar)
      case .c0Control where value == 0x09: out.append(keepTab ? scalar : " ")
      case .c0Control:
        out.append("^")
        out.append(Unicode.Scalar(UInt8(value + 0x40)))
      case .delete: out.append(contentsOf: "^?".unicodeScalars)
      case .c1Control:
        out.append(contentsOf: "^[".unicodeScalars)
        out.append(Unicode.Scalar(UInt8(value - 0x40)))
      case .invisibleFormat:
        let hex = String(value, radix: 16, uppercase: true)
        out.append(contentsOf: "<U+\(String(repeating: "0", count: max(0, 4 - hex.count)))\(hex)>".unicodeScalars)
      }
    }
    return String(out)
  }

  /// Columns a terminal uses for `text`: the sum of its graphemes' (`width(of:)` of each `Character`).
  package static func width(_ text: String) -> Int {
    // Printable ASCII is a column a byte, up to the byte before anything else, which may begin a
    // grapheme with what follows it (e and a combining accent).
    let utf8 = text.utf8
    var plain = 0
    for byte in utf8 {
      if byte < 0x20 || byte >= 0x7F { break }
      plain += 1
    }
    if plain == utf8.count { return plain }
    plain = max(0, plain - 1)
    return plain + text[utf8.index(utf8.startIndex, offsetBy: plain)...].reduce(0) { $0 + width(of: $1) }
  }

  /// The byte count of `text` when every byte is printable ASCII (one Character and one column
  /// each); nil otherwise.
  static func printableASCIICount(_ text: String) -> Int? {
    for byte in text.utf8 where byte < 0x20 || byte >= 0x7F { return nil }
    return text.utf8.count
  }

  /// Columns a terminal that draws graphemes whole gives `grapheme`, from the Unicode data
  /// (``UnicodeWidthTable``): those of its first scalar that takes any, 2 when that one is East
  /// Asian Wide or Fullwidth or an emoji presented as one (Emoji_Presentation, or a text emoji
  /// followed by VS16), else 1; 0 when none takes any. What follows it (marks, a skin tone, a
  /// second regional indicator, a joiner and what it joins) is drawn in the same cells, so a flag
  /// or a family is 2, not 4 or 6.
  package static func width(of grapheme: Character) -> Int {
    var scalars = grapheme.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      switch UnicodeWidthTable.kind(of: scalar.value) {
      case .zero: continue
      case .narrow: return 1
      case .wide: return 2
      case .emoji: return scalars.next()?.value == 0xFE0F ? 2 : 1
      }
    }
    return 0
  }

  /// Columns a terminal that measures scalar by scalar (the C library's wcwidth: xterm, tmux
  /// 3.3a for all but flags and joiners) gives `grapheme`: its scalars' widths added up. Where it
  /// is not `width(of:)` (a family, ❤️, a skin tone, a keycap, a spacing vowel sign),
  /// terminals disagree on the grapheme.
  package static func scalarWidth(of grapheme: Character) -> Int {
    grapheme.unicodeScalars.reduce(0) { $0 + width(of: $1) }
  }

  /// Columns `scalar` takes as a grapheme of its own (``UnicodeWidthTable``): 0, 1 or 2.
  package static func width(of scalar: Unicode.Scalar) -> Int {
    switch UnicodeWidthTable.kind(of: scalar.value) {
    case .zero: 0
    case .narrow, .emoji: 1
    case .wide: 2
    }
  }

  /// Cuts `text` to at most `columns` columns, ending with `…` when it was cut.
  package static func truncate(_ text: String, to columns: Int) -> String {
    guard columns > 0 else { return "" }
    if let count = printableASCIICount(text) {
      return count <= columns ? text : String(Substring(text.utf8.prefix(columns - 1))) + "…"
    }
    guard width(text) > columns else { return text }
    var out = ""
    var used = 0
    for character in text {
      let characterWidth = width(of: character)
      if used + characterWidth > columns - 1 { break }
      out.append(character)
      used += characterWidth
    }
    return out + "…"
  }

  /// Pads `text` with spaces on the right to `columns` columns (never cuts).
  package static func pad(_ text: String, to columns: Int) -> String {
    let missing = columns - width(text)
    return missing > 0 ? text + String(repeating: " ", count: missing) : text
  }

  /// Appends `text` to `line` as one cell of a table: made safe as ``sanitize(_:keepTab:)``
  /// makes it (a tab as a space), cut to `columns` as ``truncate(_:to:)`` cuts, and padded to
  /// them unless `pads` is false. Printable ASCII, most of what GitHub sends, takes one pass
  /// over its bytes and no string of its own.
  package static func appendCell(_ text: String, columns: Int, pads: Bool = true, to line: inout String) {
    guard columns > 0 else { return }
    guard let count = printableASCIICount(text) else {
      let cell = truncate(sanitize(text, keepTab: false), to: columns)
      line += cell
      if pads { appendSpaces(columns - width(cell), to: &line) }
      return
    }
    if count <= columns {
      line += text
      if pads { appendSpaces(columns - count, to: &line) }
    } else {
      line += Substring(text.utf8.prefix(columns - 1))
      line += "…"
    }
  }

  /// Columns `text` takes once made safe as a cell (``appendCell(_:columns:pads:to:)``), before
  /// any cut.
  package static func cellWidth(_ text: String) -> Int {
    printableASCIICount(text) ?? width(sanitize(text, keepTab: false))
  }

  /// Appends `count` spaces to `line` (none when `count` is not positive).
  package static func appendSpaces(_ count: Int, to line: inout String) {
    var missing = count
    while missing > 0 {
      let run = min(missing, paddings.count - 1)
      line += paddings[run]
      missing -= run
    }
  }

  /// Runs of 0 to 64 spaces, made once: appending one is a copy of its bytes.
  private static let paddings = (0...64).map { String(repeating: " ", count: $0) }

  /// `1234` as `1.2k`, `67100` as `67.1k`, `1_200_000` as `1.2M`.
  package static func compactNumber(_ value: Int) -> String {
    func scaled(_ divisor: Double, _ suffix: String) -> String {
      let scaled = Double(value) / divisor
      let rounded = (scaled * 10).rounded(.down) / 10
      return (rounded == rounded.rounded(.down) ? String(Int(rounded)) : String(rounded)) + suffix
    }
    switch value.magnitude {  // not abs(): abs(Int.min) traps
    case ..<1000: return String(value)
    case ..<1_000_000: return scaled(1000, "k")
    default: return scaled(1_000_000, "M")
    }
  }

  /// A string literal for messages: `"swift"` with quotes, or `(none)`: never Swift's `nil`.
  package static func quoted(_ value: String?) -> String {
    value.map { "\"" + sanitize($0, keepTab: false) + "\"" } ?? "(none)"
  }
}
