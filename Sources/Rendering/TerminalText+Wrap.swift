extension TerminalText {
  /// `text` broken at spaces into lines of at most `width` columns: the first begins with
  /// `first`, the others with `indent`. Words are never cut, except a word wider than the whole
  /// width, which is cut into pieces that fill a line each (unless `cutLongWords` is false: then
  /// it has a line of its own and the terminal folds it).
  package static func wrap(
    _ text: String, width limit: Int, first: String = "", indent: String = "", cutLongWords: Bool = true
  ) -> [String] {
    fill(
      text.split(separator: " ").map(String.init), joiner: " ", width: limit, first: first, indent: indent,
      cutLongWords: cutLongWords)
  }

  /// `pieces` joined by `joiner` into lines of at most `width` columns, the first line beginning
  /// with `first`, the others with `indent`.
  ///
  /// A piece stays whole on one line when a line can hold it; one that no line can hold is
  /// broken at its spaces. Where a line breaks, what the joiner has before its spaces (the
  /// comma of `", "`) ends the line. A word too wide for a line after `indent` has a line of
  /// its own, indented less; only a word wider than `width` itself is cut (see ``wrap``).
  /// ANSI colour sequences take no room.
  package static func fill(
    _ pieces: [String], joiner: String, width limit: Int, first: String = "", indent: String = "",
    cutLongWords: Bool = true
  ) -> [String] {
    var filler = Filler(limit: max(1, limit), first: first, indent: indent, cutLongWords: cutLongWords)
    let joinerEnd = String(joiner.reversed().drop { $0 == " " }.reversed())
    for (index, piece) in pieces.enumerated() {
      // The last piece needs no room for the joiner's end after it.
      let end = index == pieces.count - 1 ? "" : joinerEnd
      let pieceWidth = visibleWidth(piece) + visibleWidth(end)
      if filler.fits(pieceWidth, after: joiner) {
        filler.append(piece, after: joiner)
      } else if !filler.isFresh, filler.indentWidth + pieceWidth <= filler.limit {
        filler.newLine(ending: joinerEnd)
        filler.append(piece, after: joiner)
      } else {
        // No line holds it whole: its words go on from where the line is.
        let words = piece.split(separator: " ").map(String.init)
        for (wordIndex, word) in words.enumerated() {
          let wordEnd = wordIndex == words.count - 1 ? end : ""
          filler.place(
            word, end: wordEnd, after: wordIndex == 0 ? joiner : " ", joinerEnd: wordIndex == 0 ? joinerEnd : "")
        }
      }
    }
    return filler.finish()
  }

  /// Columns `text` takes on a terminal, not counting ANSI escape sequences (colour).
  package static func visibleWidth(_ text: String) -> Int {
    guard text.utf8.contains(0x1B) else { return width(text) }
    var escape = EscapeState.none
    var shown = String.UnicodeScalarView()
    for scalar in text.unicodeScalars where !escape.consume(scalar) { shown.append(scalar) }
    return width(String(shown))
  }

  /// Where a scan is in an ANSI escape sequence: `ESC`, then `[` and parameters up to a final
  /// byte, or one other character.
  enum EscapeState {
    case none, escape, control

    /// Moves past `scalar`; true when it belongs to an escape sequence (and takes no room).
    mutating func consume(_ scalar: Unicode.Scalar) -> Bool {
      switch self {
      case .none:
        if scalar.value == 0x1B { self = .escape }
        return scalar.value == 0x1B
      case .escape:
        self = scalar == "[" ? .control : .none
        return true
      case .control:
        if (0x40...0x7E).contains(scalar.value) { self = .none }
        return true
      }
    }
  }
}

/// The line being filled by ``TerminalText/fill(_:joiner:width:first:indent:cutLongWords:)``.
private struct Filler {
  let limit: Int
  let indent: String
  let indentWidth: Int
  let cutLongWords: Bool
  var lines: [String] = []
  var line: String
  var used: Int
  /// Nothing has been put on the line after its prefix yet.
  var isFresh = true

  init(limit: Int, first: String, indent: String, cutLongWords: Bool) {
    self.limit = limit
    self.indent = indent
    self.indentWidth = TerminalText.visibleWidth(indent)
    self.cutLongWords = cutLongWords
    line = first
    used = TerminalText.visibleWidth(first)
  }

  func fits(_ width: Int, after joiner: String) -> Bool {
    used + (isFresh ? 0 : TerminalText.visibleWidth(joiner)) + width <= limit
  }

  mutating func append(_ text: String, after joiner: String) {
    if !isFresh {
      line += joiner
      used += TerminalText.visibleWidth(joiner)
    }
    line += text
    used += TerminalText.visibleWidth(text)
    isFresh = false
  }

  mutating func newLine(ending end: String = "") {
    lines.append(line + end)
    line = indent
    used = indentWidth
    isFresh = true
  }

  /// Puts one word on the line, on a new one, on a line of its own indented less, or cut.
  mutating func place(_ word: String, end: String, after joiner: String, joinerEnd: String) {
    let endWidth = TerminalText.visibleWidth(end)
    let wordWidth = TerminalText.visibleWidth(word) + endWidth
    if fits(wordWidth, after: joiner) { return append(word, after: joiner) }
    if !isFresh { newLine(ending: joinerEnd) }
    if fits(wordWidth, after: joiner) { return append(word, after: joiner) }
    if wordWidth <= limit || !cutLongWords {
      // Indented as far as it fits, so that a word the width holds is not cut.
      if !line.allSatisfy({ $0 == " " }) { newLine() }
      line = String(repeating: " ", count: max(0, min(TerminalText.visibleWidth(line), limit - wordWidth)))
      used = line.count
      return append(word, after: joiner)
    }
    // Wider than the whole width: each piece fills what is left of a line.
    var rest = Substring(word)
    var escape = TerminalText.EscapeState.none
    while !rest.isEmpty {
      var pieceWidth = 0
      var taken = rest.startIndex
      while taken < rest.endIndex {
        var scan = escape
        var shown = String.UnicodeScalarView()
        for scalar in rest[taken].unicodeScalars where !scan.consume(scalar) { shown.append(scalar) }
        let characterWidth = TerminalText.width(String(shown))
        if used + pieceWidth + characterWidth + endWidth > limit, pieceWidth > 0 { break }
        escape = scan
        pieceWidth += characterWidth
        taken = rest.index(after: taken)
      }
      append(String(rest[..<taken]), after: "")
      rest = rest[taken...]
      if !rest.isEmpty { newLine() }
    }
  }

  /// The lines, without spaces at their ends (a prefix that nothing followed).
  consuming func finish() -> [String] {
    lines.append(line)
    return lines.map { line in
      var line = line
      while line.hasSuffix(" ") { line.removeLast() }
      return line
    }
  }
}
