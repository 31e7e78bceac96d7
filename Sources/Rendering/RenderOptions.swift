/// How output looks.
package struct RenderOptions: Sendable, Equatable {
  package enum Mode: String, Sendable { case text, json }
  package var mode: Mode
  /// ANSI colours (only on a terminal, never with `NO_COLOR`).
  package var color: Bool
  /// The width fixed at start (transcripts, pipes), unless `live` follows the terminal.
  private var fixedWidth: Int
  /// The terminal's width as it changes, when output goes to a terminal that can be resized.
  package var live: LiveWidth?

  /// Terminal columns (at least 20): the live width if there is one, else the fixed one.
  /// Setting it fixes it.
  package var width: Int {
    get { live.map { max(20, $0.value) } ?? fixedWidth }
    set {
      fixedWidth = max(20, newValue)
      live = nil
    }
  }

  package init(mode: Mode = .text, color: Bool = false, width: Int = 80, live: LiveWidth? = nil) {
    self.mode = mode
    self.color = color
    self.fixedWidth = max(20, width)
    self.live = live
  }

  package static func == (lhs: RenderOptions, rhs: RenderOptions) -> Bool {
    lhs.mode == rhs.mode && lhs.color == rhs.color && lhs.width == rhs.width && lhs.live === rhs.live
  }
}
