/// Rows of text laid out at a terminal's width: fixed columns, then a free text.
///
/// Each fixed column is as wide as its widest cell (at least its `minimum`; a cell wider than
/// its `maximum` is cut with `…`). The free text fills the rest of the line and wraps between
/// words under its own column. When it would wrap in fewer than `textMinimum` columns, or a
/// word of it would not fit there, the table is stacked, as `help` is on a
/// narrow terminal: the cells on a line (wrapped between words if even they do not fit), and
/// the free text under them, indented.
package struct TextTable: Sendable {
  package struct Column: Sendable {
    package var minimum: Int
    package var maximum: Int
    package var rightAligned: Bool

    package init(minimum: Int = 0, maximum: Int = .max, rightAligned: Bool = false) {
      self.minimum = minimum
      self.maximum = maximum
      self.rightAligned = rightAligned
    }
  }

  /// One row: a cell per fixed column, and the free text as pieces joined by the table's
  /// `joiner` (kept whole on a line when they fit).
  package struct Row: Sendable {
    package var cells: [String]
    package var text: [String]

    package init(_ cells: [String], text: [String]) {
      self.cells = cells
      self.text = text
    }

    /// A row whose free text breaks at any space.
    package init(_ cells: [String], text: String) {
      self.init(cells, text: text.split(separator: " ").map(String.init))
    }
  }

  package var columns: [Column]
  /// Between two columns, and between the last one and the free text.
  package var separator = "  "
  /// Between two pieces of free text.
  package var joiner = " "
  package var textMinimum = 20
  /// The indent of the free text in the stacked layout; by default, the start of the second
  /// column (or 4 with a single column), so the text reads under the cells it belongs to.
  package var stackedIndent: Int?

  package init(_ columns: [Column]) { self.columns = columns }

  package func lines(_ rows: [Row], width: Int) -> [String] {
    let rows = rows.map { row in
      Row(
        zip(row.cells, columns).map { TerminalText.truncate($0, to: $1.maximum) }, text: row.text)
    }
    let widths = columns.indices.map { index in
      rows.reduce(columns[index].minimum) { max($0, TerminalText.visibleWidth(row: $1, index)) }
    }
    let separatorWidth = TerminalText.width(separator)
    let cellsWidth = widths.reduce(0, +) + separatorWidth * max(0, widths.count - 1)
    let textColumn = widths.isEmpty ? 0 : cellsWidth + separatorWidth
    let room = width - textColumn
    let wordsFit = rows.allSatisfy { row in
      row.text.allSatisfy { piece in
        piece.split(separator: " ").allSatisfy { TerminalText.visibleWidth(String($0)) < room }
      }
    }
    let textsFit = rows.allSatisfy { row in
      TerminalText.visibleWidth(row.text.joined(separator: joiner)) <= room
    }
    if textsFit || (room >= textMinimum && wordsFit) {
      let indent = String(repeating: " ", count: textColumn)
      return rows.flatMap { row in
        let first = widths.isEmpty ? "" : aligned(row.cells, widths) + separator
        return TerminalText.fill(row.text, joiner: joiner, width: width, first: first, indent: indent)
      }
    }
    let textIndent = String(
      repeating: " ", count: min(width / 4, stackedIndent ?? (widths.count > 1 ? widths[0] + separatorWidth : 4)))
    return rows.flatMap { row in
      // The cells aligned, the last unpadded as nothing follows it on its line; where they do
      // not fit, they break between cells (and within a cell only if a line cannot hold it).
      let padded = zip(row.cells, widths).enumerated().map { index, cell in
        index == row.cells.count - 1 ? cell.0 : aligned([cell.0], [cell.1], from: index)
      }
      var lines = TerminalText.fill(padded, joiner: separator, width: width, indent: textIndent).filter { !$0.isEmpty }
      if !row.text.isEmpty {
        lines += TerminalText.fill(row.text, joiner: joiner, width: width, first: textIndent, indent: textIndent)
      }
      return lines
    }
  }

  /// The cells padded to their columns (numbers on the right), a separator apart; `from` is
  /// the column of the first.
  private func aligned(_ cells: [String], _ widths: [Int], from first: Int = 0) -> String {
    zip(zip(cells, widths), columns[first...]).map { cell, column in
      let (text, width) = cell
      let missing = String(repeating: " ", count: max(0, width - TerminalText.visibleWidth(text)))
      return column.rightAligned ? missing + text : text + missing
    }.joined(separator: separator)
  }
}

extension TerminalText {
  fileprivate static func visibleWidth(row: TextTable.Row, _ index: Int) -> Int {
    index < row.cells.count ? visibleWidth(row.cells[index]) : 0
  }
}
