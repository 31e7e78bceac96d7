package import LiveTerminal

/// A list's selection and the rows on screen, the seeds' table view and its scroll offset: the
/// movement keys, the window following the selection, and the rule that loads the next page.
package struct ListWindow: Sendable, Equatable {
  /// The selected row, an index into the list.
  package var selection = 0
  /// The first row shown.
  package var top = 0
  /// How many rows the last frame showed: a screenful, for paging and loading ahead.
  package var rows = 20

  package init() {}

  /// Moves the selection for a movement key (Up/Down, fzf's Ctrl-P/K and Ctrl-N/J, the wheel,
  /// PgUp/PgDn, Home/End) in a list of `count` rows; false for any other key.
  package mutating func move(_ key: Key, count: Int) -> Bool {
    let page = max(1, rows - 1)
    let target: Int
    switch key {
    case .up, .control("p"), .control("k"): target = selection - 1
    case .down, .control("n"), .control("j"): target = selection + 1
    case .wheelUp: target = selection - 3
    case .wheelDown: target = selection + 3
    case .pageUp: target = selection - page
    case .pageDown: target = selection + page
    case .home: target = 0
    case .end: target = count - 1
    default: return false
    }
    selection = max(0, min(count - 1, target))
    return true
  }

  /// Lays the window out for `rows` rows of a list of `count`: the selection kept in the list,
  /// the window following it.
  package mutating func fit(rows: Int, count: Int) {
    self.rows = max(1, rows)
    if count > 0 { selection = min(selection, count - 1) }
    if selection < top { top = selection }
    if selection >= top + rows { top = selection - rows + 1 }
    top = max(0, min(top, max(0, count - rows)))
  }

  /// The row of a list of `count` on the window's `row`th line (0 for the first it shows), if
  /// one is there.
  package func row(at line: Int, count: Int) -> Int? {
    let index = top + line
    return line >= 0 && line < rows && index < count ? index : nil
  }

  /// The rows of a list of `count` that the window shows.
  package func visible(count: Int) -> Range<Int> { top..<max(top, min(count, top + rows)) }

  /// The seeds' scroll rule: the selection or the window is within a screenful of the last of
  /// `count` loaded rows, so the next page should load.
  package func nearsEnd(of count: Int) -> Bool { max(selection, top + rows) + rows >= count }

  /// Back to the first row (a new query, a refresh).
  package mutating func reset() {
    selection = 0
    top = 0
  }
}
