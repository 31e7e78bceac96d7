/// How a run of text looks. The live view names what a run is; `FrameWriter` picks the attributes.
package enum CellStyle: Sendable, Hashable {
  case plain, bold, dim, reverse, accent, warning, error
  /// The selection of a list that answers an older query than the one typed: reverse and dim.
  case staleSelection
}

/// Text in one style.
package struct Span: Sendable, Hashable {
  package var text: String
  package var style: CellStyle

  package init(_ text: String, _ style: CellStyle = .plain) {
    self.text = text
    self.style = style
  }
}

/// One row of a frame: spans drawn one after the other from column 0.
package struct FrameLine: Sendable, Hashable {
  package var spans: [Span]

  package init(_ text: String, _ style: CellStyle = .plain) {
    spans = [Span(text, style)]
  }

  package init(spans: [Span]) {
    self.spans = spans
  }

  /// `parts` one after the other, `separator` between each two (a status line's fields).
  package init(joining parts: [Span], separator: Span) {
    spans = []
    for (index, part) in parts.enumerated() {
      if index > 0 { spans.append(separator) }
      spans.append(part)
    }
  }

  /// The spans' text joined.
  package var text: String { spans.map(\.text).joined() }
}

/// A cell of the screen, counted from 0 at the top left.
package struct Position: Sendable, Hashable {
  package var row: Int
  package var column: Int

  package init(row: Int, column: Int) {
    self.row = row
    self.column = column
  }
}

/// The whole screen of the live view at one moment: what `FrameWriter` turns into bytes.
package struct Frame: Sendable, Equatable {
  package var width: Int
  package var height: Int
  /// Row 0 at the top; fewer than `height` leaves the rest blank; extra ones are ignored.
  package var lines: [FrameLine]
  /// Where the terminal cursor shows (the query's caret); nil hides it.
  package var cursor: Position?

  package init(width: Int, height: Int, lines: [FrameLine] = [], cursor: Position? = nil) {
    self.width = width
    self.height = height
    self.lines = lines
    self.cursor = cursor
  }
}
