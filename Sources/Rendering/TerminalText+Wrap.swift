extension TerminalText {
  /// `text` broken at spaces into lines of at most `width` columns: the first begins with
  /// `first`, the others with `indent`. Words are never cut; a word longer than a line has a
  /// line of its own.
  package static func wrap(_ text: String, width limit: Int, first: String = "", indent: String = "") -> [String] {
    var lines: [String] = []
    var line = first
    var used = width(first)
    var empty = true
    for word in text.split(separator: " ") {
      let wordWidth = width(String(word))
      if !empty && used + 1 + wordWidth > limit {
        lines.append(line)
        line = indent
        used = width(indent)
        empty = true
      }
      if !empty {
        line += " "
        used += 1
      }
      line += word
      used += wordWidth
      empty = false
    }
    lines.append(line)
    return lines
  }
}
