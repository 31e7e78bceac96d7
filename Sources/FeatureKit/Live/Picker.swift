package import LiveTerminal

/// What a live view that picks from a list keeps beside its store, the same in every such
/// view: the selection and the rows on screen, the `--multi` marks, double clicks, the
/// `--preview` pane's state, and a note for the status line. Its methods are the keys every
/// picker reads the same way; a view's own keys and drawing stay in the view.
package struct Picker<ID: Hashable & Sendable, Item: Sendable>: Sendable {
  /// The selected row and the rows on screen.
  package var list = ListWindow()
  /// `--multi`: the rows marked with Tab.
  package var marks = Marks<ID, Item>()
  /// Presses on the list, for a double click.
  package var clicks = Clicks()
  /// Said on the status line until the next key.
  package var note: String?
  /// `--preview`: shown (`?` hides it), scrolled by Shift-Up and Shift-Down for the row
  /// `previewOf` (another selection starts at the top).
  package var previewShown = true
  package var previewScroll = 0
  package var previewOf: ID?
  /// Where the last frame put the list and the pane, which a click is read against.
  package var layout = PreviewLayout(width: 0, rows: 0, shown: false)

  package init() {}

  /// Tab marks the selection and moves down; Shift-Tab moves up and unmarks, undoing it.
  /// `row` gives the id and item of a row of the `count` in the list.
  package mutating func mark(_ key: Key, count: Int, row: (Int) -> (id: ID, item: Item)) {
    if key == .backTab { _ = list.move(.up, count: count) }
    if list.selection < count {
      let (id, item) = row(list.selection)
      if key == .tab || marks.contains(id) { marks.toggle(id, item) }
    }
    if key == .tab { _ = list.move(.down, count: count) }
  }

  /// Shift-Down scrolls the pane one line down, Shift-Up one up.
  package mutating func scrollPreview(_ key: Key) {
    previewScroll = max(0, previewScroll + (key == .shiftDown ? 1 : -1))
  }

  /// A press at `row`, `column` of the screen, on a list whose first row is screen row `top`:
  /// selects the row under it. True for the second press of a double click.
  package mutating func click(row: Int, column: Int, top: Int, count: Int, at now: Duration) -> Bool {
    // The list ends where the pane beside it starts.
    guard column < layout.listWidth, let index = list.row(at: row - top, count: count) else { return false }
    list.selection = index
    return clicks.press(row: index, at: now)
  }

  /// The list was replaced (`why`: "a refresh", "a new query"): the selection starts again at
  /// its first row, the marks made in the old list go, and the note says how many.
  package mutating func replaced(because why: String) {
    list.reset()
    let dropped = marks.removeAll()
    if dropped > 0 { note = dropped == 1 ? "1 mark dropped: \(why)" : "\(dropped) marks dropped: \(why)" }
  }

  /// The pane's lines for the selected row, `id`: its record's `lines`, scrolled as Shift-Up
  /// and Shift-Down left it for that row.
  package mutating func previewLines(of id: ID, _ lines: [FrameLine]) -> [FrameLine] {
    if previewOf != id {
      previewOf = id
      previewScroll = 0
    }
    previewScroll = min(previewScroll, max(0, lines.count - layout.paneRows))
    return Array(lines.dropFirst(previewScroll))
  }

  /// The status line's end: how many rows are marked, and the note.
  package var status: [Span] {
    (marks.isEmpty ? [] : [Span("\(marks.count) marked", .accent)]) + (note.map { [Span($0, .dim)] } ?? [])
  }
}
