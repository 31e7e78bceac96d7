import Rendering

extension FrameLine {
  /// The line cut to `width` columns, ending with `…` when something was cut, so that a cut
  /// message never reads as a whole one.
  package func truncated(to width: Int) -> FrameLine {
    wrapped(to: width, rows: 1).first ?? FrameLine(spans: [])
  }

  /// The line broken at spaces into rows of at most `width` columns, each character keeping its
  /// style; a word wider than a row is cut where the row ends, and a `·` separating two fields
  /// where a row breaks is dropped. At most `rows` rows: the last ends with `…` when the text
  /// goes on past it. At least one row, empty for an empty line.
  package func wrapped(to width: Int, rows: Int) -> [FrameLine] {
    let width = max(0, width)
    let rows = max(1, rows)
    var characters: [(character: Character, style: CellStyle, width: Int)] = []
    for span in spans {
      for character in span.text { characters.append((character, span.style, TerminalText.width(of: character))) }
    }
    guard width > 0 else { return [FrameLine(spans: [])] }
    var lines: [FrameLine] = []
    var start = 0
    while start < characters.count {
      if lines.count == rows - 1 {
        lines.append(Self.cut(characters[start...], to: width))
        return lines
      }
      // The longest run from `start` that fits; then back to its last space, if the run ends inside a word.
      var end = start
      var used = 0
      while end < characters.count, used + characters[end].width <= width {
        used += characters[end].width
        end += 1
      }
      var next = end
      if end < characters.count, characters[end].character != " ",
        let space = characters[start..<end].lastIndex(where: { $0.character == " " }), space > start
      {
        end = space
        next = space
      }
      // A character wider than the whole row: dropped, so that the next row can begin.
      if end == start { next = start + 1 }
      // A separator (` · `) where the row breaks is dropped with its spaces.
      while end > start, characters[end - 1].character == " " { end -= 1 }
      if end < characters.count, end - start > 1, characters[end - 1].character == "·" {
        end -= 1
        while end > start, characters[end - 1].character == " " { end -= 1 }
      }
      lines.append(Self.line(characters[start..<end]))
      start = next
      while start < characters.count, characters[start].character == " " { start += 1 }
      if start + 1 < characters.count, characters[start].character == "·", characters[start + 1].character == " " {
        start += 1
        while start < characters.count, characters[start].character == " " { start += 1 }
      }
    }
    return lines.isEmpty ? [FrameLine(spans: [])] : lines
  }

  /// `characters` as one row of `width` columns: whole when they fit, otherwise the words that
  /// fit (part of one when a word fills more than half the row) and a `…` in the style of what
  /// it stands for.
  private static func cut(_ characters: ArraySlice<(character: Character, style: CellStyle, width: Int)>, to width: Int)
    -> FrameLine
  {
    if characters.reduce(0, { $0 + $1.width }) <= width { return line(characters) }
    var kept: [(character: Character, style: CellStyle, width: Int)] = []
    var used = 0
    for item in characters {
      if used + item.width > width - 1 { break }
      kept.append(item)
      used += item.width
    }
    let style = kept.count < characters.count ? characters[characters.startIndex + kept.count].style : .plain
    if let space = kept.lastIndex(where: { $0.character == " " }),
      kept[..<space].reduce(0, { $0 + $1.width }) * 2 >= width - 1
    {
      kept.removeSubrange(space...)
    }
    while kept.last?.character == " " { kept.removeLast() }
    if kept.count > 1, kept.last?.character == "·" {
      kept.removeLast()
      while kept.last?.character == " " { kept.removeLast() }
    }
    kept.append(("…", kept.last?.style ?? style, 1))
    return line(kept[...])
  }

  /// Spans made of runs of characters in the same style.
  private static func line(_ characters: ArraySlice<(character: Character, style: CellStyle, width: Int)>) -> FrameLine
  {
    var spans: [Span] = []
    for item in characters {
      if let last = spans.last, last.style == item.style {
        spans[spans.count - 1].text.append(item.character)
      } else {
        spans.append(Span(String(item.character), item.style))
      }
    }
    return FrameLine(spans: spans)
  }
}
