/// An input line (a command) that caused changes, as history names it (secrets redacted).
package struct HistoryLine: Sendable, Equatable {
  /// Numbers lines in the order they were read.
  package let id: Int
  package let text: String
  /// `undo` steps back over it; false for `undo` and `redo` themselves.
  package let undoable: Bool

  /// For a change no line caused (an interrupt's cancel, or a store driven directly).
  static let none = HistoryLine(id: -1, text: "", undoable: false)
}
