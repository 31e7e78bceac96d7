import LiveTerminal
import Rendering
import Testing

// The diff writer is proved against the terminal model: whatever the previous frame was, the bytes
// it writes leave the screen showing exactly the new one.

/// What a frame should look like on the screen: each row's graphemes at their columns, cut to the
/// width, control characters as U+FFFD. Graphemes are the line's, across its spans (one takes the
/// style of the span it begins in); one of no width joins the grapheme before it, or is dropped at
/// the start of a line. A grapheme terminals disagree on is kept only where it fits drawn either way
/// (``TerminalText/scalarWidth(of:)``). The writer's own layout, written the plain way.
private func layout(_ frame: Frame, color: Bool) -> [[(column: Int, text: String, style: CellStyle)]] {
  (0..<frame.height).map { row in
    guard row < frame.lines.count else { return [] }
    let spans = frame.lines[row].spans
    // The span each UTF-8 byte of the line belongs to.
    let spanOfByte = spans.indices.flatMap { index in Array(repeating: index, count: spans[index].text.utf8.count) }
    var cells: [(column: Int, text: String, style: CellStyle)] = []
    var used = 0
    var byte = 0
    for character in frame.lines[row].text {
      let style = spans[spanOfByte[byte]].style
      byte += String(character).utf8.count
      let control = character.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
      let text = control ? "\u{FFFD}" : String(character)
      let width = TerminalText.width(text)
      if width == 0 {
        if !cells.isEmpty { cells[cells.count - 1].text += text }
        continue
      }
      let widest = control ? width : max(width, TerminalText.scalarWidth(of: character))
      guard used + widest <= frame.width else { return cells }
      cells.append((used, text, style))
      used += width
    }
    return cells
  }
}

private func expectedLines(_ frame: Frame) -> [String] {
  layout(frame, color: true).map { cells in
    var line = cells.map(\.text).joined()
    while line.last == " " { line.removeLast() }
    return line
  }
}

private func attributes(_ style: CellStyle, color: Bool) -> TerminalModel.Attributes {
  var attributes = TerminalModel.Attributes()
  switch style {
  case .plain: break
  case .bold: attributes.bold = true
  case .dim: attributes.dim = true
  case .reverse: attributes.reverse = true
  case .staleSelection:
    attributes.dim = true
    attributes.reverse = true
  case .accent: if color { attributes.foreground = [36] }
  case .warning: if color { attributes.foreground = [33] } else { attributes.bold = true }
  case .error: if color { attributes.foreground = [31] } else { attributes.bold = true }
  }
  return attributes
}

/// Checks the model shows `frame`: its text, each cell's attributes, and the cursor.
private func expectShows(
  _ model: TerminalModel, _ frame: Frame, color: Bool = true, _ comment: Comment? = nil,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(model.lines == expectedLines(frame), comment, sourceLocation: sourceLocation)
  for (row, cells) in layout(frame, color: color).enumerated() {
    for cell in cells {
      let shown = model.cell(at: Position(row: row, column: cell.column)).attributes
      #expect(
        shown == attributes(cell.style, color: color), "row \(row) column \(cell.column) \(comment ?? "")",
        sourceLocation: sourceLocation)
    }
  }
  #expect(model.cursorVisible == (frame.cursor != nil), comment, sourceLocation: sourceLocation)
  if let cursor = frame.cursor {
    #expect(model.cursor == cursor, comment, sourceLocation: sourceLocation)
  }
}

/// What no write may hold: a byte that moves the cursor by itself (newline, CR, tab, backspace),
/// any other C0 control but the ESC of a CSI sequence, DEL, or a C1 control encoded as UTF-8.
private func rawControls(in bytes: [UInt8]) -> [Int] {
  bytes.indices.filter { index in
    let byte = bytes[index]
    if byte == 0x1B { return index + 1 >= bytes.count || bytes[index + 1] != UInt8(ascii: "[") }
    if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) { return true }
    return byte < 0x20 || byte == 0x7F
  }
}

private let styles: [CellStyle] = [.plain, .bold, .dim, .reverse, .accent, .warning, .error, .staleSelection]

/// Characters for random text: mostly ASCII, with wide CJK and emoji, and now and then a control;
/// and graphemes of several scalars (a flag, a family, VS16, a skin tone, a mark), or their parts,
/// which join what comes before them, across spans too (a regional indicator, VS16, a joiner).
private let alphabet: [String] =
  Array(repeating: ["a", "b", "x", "Z", "0", " ", "-", "/"], count: 4).flatMap { $0 }
  + ["中", "文", "字", "😀", "🎉", "é", "ß", "Ω", "\u{1B}", "\t", "\n", "\u{9B}", "\u{7F}"]
  + ["🇯🇵", "👨\u{200D}👩\u{200D}👧", "❤\u{FE0F}", "👍🏽", "e\u{301}", "★", "1\u{FE0F}\u{20E3}"]
  + ["🇯", "❤", "\u{FE0F}", "\u{200D}", "\u{301}", "\u{1100}", "\u{1161}"]

private func randomText(_ length: Int, _ generator: inout SeededGenerator) -> String {
  String((0..<length).map { _ in alphabet.randomElement(using: &generator)! }.joined())
}

private func randomLine(_ width: Int, _ generator: inout SeededGenerator) -> FrameLine {
  FrameLine(
    spans: (0..<Int.random(in: 0...4, using: &generator)).map { _ in
      Span(
        randomText(Int.random(in: 0...max(1, width / 2), using: &generator), &generator),
        styles.randomElement(using: &generator)!)
    })
}

private func randomCursor(_ width: Int, _ height: Int, _ generator: inout SeededGenerator) -> Position? {
  Bool.random(using: &generator)
    ? Position(row: Int.random(in: 0..<height, using: &generator), column: Int.random(in: 0..<width, using: &generator))
    : nil
}

private func randomFrame(width: Int, height: Int, _ generator: inout SeededGenerator) -> Frame {
  Frame(
    width: width, height: height,
    lines: (0..<Int.random(in: 0...(height + 2), using: &generator)).map { _ in randomLine(width, &generator) },
    cursor: randomCursor(width, height, &generator))
}

/// A frame like `frame`, as the next keystroke makes one: a few lines edited, cut, grown, restyled,
/// added or removed.
private func edited(_ frame: Frame, _ generator: inout SeededGenerator) -> Frame {
  var frame = frame
  for _ in 0..<Int.random(in: 1...4, using: &generator) {
    guard !frame.lines.isEmpty else {
      frame.lines.append(randomLine(frame.width, &generator))
      continue
    }
    let row = Int.random(in: 0..<frame.lines.count, using: &generator)
    var spans = frame.lines[row].spans
    switch Int.random(in: 0..<8, using: &generator) {
    case 0 where !spans.isEmpty:
      let index = Int.random(in: 0..<spans.count, using: &generator)
      var characters = Array(spans[index].text)
      if !characters.isEmpty {
        characters[Int.random(in: 0..<characters.count, using: &generator)] = Character(
          alphabet.randomElement(using: &generator)!)
      }
      spans[index].text = String(characters)
    case 1 where !spans.isEmpty:
      spans[Int.random(in: 0..<spans.count, using: &generator)].style = styles.randomElement(using: &generator)!
    case 2 where !spans.isEmpty:
      spans[spans.count - 1].text = String(
        spans[spans.count - 1].text.dropLast(Int.random(in: 1...5, using: &generator)))
    case 3: spans.append(Span(randomText(Int.random(in: 1...6, using: &generator), &generator)))
    case 4:
      frame.lines.insert(randomLine(frame.width, &generator), at: row)
      continue
    case 5:
      frame.lines.remove(at: row)
      continue
    case 6:
      // A block of rows moved up or down by a few, as a list scrolls: rows leave at one end and
      // new ones come in at the other.
      let end = Int.random(in: row...frame.lines.count, using: &generator)
      let shift = Int.random(in: 1...3, using: &generator)
      var block = Array(frame.lines[row..<end])
      if Bool.random(using: &generator) {
        block =
          Array(block.dropFirst(shift)) + (0..<min(shift, block.count)).map { _ in randomLine(frame.width, &generator) }
      } else {
        block = (0..<min(shift, block.count)).map { _ in randomLine(frame.width, &generator) } + block.dropLast(shift)
      }
      frame.lines.replaceSubrange(row..<end, with: block)
      continue
    default: spans = randomLine(frame.width, &generator).spans
    }
    frame.lines[row].spans = spans
  }
  if Bool.random(using: &generator) { frame.cursor = randomCursor(frame.width, frame.height, &generator) }
  return frame
}

@Suite struct FrameWriterTests {
  @Test func anyFrameAfterAnyOtherShowsExactlyTheNewOne() {
    var scrolled = 0
    for seed in UInt64(0)..<300 {
      var generator = SeededGenerator(seed: seed)
      let color = seed % 5 != 0
      let scrolls = seed % 7 != 0
      let width = Int.random(in: 1...40, using: &generator)
      let height = Int.random(in: 1...12, using: &generator)
      var frames = [randomFrame(width: width, height: height, &generator)]
      for _ in 0..<4 {
        let last = frames[frames.count - 1]
        switch Int.random(in: 0..<10, using: &generator) {
        case 0:
          let width = Int.random(in: 1...40, using: &generator)
          frames.append(randomFrame(width: width, height: Int.random(in: 1...12, using: &generator), &generator))
        case 1...3: frames.append(randomFrame(width: last.width, height: last.height, &generator))
        default: frames.append(edited(last, &generator))
        }
      }
      var model = TerminalModel(width: width, height: height)
      var writer = FrameWriter(color: color, scrolls: scrolls)
      model.feed(FrameWriter.enter)
      for (index, frame) in frames.enumerated() {
        if model.width != frame.width || model.height != frame.height {
          model.resize(width: frame.width, height: frame.height)
        }
        let bytes = writer.draw(frame)
        let scroll = String(decoding: bytes, as: UTF8.self).contains("\u{1B}[r")
        if scroll { scrolled += 1 }
        #expect(scrolls || !scroll, "seed \(seed) frame \(index): a scroll where the terminal has none")
        #expect(model.modesLeftOn.allSatisfy { $0 != "scroll region" })
        #expect(rawControls(in: bytes).isEmpty, "seed \(seed) frame \(index)")
        model.feed(bytes)
        expectShows(model, frame, color: color, "seed \(seed) frame \(index)")
        #expect(writer.draw(frame).isEmpty, "seed \(seed) frame \(index) drawn again")
      }
    }
    // The scroll path is among those the frames took, often enough to have been tried.
    #expect(scrolled >= 20, "\(scrolled) frames scrolled")
  }

  /// A list of `count` numbered rows from `first`, row `selected` in reverse video, under a
  /// query line and over a status line, as the live view draws one.
  private static func list(first: Int, selected: Int, width: Int = 120, height: Int = 40) -> Frame {
    let rows = (first..<(first + height - 2)).map { number in
      let text = "\(number). owner/repository-\(number)   ★ \(number * 7)   Swift   A description of number \(number)"
      return number == selected
        ? FrameLine(text, .reverse)
        : FrameLine(spans: [Span("\(number). ", .dim), Span(String(text.drop { $0 != " " }.dropFirst()), .bold)])
    }
    return Frame(
      width: width, height: height, lines: [FrameLine("search> swift")] + rows + [FrameLine("1000 of 1k")],
      cursor: Position(row: 0, column: 13))
  }

  @Test func aListMovedByARowIsScrolledAndOnlyTheRowsThatCameInAreWritten() {
    var writer = FrameWriter(color: true)
    var model = TerminalModel(width: 120, height: 40)
    model.feed(FrameWriter.enter)
    let repaint = writer.draw(Self.list(first: 1, selected: 38))
    model.feed(repaint)
    // Down at the last row: every row moves up one, the selection with the window.
    for (first, selected) in [(2, 39), (3, 40), (2, 2), (1, 1)] {
      let frame = Self.list(first: first, selected: selected)
      let bytes = writer.draw(frame)
      model.feed(bytes)
      expectShows(model, frame, "window at \(first)")
      let text = String(decoding: bytes, as: UTF8.self)
      // A region set, one line deleted (up) or inserted (down) at its top, the region reset.
      let scroll =
        first > 1 && selected > 2
        ? #/^\x1B\[[23];3[89]r\x1B\[[23];1H\x1B\[1M\x1B\[r/# : #/^\x1B\[[23];3[89]r\x1B\[[23];1H\x1B\[1L\x1B\[r/#
      #expect(text.prefixMatch(of: scroll) != nil, "\(text.debugDescription)")
      #expect(bytes.count * 10 <= repaint.count, "\(bytes.count) bytes against a repaint's \(repaint.count)")
      #expect(!model.modesLeftOn.contains("scroll region"), "\(model.modesLeftOn)")
    }
  }

  @Test func withoutScrollRegionsTheRowsThatMovedAreWrittenAgain() {
    var writer = FrameWriter(color: true, scrolls: false)
    var model = TerminalModel(width: 120, height: 40)
    let repaint = writer.draw(Self.list(first: 1, selected: 38))
    model.feed(repaint)
    let frame = Self.list(first: 2, selected: 39)
    let bytes = writer.draw(frame)
    model.feed(bytes)
    expectShows(model, frame)
    #expect(!String(decoding: bytes, as: UTF8.self).contains("r\u{1B}["))
    #expect(bytes.count * 2 > repaint.count)
  }

  @Test func aScrollIsTakenOnlyWhenItWritesLess() {
    // Three rows that each appeared elsewhere before, but as short as their moves: plain writes win.
    var writer = FrameWriter(color: true)
    var model = TerminalModel(width: 10, height: 5)
    model.feed(writer.draw(Frame(width: 10, height: 5, lines: ["a", "b", "c", "d", "e"].map { FrameLine($0) })))
    let frame = Frame(width: 10, height: 5, lines: ["b", "c", "d", "d", "e"].map { FrameLine($0) })
    let bytes = String(decoding: writer.draw(frame), as: UTF8.self)
    model.feed(Array(bytes.utf8))
    expectShows(model, frame)
    #expect(!bytes.contains("\u{1B}[r"), "\(bytes.debugDescription)")
  }

  @Test func anUnchangedFrameWritesNothing() {
    var writer = FrameWriter(color: true)
    let frame = Frame(
      width: 20, height: 3, lines: [FrameLine("> swift"), FrameLine(spans: [Span("a", .accent), Span("中")])],
      cursor: Position(row: 0, column: 7))
    #expect(!writer.draw(frame).isEmpty)
    #expect(writer.draw(frame).isEmpty)
    #expect(writer.draw(frame).isEmpty)
    var moved = frame
    moved.cursor = Position(row: 0, column: 6)
    #expect(writer.draw(moved) == Array("\u{1B}[1;7H".utf8))
    moved.cursor = nil
    #expect(writer.draw(moved) == Array("\u{1B}[?25l".utf8))
    #expect(writer.draw(moved).isEmpty)
  }

  @Test func oneChangedCharacterCostsFarLessThanARepaint() {
    var generator = SeededGenerator(seed: 11)
    let letters = Array("abcdefghijklmnopqrstuvwxyz ")
    var frame = Frame(
      width: 120, height: 40,
      lines: (0..<40).map { _ in FrameLine(String((0..<120).map { _ in letters.randomElement(using: &generator)! })) },
      cursor: Position(row: 0, column: 3))
    var writer = FrameWriter(color: true)
    var model = TerminalModel(width: 120, height: 40)
    model.feed(FrameWriter.enter)
    let repaint = writer.draw(frame)
    model.feed(repaint)
    var characters = Array(frame.lines[17].text)
    characters[60] = characters[60] == "Q" ? "R" : "Q"
    frame.lines[17] = FrameLine(String(characters))
    let change = writer.draw(frame)
    model.feed(change)
    expectShows(model, frame)
    #expect(change.count * 5 < repaint.count, "\(change.count) bytes against \(repaint.count)")
    #expect(String(decoding: change, as: UTF8.self) == "\u{1B}[18;61HQ\u{1B}[1;4H")
  }

  @Test func aShorterLineIsErasedPastItsEnd() {
    var writer = FrameWriter(color: true)
    var model = TerminalModel(width: 20, height: 2)
    model.feed(writer.draw(Frame(width: 20, height: 2, lines: [FrameLine("swift package")])))
    let shorter = Frame(width: 20, height: 2, lines: [FrameLine("swift")])
    let bytes = writer.draw(shorter)
    #expect(String(decoding: bytes, as: UTF8.self) == "\u{1B}[1;6H\u{1B}[K")
    model.feed(bytes)
    expectShows(model, shorter)
  }

  @Test func aResizeOrInvalidateRepaintsEverything() {
    var writer = FrameWriter(color: true)
    var model = TerminalModel(width: 30, height: 4)
    model.feed(FrameWriter.enter)
    let lines = [FrameLine("one"), FrameLine("two 中文", .bold), FrameLine("three")]
    model.feed(writer.draw(Frame(width: 30, height: 4, lines: lines)))
    model.resize(width: 12, height: 5)
    let resized = Frame(width: 12, height: 5, lines: lines + [FrameLine("four is long enough to cut")])
    let repaint = String(decoding: writer.draw(resized), as: UTF8.self)
    #expect(repaint.contains("\u{1B}[2J"))
    for line in expectedLines(resized) where !line.isEmpty { #expect(repaint.contains(line)) }
    model.feed(Array(repaint.utf8))
    expectShows(model, resized)
    // Something else wrote over the screen: invalidate says so, and the next draw repaints.
    model.feed(Array("garbage\r\nmore".utf8))
    writer.invalidate()
    let again = String(decoding: writer.draw(resized), as: UTF8.self)
    #expect(again.contains("\u{1B}[2J"))
    model.feed(Array(again.utf8))
    expectShows(model, resized)
  }

  @Test func aGraphemeCutInTwoBySpansIsOneCellInTheFirstSpansStyle() {
    var writer = FrameWriter(color: true)
    var model = TerminalModel(width: 10, height: 1)
    let frame = Frame(
      width: 10, height: 1, lines: [FrameLine(spans: [Span("a🇯", .bold), Span("🇵b❤"), Span("\u{FE0F}c")])])
    let bytes = writer.draw(frame)
    model.feed(bytes)
    #expect(model.lines == ["a🇯🇵b❤\u{FE0F}c"])
    #expect(model.cell(at: Position(row: 0, column: 1)).text == "🇯🇵")
    #expect(model.cell(at: Position(row: 0, column: 1)).attributes.bold)
    #expect(model.cell(at: Position(row: 0, column: 4)).text == "❤\u{FE0F}")
    #expect(model.cell(at: Position(row: 0, column: 6)).text == "c")
    // No escape sequence inside a grapheme: the terminal sees it whole.
    let written = String(decoding: bytes, as: UTF8.self)
    #expect(written.contains("🇯🇵") && written.contains("❤\u{FE0F}"), "\(written.debugDescription)")
  }

  @Test func aGraphemeTerminalsDisagreeOnIsPlacedByCursorMoves() {
    var writer = FrameWriter(color: false)
    let bytes = String(
      decoding: writer.draw(Frame(width: 10, height: 1, lines: [FrameLine("a❤\u{FE0F}b")])), as: UTF8.self)
    // Its two cells erased, then it, then the cursor to column 4 (1-based), where b goes.
    #expect(bytes.contains("a\u{1B}[2X❤\u{FE0F}\u{1B}[4Gb"), "\(bytes.debugDescription)")
    // Changed, it is written with the rest of its line: a terminal that drew it wider wrote there.
    let changed = String(
      decoding: writer.draw(Frame(width: 10, height: 1, lines: [FrameLine("a👍🏽b")])), as: UTF8.self)
    #expect(changed.hasSuffix("\u{1B}[2X👍🏽\u{1B}[4Gb"), "\(changed.debugDescription)")
    // A grapheme all terminals draw alike is written as it is.
    #expect(
      String(decoding: writer.draw(Frame(width: 10, height: 1, lines: [FrameLine("e\u{301}中")])), as: UTF8.self)
        .contains("e\u{301}中"))
    // Kept only where it fits drawn as its scalars: a family takes 6 columns on such a terminal.
    var narrow = FrameWriter(color: false)
    var model = TerminalModel(width: 6, height: 1)
    model.feed(narrow.draw(Frame(width: 6, height: 1, lines: [FrameLine("x👨\u{200D}👩\u{200D}👧y")])))
    #expect(model.lines == ["x"])
  }

  @Test func textIsCutToTheWidthByCells() {
    let cases: [(width: Int, text: String, shown: String)] = [
      (5, "abcd中", "abcd"), (4, "a中中", "a中"), (4, "中中中", "中中"), (1, "中", ""), (3, "😀x😀", "😀x"),
      (6, "a\u{1B}[31mb", "a\u{FFFD}[31m"), (8, "x\ty\r\nz", "x\u{FFFD}y\u{FFFD}z"),
    ]
    for (width, text, shown) in cases {
      var writer = FrameWriter(color: true)
      var model = TerminalModel(width: width, height: 2)
      let bytes = writer.draw(Frame(width: width, height: 2, lines: [FrameLine(text), FrameLine(text, .reverse)]))
      #expect(rawControls(in: bytes).isEmpty, "\(text)")
      model.feed(bytes)
      // Nothing wrapped or scrolled: each row holds its own line.
      #expect(model.lines == [shown, shown], "\(text)")
    }
  }

  @Test func colorOffKeepsBoldDimAndReverse() {
    let frame = Frame(
      width: 40, height: 1,
      lines: [FrameLine(spans: styles.map { Span("x", $0) })])
    for color in [true, false] {
      var writer = FrameWriter(color: color)
      let bytes = writer.draw(frame)
      let text = String(decoding: bytes, as: UTF8.self)
      #expect(text.contains("\u{1B}[0;1m") && text.contains("\u{1B}[0;2m") && text.contains("\u{1B}[0;7m"))
      #expect(["36", "33", "31"].allSatisfy { text.contains("\u{1B}[0;\($0)m") } == color)
      var model = TerminalModel(width: 40, height: 1)
      model.feed(bytes)
      expectShows(model, frame, color: color)
      #expect(model.modesLeftOn == ["hidden cursor"], "every run ends with the attributes reset")
    }
  }

  @Test func enterAndLeaveRestoreTheMainScreen() {
    var model = TerminalModel(width: 30, height: 6)
    model.feed(Array("$ reactor live\r\nearlier output\r\n$ ".utf8))
    let before = model.lines
    let cursor = model.cursor
    model.feed(FrameWriter.enter)
    #expect(model.isAlternateScreen)
    #expect(model.lines.allSatisfy { $0.isEmpty })
    #expect(
      Set(model.modesLeftOn) == ["alternate screen", "hidden cursor", "mouse 1000", "mouse 1006", "bracketed paste"])
    var writer = FrameWriter(color: true)
    let frame = Frame(
      width: 30, height: 6, lines: [FrameLine("> sw", .bold), FrameLine("swift 中", .reverse)],
      cursor: Position(row: 0, column: 4))
    model.feed(writer.draw(frame))
    expectShows(model, frame)
    model.feed(FrameWriter.leave)
    #expect(model.modesLeftOn.isEmpty)
    #expect(!model.isAlternateScreen)
    #expect(model.cursorVisible)
    #expect(model.lines == before)
    #expect(model.cursor == cursor)
    #expect(rawControls(in: FrameWriter.enter).isEmpty && rawControls(in: FrameWriter.leave).isEmpty)
  }
}
