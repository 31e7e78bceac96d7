/// The terminal the line editor draws on, as ``PromptOutput`` needs it while the prompt is
/// shown: where the cursor is, how wide the screen is, raw bytes, and a redraw of the prompt.
package protocol PromptScreen {
  /// Rows from the prompt's first row down to the cursor's (the typed line may wrap).
  var cursorRow: Int { get }
  /// The terminal's width in columns.
  var columns: Int { get }
  /// Writes `text` as it is, control sequences included.
  func write(_ text: String)
  /// Draws the prompt and the typed line again, from the start of the cursor's row.
  func redraw()
}
