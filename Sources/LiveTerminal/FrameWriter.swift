import Rendering

/// Turns frames into the bytes that draw them, writing only what changed since the last one.
///
/// It remembers the screen it drew, cell by cell, so a keystroke that changes one line of the live
/// view costs that line's changed cells, not a repaint.
package struct FrameWriter: Sendable {
  /// A screen cell as drawn: a grapheme (with any zero-width ones after it) in a style, or the
  /// right part of a wide character (empty text, width 0). `widthVaries` when terminals disagree
  /// on the grapheme's width (``TerminalText/scalarWidth(of:)``).
  private struct Cell: Hashable {
    var text: String
    var style: CellStyle
    var width: Int
    var widthVaries = false
  }

  private let color: Bool
  /// The terminal has scroll regions (DECSTBM) and insert/delete line: a list that moved by some
  /// rows is scrolled in place, and only the rows that came in are written.
  private let scrolls: Bool
  /// The screen as last drawn; nil when the next draw repaints.
  private var screen: [[Cell]]?
  private var size = (width: 0, height: 0)
  /// The cursor as the terminal has it; nil when unknown.
  private var cursorShown: Bool?
  private var cursorAt: Position?

  /// color false (NO_COLOR): accent/warning/error draw as plain/bold/bold; reverse, bold and dim stay.
  /// scrolls false: rows that moved are written again where they are now.
  package init(color: Bool, scrolls: Bool = true) {
    self.color = color
    self.scrolls = scrolls
  }

  private static let escape = "\u{1B}["

  /// Entering the full-screen view: alternate screen (?1049h), cursor hidden (?25l), SGR mouse wheel
  /// reporting (?1000h ?1006h), bracketed paste (?2004h), screen cleared.
  package static let enter: [UInt8] = Array(
    "\(escape)?1049h\(escape)?25l\(escape)?1000h\(escape)?1006h\(escape)?2004h\(escape)0m\(escape)H\(escape)2J".utf8)

  /// Leaving it: every mode above reset, the scroll region the whole screen again (`ESC[r`, which
  /// a draw never leaves set, but a crash may come in the middle of one), attributes reset,
  /// cursor shown, main screen back (?1049l).
  package static let leave: [UInt8] = Array(
    "\(escape)?2004l\(escape)?1006l\(escape)?1000l\(escape)r\(escape)0m\(escape)?25h\(escape)?1049l".utf8)

  /// The bytes that turn the screen from the last frame drawn into `frame`: only the lines that
  /// changed, and in a changed line only from its first changed cell (cursor positioned with CUP
  /// `ESC[r;cH`), then erase-to-end-of-line where the new line is shorter. When rows moved up or
  /// down together (a list scrolled), and the terminal scrolls, the block is scrolled in place
  /// first (see ``Scroll``) if that writes fewer bytes. A change of size, or
  /// `invalidate()`, repaints everything (clear + every line). Never writes past column `width` (text is
  /// cut to the width by display cells, wide characters counted as two; a wide character that would
  /// straddle the edge is dropped) and never writes a newline, so nothing wraps or scrolls. A grapheme
  /// terminals disagree on (a family, `❤️`, a skin tone: ``TerminalText/scalarWidth(of:)``) is drawn
  /// on its cells erased first (ECH), then the cursor is put where the next cell begins (CHA), and
  /// the rest of its line is written after it: a terminal that draws it narrower or wider shifts
  /// nothing after it. It is kept only where it fits drawn either way. Control
  /// characters in span text are drawn as U+FFFD or dropped, never sent raw. Ends by placing or hiding
  /// the cursor as `frame.cursor` says. Empty when nothing changed.
  package mutating func draw(_ frame: Frame) -> [UInt8] {
    let width = max(0, frame.width)
    let height = max(0, frame.height)
    let rows = (0..<height).map { row in row < frame.lines.count ? cells(of: frame.lines[row], width: width) : [] }
    var out = ""
    if let screen, size.width == width, size.height == height {
      var changed: [Int] = []
      for row in 0..<height where rows[row] != screen[row] {
        changed.append(row)
        change(row: row, from: screen[row], to: rows[row], into: &out)
      }
      // A move of the selection changes two rows; a scroll changes every row of the window.
      if scrolls, changed.count >= 3, let scroll = Scroll(changed: changed, from: screen, to: rows) {
        // Scrolled, then the rows that differ from what the scroll left: taken when it is shorter.
        var scrolled = scroll.sequence
        let moved = scroll.applied(to: screen)
        for row in 0..<height where rows[row] != moved[row] {
          change(row: row, from: moved[row], to: rows[row], into: &scrolled)
        }
        if scrolled.utf8.count < out.utf8.count { out = scrolled }
      }
    } else {
      out += "\(Self.escape)0m\(Self.escape)H\(Self.escape)2J"
      for row in 0..<height where !rows[row].isEmpty {
        write(rows[row], row: row, from: 0, to: rows[row].count, into: &out)
      }
    }
    screen = rows
    size = (width, height)
    if !out.isEmpty { cursorAt = nil }
    placeCursor(frame.cursor, into: &out)
    return Array(out.utf8)
  }

  /// Forgets what the screen shows, so the next draw repaints it all (after the terminal was
  /// suspended, or something else wrote to it).
  package mutating func invalidate() {
    screen = nil
    cursorShown = nil
    cursorAt = nil
  }

  /// Shows the cursor where `wanted` says (clamped to the screen), or hides it.
  private mutating func placeCursor(_ wanted: Position?, into out: inout String) {
    guard let wanted, size.width > 0, size.height > 0 else {
      if cursorShown != false { out += "\(Self.escape)?25l" }
      cursorShown = false
      return
    }
    let target = Position(
      row: min(max(0, wanted.row), size.height - 1), column: min(max(0, wanted.column), size.width - 1))
    if cursorAt != target { out += Self.moveTo(target) }
    if cursorShown != true { out += "\(Self.escape)?25h" }
    cursorAt = target
    cursorShown = true
  }

  private static func moveTo(_ position: Position) -> String {
    "\(escape)\(position.row + 1);\(position.column + 1)H"
  }

  /// Writes the cells of `new` from the first one that differs from `old` to the last, then erases
  /// what is left of `old` past the end of `new`.
  private func change(row: Int, from old: [Cell], to new: [Cell], into out: inout String) {
    var first = 0
    while first < min(old.count, new.count) && old[first] == new[first] { first += 1 }
    var end = new.count
    if new.count == old.count {
      while end > first && old[end - 1] == new[end - 1] { end -= 1 }
    }
    // A terminal that draws such a grapheme wider than its cells wrote over the cells after it.
    if new[first..<end].contains(where: \.widthVaries) { end = new.count }
    // Equal cells before `first` mean a wide character starts in both or in neither, so `first`
    // is never the right part of one.
    write(new, row: row, from: first, to: end, into: &out)
    if new.count < old.count {
      if first >= end { out += Self.moveTo(Position(row: row, column: first)) }
      out += "\(Self.escape)K"
    }
  }

  /// Writes `cells[start..<end]` (and the rest of a wide character that `end` cuts), styled, at
  /// `row`, and resets the attributes after them.
  private func write(_ cells: [Cell], row: Int, from start: Int, to end: Int, into out: inout String) {
    guard start < end else { return }
    out += Self.moveTo(Position(row: row, column: start))
    var style = CellStyle.plain
    var index = start
    while index < end {
      let cell = cells[index]
      if cell.style != style {
        out += "\(Self.escape)\(sgr(cell.style))m"
        style = cell.style
      }
      if cell.widthVaries {
        out += "\(Self.escape)\(cell.width)X\(cell.text)\(Self.escape)\(index + cell.width + 1)G"
      } else {
        out += cell.text
      }
      index += max(1, cell.width)
    }
    if style != .plain { out += "\(Self.escape)0m" }
  }

  /// SGR parameters: a reset, then the style's attributes.
  private func sgr(_ style: CellStyle) -> String {
    switch style {
    case .plain: return "0"
    case .bold: return "0;1"
    case .dim: return "0;2"
    case .reverse: return "0;7"
    case .staleSelection: return "0;2;7"
    case .accent: return "0;36"
    case .warning: return "0;33"
    case .error: return "0;31"
    }
  }

  /// What color off makes of a style, decided before the diff so that a style change the terminal
  /// would not show writes nothing.
  private func shown(_ style: CellStyle) -> CellStyle {
    guard !color else { return style }
    switch style {
    case .accent: return .plain
    case .warning, .error: return .bold
    case .plain, .bold, .dim, .reverse, .staleSelection: return style
    }
  }

  /// The cells `line` fills, cut to `width` columns. Graphemes are found in the line's whole
  /// text, as the terminal finds them in the bytes it is sent: one that begins in a span and ends
  /// in the next (a flag cut in two) is one cell, in the style of the span it begins in.
  private func cells(of line: FrameLine, width: Int) -> [Cell] {
    var cells: [Cell] = []
    var lead: Int?
    let spans = line.spans
    var span = 0
    // Where span `span` ends in the line's UTF-8, and where the next grapheme begins.
    var spanEnd = spans.first?.text.utf8.count ?? 0
    var offset = 0
    for character in spans.count == 1 ? spans[0].text : line.text {
      while offset >= spanEnd, span + 1 < spans.count {
        span += 1
        spanEnd += spans[span].text.utf8.count
      }
      offset += character.utf8.count
      let style = shown(spans[span].style)
      guard let (text, columns, scalarColumns) = Self.drawn(character) else { continue }
      guard columns > 0 else {
        // A zero-width character joins the cell before it, as the terminal puts it there.
        if let lead { cells[lead].text += text }
        continue
      }
      guard cells.count + max(columns, scalarColumns) <= width else { return cells }
      lead = cells.count
      cells.append(Cell(text: text, style: style, width: columns, widthVaries: scalarColumns != columns))
      if columns > 1 { cells += repeatElement(Cell(text: "", style: style, width: 0), count: columns - 1) }
    }
    return cells
  }

  /// What `character` is drawn as: its text (a control as U+FFFD, without direction marks), its
  /// columns, and its columns on a terminal that measures scalar by scalar
  /// (``TerminalText/scalarWidth(of:)``); nil when nothing is left to draw.
  private static func drawn(_ character: Character) -> (text: String, columns: Int, scalarColumns: Int)? {
    let scalars = character.unicodeScalars
    // One scalar, as nearly every character is: measured as itself.
    var iterator = scalars.makeIterator()
    if let only = iterator.next(), iterator.next() == nil {
      if isControl(only.value) { return ("\u{FFFD}", 1, 1) }
      if isDirectional(only.value) { return nil }
      let columns = TerminalText.width(of: only)
      return (String(character), columns, columns)
    }
    if scalars.contains(where: { isControl($0.value) }) { return ("\u{FFFD}", 1, 1) }
    if scalars.contains(where: { isDirectional($0.value) }) {
      let text = String(String.UnicodeScalarView(scalars.filter { !isDirectional($0.value) }))
      let columns = TerminalText.width(text)
      return text.isEmpty ? nil : (text, columns, columns)
    }
    return (String(character), TerminalText.width(of: character), TerminalText.scalarWidth(of: character))
  }

  /// C0, DEL and C1: a terminal acts on them instead of drawing them.
  private static func isControl(_ value: UInt32) -> Bool { value < 0x20 || (0x7F...0x9F).contains(value) }

  /// Bidirectional marks and overrides, which could reorder what the terminal draws after them.
  private static func isDirectional(_ value: UInt32) -> Bool {
    value == 0x061C || value == 0x200E || value == 0x200F || (0x202A...0x202E).contains(value)
      || (0x2066...0x2069).contains(value)
  }

  /// Rows that moved together by `shift` (positive: up), found by matching the rows that changed
  /// with the rows drawn before, and moved by the terminal: the scroll region set to the rows
  /// `top...bottom` (DECSTBM), `shift` lines deleted (DL) or inserted (IL) at its top, which
  /// moves the others and blanks those that came free, and the region reset to the whole
  /// screen.
  private struct Scroll {
    var top: Int
    var bottom: Int
    var shift: Int

    /// The shift most of the `changed` rows agree on (at least two; rows with nothing drawn
    /// match anywhere, so they vote for none), and the region from the first row it moves to the
    /// last.
    init?(changed rows: [Int], from old: [[Cell]], to new: [[Cell]]) {
      let changed = rows.filter { !new[$0].isEmpty }
      var rowsOf: [[Cell]: [Int]] = [:]
      for row in old.indices where !old[row].isEmpty { rowsOf[old[row], default: []].append(row) }
      var votes: [Int: Int] = [:]
      for row in changed {
        for source in rowsOf[new[row]] ?? [] { votes[source - row, default: 0] += 1 }
      }
      // The most votes; of as many, the smallest shift, then the upward one, so that the choice
      // does not hang on the dictionary's order.
      guard
        let (shift, count) = votes.max(by: { a, b in
          (a.value, -abs(a.key), a.key) < (b.value, -abs(b.key), b.key)
        }), count >= 2
      else { return nil }
      let moved = changed.filter { row in old.indices.contains(row + shift) && old[row + shift] == new[row] }
      guard let first = moved.first, let last = moved.last else { return nil }
      top = min(first, first + shift)
      bottom = max(last, last + shift)
      self.shift = shift
    }

    /// The bytes that scroll the terminal, the cursor left anywhere (the next write places it).
    var sequence: String {
      let escape = FrameWriter.escape
      let edit = shift > 0 ? "\(shift)M" : "\(-shift)L"
      return "\(escape)\(top + 1);\(bottom + 1)r\(escape)\(top + 1);1H\(escape)\(edit)\(escape)r"
    }

    /// `screen` as the terminal shows it after the scroll.
    func applied(to screen: [[Cell]]) -> [[Cell]] {
      var moved = screen
      for row in top...bottom {
        let source = row + shift
        moved[row] = (top...bottom).contains(source) ? screen[source] : []
      }
      return moved
    }
  }
}
