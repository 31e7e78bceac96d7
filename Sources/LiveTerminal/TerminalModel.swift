import Rendering

/// A model of an xterm-like terminal: bytes in, the screen out.
///
/// Tests feed it what `FrameWriter` writes to prove the screen ends up as the frame says, without a
/// terminal. It follows xterm where terminals differ: a character written at the last column wraps
/// only when the next one comes, a wide character that does not fit wraps whole, overwriting either
/// half of a wide character blanks both. A scroll region (DECSTBM) bounds what a line feed at its
/// bottom, reverse index at its top, insert and delete line (IL, DL) and scroll up and down (SU,
/// SD) move; lines that come free are blank. It draws graphemes whole, as a terminal that segments
/// text into graphemes does: a scalar that continues the grapheme written last (a mark, a skin
/// tone, a second regional indicator, a joiner and what it joins, VS16) goes into its cell, which
/// widens when the grapheme does (`❤` then VS16), and each grapheme is as wide as
/// `TerminalText.width(of:)` says. A control character or an escape sequence ends the grapheme.
package struct TerminalModel: Sendable {
  /// The SGR attributes of a cell.
  package struct Attributes: Sendable, Hashable {
    package var bold = false
    package var dim = false
    package var italic = false
    package var underline = false
    package var blink = false
    package var reverse = false
    package var hidden = false
    package var strikethrough = false
    /// The SGR parameters that set the color (`[36]`, `[38, 5, 208]`); empty for the default.
    package var foreground: [Int] = []
    package var background: [Int] = []

    package init() {}
  }

  /// One cell of the screen.
  package struct Cell: Sendable, Hashable {
    /// " " when blank; "" for the right half of a wide character.
    package var text: String
    package var attributes: Attributes

    package init(text: String = " ", attributes: Attributes = Attributes()) {
      self.text = text
      self.attributes = attributes
    }

    package var isContinuation: Bool { text.isEmpty }
  }

  private struct SavedCursor {
    var position: Position
    var attributes: Attributes
  }

  private enum State {
    case ground
    case escape
    /// After ESC and an intermediate byte (`ESC ( B`): one final byte ends it.
    case escapeIntermediate
    case csi
    /// OSC, DCS, SOS, PM, APC: up to BEL or ESC \ (`afterEscape` once the ESC came).
    case string(afterEscape: Bool)
  }

  package private(set) var width: Int
  package private(set) var height: Int
  /// The visible buffer: the alternate one while it is on.
  private var cells: [[Cell]]
  /// The main screen's cells while the alternate screen is on.
  private var mainCells: [[Cell]]?
  private var row = 0
  private var column = 0
  /// The scroll region's first and last rows (the whole screen unless DECSTBM set one).
  private var top = 0
  private var bottom: Int
  /// xterm's wrap-pending flag: the last column was written, and the next printable wraps first.
  private var wrapPending = false
  /// The cell the last grapheme went into, until a control character or an escape sequence:
  /// a scalar that continues that grapheme joins it there.
  private var lastCell: Position?
  private var attributes = Attributes()
  private var savedCursor: SavedCursor?
  private var cursorSavedForAlternate: SavedCursor?
  package private(set) var cursorVisible = true
  /// The private modes (`?N h`) that are on, other than 25 and the alternate screen.
  private var privateModes: Set<Int> = []

  private var state = State.ground
  private var sequence: [UInt8] = []
  private var utf8Value: UInt32 = 0
  private var utf8Remaining = 0

  package init(width: Int, height: Int) {
    self.width = max(1, width)
    self.height = max(1, height)
    bottom = max(1, height) - 1
    cells = Self.blank(width: max(1, width), height: max(1, height))
  }

  private static func blank(width: Int, height: Int) -> [[Cell]] {
    Array(repeating: Array(repeating: Cell(), count: width), count: height)
  }

  /// The visible screen's text, one String per row, trailing blanks trimmed (the alternate screen while it is on).
  package var lines: [String] {
    cells.map { row in
      var line = row.map(\.text).joined()
      while line.last == " " { line.removeLast() }
      return line
    }
  }

  package var isAlternateScreen: Bool { mainCells != nil }

  package var cursor: Position { Position(row: row, column: column) }

  /// The cell at `position` of the visible screen.
  package func cell(at position: Position) -> Cell { cells[position.row][position.column] }

  /// Modes still set that `FrameWriter.leave` resets (alternate screen, hidden cursor, mouse, paste): empty after a clean exit.
  package var modesLeftOn: [String] {
    var modes: [String] = []
    if isAlternateScreen { modes.append("alternate screen") }
    if !cursorVisible { modes.append("hidden cursor") }
    for mode in privateModes.sorted() {
      switch mode {
      case 1000, 1002, 1003, 1005, 1006, 1015: modes.append("mouse \(mode)")
      case 2004: modes.append("bracketed paste")
      default: modes.append("mode \(mode)")
      }
    }
    if attributes != Attributes() { modes.append("attributes") }
    if top != 0 || bottom != height - 1 { modes.append("scroll region") }
    return modes
  }

  package mutating func resize(width: Int, height: Int) {
    let width = max(1, width)
    let height = max(1, height)
    // Like xterm, lines leave at the top when the cursor's row would fall off the bottom.
    let dropped = max(0, row - (height - 1))
    cells = Self.resized(Array(cells.dropFirst(dropped)), width: width, height: height)
    mainCells = mainCells.map { Self.resized($0, width: width, height: height) }
    row -= dropped
    lastCell = nil
    self.width = width
    self.height = height
    row = min(row, height - 1)
    column = min(column, width - 1)
    wrapPending = false
    top = 0
    bottom = height - 1
  }

  private static func resized(_ cells: [[Cell]], width: Int, height: Int) -> [[Cell]] {
    var rows = cells.prefix(height).map { old -> [Cell] in
      var line = Array(old.prefix(width))
      if line.count < width {
        line += repeatElement(Cell(), count: width - line.count)
      } else if old.count > width && old[width].isContinuation {
        // The new edge cuts a wide character in two: neither half stays.
        line[width - 1] = Cell()
      }
      return line
    }
    rows += repeatElement(Array(repeating: Cell(), count: width), count: max(0, height - rows.count))
    return rows
  }

  package mutating func feed(_ bytes: some Sequence<UInt8>) {
    for byte in bytes { consume(byte) }
  }

  private mutating func consume(_ byte: UInt8) {
    switch state {
    case .ground:
      if byte < 0x20 || byte == 0x7F { lastCell = nil }
      ground(byte)
    case .escape: escape(byte)
    case .escapeIntermediate:
      switch byte {
      case 0x20...0x2F: break
      case 0x30...0x7E: state = .ground
      default: control(byte)
      }
    case .csi:
      switch byte {
      case 0x20...0x3F: if sequence.count < 256 { sequence.append(byte) }
      case 0x40...0x7E:
        state = .ground
        dispatch(final: byte)
      case 0x80...: state = .ground
      default: control(byte)
      }
    case .string(let afterEscape):
      switch byte {
      case 0x07: state = .ground
      case 0x1B: state = .string(afterEscape: true)
      case UInt8(ascii: "\\") where afterEscape: state = .ground
      default: state = .string(afterEscape: false)
      }
    }
  }

  private mutating func ground(_ byte: UInt8) {
    if utf8Remaining > 0 {
      if byte & 0xC0 == 0x80 {
        utf8Value = utf8Value << 6 | UInt32(byte & 0x3F)
        utf8Remaining -= 1
        if utf8Remaining == 0 { put(Unicode.Scalar(utf8Value) ?? "\u{FFFD}") }
        return
      }
      utf8Remaining = 0
      put("\u{FFFD}")
    }
    switch byte {
    case 0x00..<0x20, 0x7F: control(byte)
    case 0x20..<0x80: put(Unicode.Scalar(byte))
    case 0xC2...0xDF: startUTF8(byte & 0x1F, remaining: 1)
    case 0xE0...0xEF: startUTF8(byte & 0x0F, remaining: 2)
    case 0xF0...0xF4: startUTF8(byte & 0x07, remaining: 3)
    default: put("\u{FFFD}")
    }
  }

  private mutating func startUTF8(_ bits: UInt8, remaining: Int) {
    utf8Value = UInt32(bits)
    utf8Remaining = remaining
  }

  /// C0 controls, which act the same inside an escape sequence as outside it.
  private mutating func control(_ byte: UInt8) {
    switch byte {
    case 0x08:
      column = max(0, column - 1)
      wrapPending = false
    case 0x09:
      column = min(width - 1, (column / 8 + 1) * 8)
      wrapPending = false
    case 0x0A, 0x0B, 0x0C: lineFeed()
    case 0x0D:
      column = 0
      wrapPending = false
    case 0x18, 0x1A: state = .ground
    case 0x1B:
      state = .escape
      sequence = []
    default: break
    }
  }

  private mutating func escape(_ byte: UInt8) {
    state = .ground
    switch byte {
    case UInt8(ascii: "["): state = .csi
    case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "X"), UInt8(ascii: "^"), UInt8(ascii: "_"):
      state = .string(afterEscape: false)
    case UInt8(ascii: "7"): savedCursor = SavedCursor(position: cursor, attributes: attributes)
    case UInt8(ascii: "8"): restore(savedCursor)
    case UInt8(ascii: "D"): lineFeed()
    case UInt8(ascii: "E"):
      column = 0
      lineFeed()
    case UInt8(ascii: "M"):
      wrapPending = false
      if row == top {
        scroll(by: -1, from: top)
      } else if row > 0 {
        row -= 1
      }
    case UInt8(ascii: "c"): self = TerminalModel(width: width, height: height)
    case 0x20...0x2F: state = .escapeIntermediate
    case 0x00..<0x20, 0x7F: control(byte)
    default: break
    }
  }

  private mutating func restore(_ saved: SavedCursor?) {
    guard let saved else {
      moveTo(row: 0, column: 0)
      attributes = Attributes()
      return
    }
    moveTo(row: saved.position.row, column: saved.position.column)
    attributes = saved.attributes
  }

  private mutating func moveTo(row: Int, column: Int) {
    self.row = min(max(0, row), height - 1)
    self.column = min(max(0, column), width - 1)
    wrapPending = false
  }

  private mutating func lineFeed() {
    wrapPending = false
    if row == bottom {
      scroll(by: 1, from: top)
    } else if row < height - 1 {
      row += 1
    }
  }

  /// Moves the rows `first...bottom` up by `count` (down when negative), as far as the scroll
  /// region's bottom; the rows that come free are blank.
  private mutating func scroll(by count: Int, from first: Int) {
    guard first >= top, first <= bottom, count != 0 else { return }
    let region = Array(cells[first...bottom])
    let blank = Array(repeating: Cell(), count: width)
    for index in region.indices {
      let source = index + count
      cells[first + index] = region.indices.contains(source) ? region[source] : blank
    }
  }

  private mutating func put(_ scalar: Unicode.Scalar) {
    // C1 controls that came as UTF-8: xterm acts on none of them in UTF-8 mode.
    guard !(0x80...0x9F).contains(scalar.value) else { return }
    if let lastCell, join(scalar, to: lastCell) { return }
    let columns = TerminalText.width(of: scalar)
    guard columns > 0 else {
      attachToPrevious(scalar)
      return
    }
    guard columns <= width else { return }
    if wrapPending || column + columns > width {
      column = 0
      lineFeed()
    }
    blankWideCharacters(row: row, from: column, to: column + columns)
    cells[row][column] = Cell(text: String(scalar), attributes: attributes)
    for next in (column + 1)..<(column + columns) { cells[row][next] = Cell(text: "", attributes: attributes) }
    lastCell = Position(row: row, column: column)
    column += columns
    if column >= width {
      column = width - 1
      wrapPending = true
    }
  }

  /// Puts `scalar` into the grapheme of the cell at `last` when it continues it, and widens the
  /// cell when the grapheme became wider and the row has room (the cursor moves on with it).
  /// False when `scalar` begins a grapheme of its own.
  private mutating func join(_ scalar: Unicode.Scalar, to last: Position) -> Bool {
    var text = cells[last.row][last.column].text
    // Below U+0300 nothing joins what came before, nor is joined by what follows (but CR LF,
    // which is no printable).
    if scalar.value < 0x300, let previous = text.unicodeScalars.last, previous.value < 0x300 { return false }
    text.unicodeScalars.append(scalar)
    guard let grapheme = text.first, text.count == 1 else { return false }
    cells[last.row][last.column].text = text
    var columns = 1
    while last.column + columns < width && cells[last.row][last.column + columns].isContinuation { columns += 1 }
    let wanted = TerminalText.width(of: grapheme)
    guard wanted > columns, last.column + wanted <= width else { return true }
    blankWideCharacters(row: last.row, from: last.column + columns, to: last.column + wanted)
    let attributes = cells[last.row][last.column].attributes
    for next in (last.column + columns)..<(last.column + wanted) {
      cells[last.row][next] = Cell(text: "", attributes: attributes)
    }
    row = last.row
    column = last.column + wanted
    wrapPending = false
    if column >= width {
      column = width - 1
      wrapPending = true
    }
    return true
  }

  /// A zero-width character (a combining mark, a joiner) becomes part of the cell written last.
  private mutating func attachToPrevious(_ scalar: Unicode.Scalar) {
    var previous = wrapPending ? column : column - 1
    while previous > 0 && cells[row][previous].isContinuation { previous -= 1 }
    guard previous >= 0, !cells[row][previous].isContinuation else { return }
    cells[row][previous].text.unicodeScalars.append(scalar)
  }

  /// Before cells `start..<end` of `row` change, blanks the other half of any wide character they cut.
  private mutating func blankWideCharacters(row: Int, from start: Int, to end: Int) {
    if start > 0 && start < width && cells[row][start].isContinuation { cells[row][start - 1] = Cell() }
    if end < width && end > 0 && cells[row][end].isContinuation { cells[row][end] = Cell() }
  }

  private mutating func erase(row: Int, from start: Int, to end: Int) {
    let start = max(0, start)
    let end = min(width, end)
    guard start < end else { return }
    blankWideCharacters(row: row, from: start, to: end)
    for index in start..<end { cells[row][index] = Cell() }
  }

  // MARK: Control sequences

  /// Acts on `ESC [`, the bytes collected in `sequence`, and `final`.
  private mutating func dispatch(final: UInt8) {
    let marker = sequence.first.flatMap { (0x3C...0x3F).contains($0) ? $0 : nil }
    let body = marker == nil ? sequence[...] : sequence.dropFirst()
    guard !body.contains(where: { (0x20...0x2F).contains($0) }) else { return }
    let parameters = Self.parameters(body)
    func count(_ index: Int) -> Int { max(1, index < parameters.count ? parameters[index] ?? 1 : 1) }
    if marker == UInt8(ascii: "?") {
      if final == UInt8(ascii: "h") || final == UInt8(ascii: "l") {
        for mode in parameters { setMode(mode ?? 0, on: final == UInt8(ascii: "h")) }
      }
      return
    }
    guard marker == nil else { return }
    switch final {
    case UInt8(ascii: "H"), UInt8(ascii: "f"): moveTo(row: count(0) - 1, column: count(1) - 1)
    case UInt8(ascii: "A"): moveTo(row: row - count(0), column: column)
    case UInt8(ascii: "B"), UInt8(ascii: "e"): moveTo(row: row + count(0), column: column)
    case UInt8(ascii: "C"), UInt8(ascii: "a"): moveTo(row: row, column: column + count(0))
    case UInt8(ascii: "D"): moveTo(row: row, column: column - count(0))
    case UInt8(ascii: "E"): moveTo(row: row + count(0), column: 0)
    case UInt8(ascii: "F"): moveTo(row: row - count(0), column: 0)
    case UInt8(ascii: "G"), UInt8(ascii: "`"): moveTo(row: row, column: count(0) - 1)
    case UInt8(ascii: "d"): moveTo(row: count(0) - 1, column: column)
    case UInt8(ascii: "K"): eraseInLine(parameters.first ?? nil)
    case UInt8(ascii: "J"): eraseInDisplay(parameters.first ?? nil)
    case UInt8(ascii: "X"): erase(row: row, from: column, to: column + count(0))
    case UInt8(ascii: "m"): selectGraphicRendition(parameters)
    case UInt8(ascii: "s"): savedCursor = SavedCursor(position: cursor, attributes: attributes)
    case UInt8(ascii: "u"): restore(savedCursor)
    case UInt8(ascii: "r"): setScrollRegion(parameters)
    case UInt8(ascii: "L"), UInt8(ascii: "M"):
      // Only inside the region; the cursor stays where it is, as tmux leaves it.
      guard row >= top, row <= bottom else { return }
      scroll(by: final == UInt8(ascii: "M") ? count(0) : -count(0), from: row)
      wrapPending = false
    case UInt8(ascii: "S"): scroll(by: count(0), from: top)
    // With more parameters, `T` starts xterm's mouse highlight tracking.
    case UInt8(ascii: "T") where parameters.count <= 1: scroll(by: -count(0), from: top)
    default: break
    }
  }

  /// DECSTBM: the rows a scroll moves, `top;bottom` counted from 1 (missing or 0: the screen's
  /// edge); one row or fewer is refused, as xterm refuses it. The cursor goes home.
  private mutating func setScrollRegion(_ parameters: [Int?]) {
    let first = max(1, (parameters.first ?? nil) ?? 1)
    let last = parameters.count > 1 ? (parameters[1] ?? 0) : 0
    let lastRow = min(height, last == 0 ? height : last)
    guard first < lastRow else { return }
    top = first - 1
    bottom = lastRow - 1
    moveTo(row: 0, column: 0)
  }

  /// `1;;5` as `[1, nil, 5]`; `:` sub-parameters (`38:5:208`) read as parameters.
  private static func parameters(_ bytes: ArraySlice<UInt8>) -> [Int?] {
    guard !bytes.isEmpty else { return [] }
    var parameters: [Int?] = [nil]
    for byte in bytes {
      if byte == UInt8(ascii: ";") || byte == UInt8(ascii: ":") {
        parameters.append(nil)
      } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
        let value = (parameters[parameters.count - 1] ?? 0) * 10 + Int(byte - UInt8(ascii: "0"))
        parameters[parameters.count - 1] = min(value, 100_000)
      }
    }
    return parameters
  }

  private mutating func eraseInLine(_ mode: Int?) {
    wrapPending = false
    switch mode ?? 0 {
    case 0: erase(row: row, from: column, to: width)
    case 1: erase(row: row, from: 0, to: column + 1)
    case 2: erase(row: row, from: 0, to: width)
    default: break
    }
  }

  private mutating func eraseInDisplay(_ mode: Int?) {
    switch mode ?? 0 {
    case 0:
      eraseInLine(0)
      for below in (row + 1)..<height { erase(row: below, from: 0, to: width) }
    case 1:
      for above in 0..<row { erase(row: above, from: 0, to: width) }
      eraseInLine(1)
    case 2:
      for any in 0..<height { erase(row: any, from: 0, to: width) }
    default: break  // 3 clears the scrollback, which the model does not keep
    }
  }

  private mutating func setMode(_ mode: Int, on: Bool) {
    switch mode {
    case 25: cursorVisible = on
    case 1049:
      if on && mainCells == nil {
        cursorSavedForAlternate = SavedCursor(position: cursor, attributes: attributes)
        mainCells = cells
        cells = Self.blank(width: width, height: height)
      } else if !on, let main = mainCells {
        cells = main
        mainCells = nil
        restore(cursorSavedForAlternate)
      }
    case 47, 1047:
      if on && mainCells == nil {
        mainCells = cells
        cells = Self.blank(width: width, height: height)
      } else if !on, let main = mainCells {
        cells = main
        mainCells = nil
      }
    default:
      if on { privateModes.insert(mode) } else { privateModes.remove(mode) }
    }
  }

  private mutating func selectGraphicRendition(_ parameters: [Int?]) {
    let parameters = parameters.isEmpty ? [0] : parameters.map { $0 ?? 0 }
    var index = 0
    while index < parameters.count {
      let code = parameters[index]
      index += 1
      switch code {
      case 0: attributes = Attributes()
      case 1: attributes.bold = true
      case 2: attributes.dim = true
      case 3: attributes.italic = true
      case 4, 21: attributes.underline = true
      case 5, 6: attributes.blink = true
      case 7: attributes.reverse = true
      case 8: attributes.hidden = true
      case 9: attributes.strikethrough = true
      case 22:
        attributes.bold = false
        attributes.dim = false
      case 23: attributes.italic = false
      case 24: attributes.underline = false
      case 25: attributes.blink = false
      case 27: attributes.reverse = false
      case 28: attributes.hidden = false
      case 29: attributes.strikethrough = false
      case 30...37, 90...97: attributes.foreground = [code]
      case 39: attributes.foreground = []
      case 40...47, 100...107: attributes.background = [code]
      case 49: attributes.background = []
      case 38, 48:
        // 5;N picks from the palette, 2;R;G;B is direct color.
        let extra = index < parameters.count ? (parameters[index] == 5 ? 2 : parameters[index] == 2 ? 4 : 0) : 0
        let color = [code] + parameters[index..<min(parameters.count, index + extra)]
        index += extra
        if code == 38 { attributes.foreground = color } else { attributes.background = color }
      default: break
      }
    }
  }
}
