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

  /// Columns a terminal uses for `text`: 2 for East Asian wide characters and most emoji, 0 for
  /// combining marks and format characters, 1 otherwise.
  package static func width(_ text: String) -> Int {
    if let count = printableASCIICount(text) { return count }
    return text.unicodeScalars.reduce(0) { $0 + width(of: $1) }
  }

  /// The byte count of `text` when every byte is printable ASCII (one Character and one column
  /// each); nil otherwise.
  static func printableASCIICount(_ text: String) -> Int? {
    for byte in text.utf8 where byte < 0x20 || byte >= 0x7F { return nil }
    return text.utf8.count
  }

  package static func width(of scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x300 { return value < 0x20 || value == 0x7F ? 0 : 1 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if scalar.properties.isEmojiPresentation { return 2 }
    switch value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
      0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
      0x1F900...0x1F9FF, 0x20000...0x3FFFD:
      return 2
    default: return 1
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
      let characterWidth = width(String(character))
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
