package import FeatureKit
package import LiveTerminal

/// One live View on one screen: keys in, bytes out. The terminal loop and the replayer both
/// drive it, so a replay draws exactly what the terminal was sent, and a model of the terminal
/// (``TerminalModel``) says what a person saw.
package struct LiveScreen {
  package let view: any LiveView
  private var writer: FrameWriter
  package private(set) var width: Int
  package private(set) var height: Int
  /// What the screen shows, from every byte drawn.
  package private(set) var model: TerminalModel

  /// `scrolls`: the terminal has scroll regions with insert and delete line (see `FrameWriter`).
  package init(view: any LiveView, width: Int, height: Int, color: Bool, scrolls: Bool = true) {
    self.view = view
    writer = FrameWriter(color: color, scrolls: scrolls)
    self.width = max(1, width)
    self.height = max(1, height)
    model = TerminalModel(width: self.width, height: self.height)
  }

  /// The alternate screen, then the first frame.
  package mutating func open(at now: Duration) -> [UInt8] {
    writer.invalidate()
    return emit(FrameWriter.enter) + draw(at: now)
  }

  /// The bytes that bring the screen up to date (none when nothing changed).
  package mutating func draw(at now: Duration) -> [UInt8] {
    emit(writer.draw(view.frame(width: width, height: height, at: now)))
  }

  /// A new size: the next draw repaints everything, laid out for it.
  package mutating func resize(width: Int, height: Int) {
    self.width = max(1, width)
    self.height = max(1, height)
    model.resize(width: self.width, height: self.height)
    writer.invalidate()
  }

  /// Ctrl-L: the next draw repaints everything, as after a resize.
  package mutating func redraw() { writer.invalidate() }

  /// Back from a suspension (or anything else that may have drawn over the view): the
  /// alternate screen again, and everything repainted.
  package mutating func reopen(at now: Duration) -> [UInt8] { open(at: now) }

  /// The terminal as it was before the view (every mode reset, the main screen back).
  package mutating func close() -> [UInt8] { emit(FrameWriter.leave) }

  /// The screen's text now, as a live transcript writes it after its `|`: a row in reverse
  /// video (the selection) after `>`, the others after a space (so the two line up), an
  /// empty row empty.
  package var lines: [String] {
    var lines = model.lines.enumerated().map { row, text in
      let selected = (0..<model.width).contains { model.cell(at: Position(row: row, column: $0)).attributes.reverse }
      return selected ? ">" + text : text.isEmpty ? "" : " " + text
    }
    while lines.last?.isEmpty == true { lines.removeLast() }
    return lines
  }

  private mutating func emit(_ bytes: [UInt8]) -> [UInt8] {
    model.feed(bytes)
    return bytes
  }
}
