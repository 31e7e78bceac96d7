package import LiveTerminal
import Rendering

/// Where a list and its `--preview` pane go in the rows between a view's top line and its
/// status line: the pane beside the list when the terminal is wide enough for both, below it
/// otherwise, and not at all when the terminal is too small for a pane worth reading.
package struct PreviewLayout: Sendable, Equatable {
  package enum Placement: Sendable, Equatable { case beside, below }

  /// The list's rows (from the region's first) and columns.
  package var listRows: Int
  package var listWidth: Int
  /// Where the pane is; nil for none.
  package var placement: Placement?
  /// The pane's rows and columns; 0 without one.
  package var paneRows = 0
  package var paneWidth = 0

  /// The least width that shows the pane beside the list, half each: below it a list row would
  /// lose its language and stars to the pane.
  package static let besideWidth = 100
  /// The least rows that show the pane below the list: three of list, a rule, three of pane.
  package static let belowRows = 7

  /// The layout of `rows` rows of `width` columns, with the pane if `shown` and there is room.
  package init(width: Int, rows: Int, shown: Bool) {
    listRows = max(0, rows)
    listWidth = max(0, width)
    guard shown else { return }
    if width >= Self.besideWidth && rows > 0 {
      paneWidth = (width - 1) / 2
      listWidth = width - 1 - paneWidth
      paneRows = listRows
      placement = .beside
    } else if rows >= Self.belowRows {
      paneRows = (rows - 1) / 2
      listRows = rows - 1 - paneRows
      paneWidth = width
      placement = .below
    }
  }

  /// The region's lines: `list`'s, each fitted to the list's width, and `pane`'s beside them after
  /// a rule, or below them after one.
  package func compose(list: [FrameLine], pane: [FrameLine]) -> [FrameLine] {
    func line(_ lines: [FrameLine], _ index: Int) -> FrameLine {
      index < lines.count ? lines[index] : FrameLine("")
    }
    switch placement {
    case nil:
      return Array(list.prefix(listRows))
    case .beside:
      return (0..<listRows).map { index in
        let left = line(list, index).fitted(to: listWidth, padded: true)
        let right = line(pane, index).fitted(to: paneWidth, padded: false)
        return FrameLine(spans: left.spans + [Span("│", .dim)] + right.spans)
      }
    case .below:
      let top = (0..<listRows).map { line(list, $0).fitted(to: listWidth, padded: false) }
      let rule = FrameLine(String(repeating: "─", count: max(0, paneWidth)), .dim)
      return top + [rule] + (0..<paneRows).map { line(pane, $0).fitted(to: paneWidth, padded: false) }
    }
  }
}

/// A record as a preview pane shows it: a bold title, prose wrapped to the pane, then a row per
/// field, its label in a column of its own and its value wrapped beside it. Every text is
/// sanitized: it comes from the network.
package struct PreviewRecord: Sendable, Equatable {
  package struct Field: Sendable, Equatable {
    package var label: String
    /// The value's pieces, joined by `, ` and wrapped between them (a list of topics), or one.
    package var pieces: [String]

    package init(_ label: String, _ pieces: [String]) {
      self.label = label
      self.pieces = pieces
    }

    package init(_ label: String, _ value: String) { self.init(label, [value]) }
  }

  package var title: String
  package var prose: String?
  package var fields: [Field]

  package init(title: String, prose: String? = nil, fields: [Field]) {
    self.title = title
    self.prose = prose
    self.fields = fields
  }

  /// `67234` as `67,234`: a preview has room for the whole number.
  package static func number(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var grouped = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { grouped.append(",") }
      grouped.append(digit)
    }
    return (value < 0 ? "-" : "") + grouped
  }

  /// GitHub's `2015-10-23T17:04:35Z` as its day, `2015-10-23`; any other text as it is.
  package static func day(_ timestamp: String) -> String {
    let day = timestamp.prefix(10)
    let isDay =
      day.count == 10
      && day.enumerated().allSatisfy { index, character in
        index == 4 || index == 7 ? character == "-" : character.isASCII && character.isWholeNumber
      }
    return isDay && (timestamp.count == 10 || timestamp.dropFirst(10).first == "T") ? String(day) : timestamp
  }

  /// The record's lines at `width` columns (a preview scrolls through them).
  package func lines(width: Int) -> [FrameLine] {
    guard width > 0 else { return [] }
    func clean(_ text: String) -> String { TerminalText.sanitize(text, keepTab: false) }
    var lines = TerminalText.wrap(clean(title), width: width).map { FrameLine($0, .bold) }
    if let prose, !prose.isEmpty {
      lines += TerminalText.wrap(clean(prose), width: width).map { FrameLine($0) }
    }
    let shown = fields.filter { !$0.pieces.isEmpty && !$0.pieces.allSatisfy(\.isEmpty) }
    guard !shown.isEmpty else { return lines }
    lines.append(FrameLine(""))
    let labelWidth = (shown.map { TerminalText.width($0.label) }.max() ?? 0) + 2
    // A pane too narrow for a label column puts each value under its label.
    let beside = width - labelWidth >= 12
    for field in shown {
      let pieces = field.pieces.map(clean)
      if beside {
        let values = TerminalText.fill(pieces, joiner: ", ", width: width - labelWidth)
        for (index, value) in values.enumerated() {
          let label =
            index == 0 ? TerminalText.pad(field.label, to: labelWidth) : String(repeating: " ", count: labelWidth)
          lines.append(FrameLine(spans: [Span(label, .dim), Span(value)]))
        }
      } else {
        lines.append(FrameLine(field.label, .dim))
        lines += TerminalText.fill(pieces, joiner: ", ", width: width).map { FrameLine($0) }
      }
    }
    return lines
  }
}

extension FrameLine {
  /// The line cut to `width` columns as ``truncated(to:)`` cuts every line of a live view (a
  /// whole word, then `…`), and, if `padded`, filled out to them with spaces.
  package func fitted(to width: Int, padded: Bool) -> FrameLine {
    let cut = truncated(to: width)
    let left = width - TerminalText.width(cut.text)
    guard padded, left > 0 else { return cut }
    return FrameLine(spans: cut.spans + [Span(String(repeating: " ", count: left))])
  }
}
