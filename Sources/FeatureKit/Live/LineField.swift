package import LiveTerminal
import Rendering

/// A one-line text field: the seeds' `UITextField`, edited with fzf's and readline's keys
/// (Left/Right, Ctrl-B/F, word moves, Ctrl-A/E, Backspace/Delete, Ctrl-D, Ctrl-W and
/// Alt-Backspace, Alt-D, Ctrl-U, Ctrl-Y). Ctrl-K is not here: fzf moves up with it.
package struct LineField: Sendable, Equatable {
  package private(set) var characters: [Character]
  /// The caret: an index into ``characters`` (its count at the end).
  package private(set) var caret: Int
  /// What the last Ctrl-W, Alt-Backspace, Alt-D or Ctrl-U took out, for Ctrl-Y.
  private var killed: [Character] = []
  /// The first character shown when the text is wider than its field (see ``window(columns:shown:)``).
  private var scroll = 0

  package init(_ text: String = "") {
    characters = Array(text)
    caret = characters.count
  }

  package var text: String { String(characters) }

  /// Applies `key`; false when it is not an editing key (the caller's to handle). In a `secret`
  /// field (a password) the word keys act on the whole field, since the words of a secret are
  /// not shown: Ctrl-W and Alt-Backspace erase it, Alt-D erases to its end, the word moves go to
  /// its start or end; and nothing taken out is kept for Ctrl-Y.
  package mutating func edit(_ key: Key, secret: Bool = false) -> Bool {
    switch key {
    case .text(let text):
      let inserted = Array(text)
      characters.insert(contentsOf: inserted, at: caret)
      caret += inserted.count
    case .backspace:
      guard caret > 0 else { return true }
      characters.remove(at: caret - 1)
      caret -= 1
    case .delete, .control("d"):
      guard caret < characters.count else { return true }
      characters.remove(at: caret)
    case .left, .control("b"): caret = max(0, caret - 1)
    case .right, .control("f"): caret = min(characters.count, caret + 1)
    case .control("a"): caret = 0
    case .control("e"): caret = characters.count
    case .wordLeft: caret = secret ? 0 : wordStart(before: caret)
    case .wordRight: caret = secret ? characters.count : wordEnd(after: caret)
    case .control("w"), .altBackspace:
      if secret { kill(0..<characters.count, keep: false) } else { kill(wordStart(before: caret)..<caret) }
    case .alt("d"): kill(caret..<(secret ? characters.count : wordEnd(after: caret)), keep: !secret)
    case .control("u"): kill(0..<caret, keep: !secret)
    case .control("y"):
      characters.insert(contentsOf: killed, at: caret)
      caret += killed.count
    default: return false
    }
    return true
  }

  /// Takes `range` out, the caret at its start, keeping it for Ctrl-Y (unless it is empty, which
  /// keeps the last; or `keep` is false).
  private mutating func kill(_ range: Range<Int>, keep: Bool = true) {
    if keep && !range.isEmpty { killed = Array(characters[range]) }
    if !keep { killed = [] }
    characters.removeSubrange(range)
    caret = range.lowerBound
  }

  private func wordStart(before index: Int) -> Int {
    var index = index
    while index > 0, characters[index - 1].isWhitespace { index -= 1 }
    while index > 0, !characters[index - 1].isWhitespace { index -= 1 }
    return index
  }

  private func wordEnd(after index: Int) -> Int {
    var index = index
    while index < characters.count, characters[index].isWhitespace { index += 1 }
    while index < characters.count, !characters[index].isWhitespace { index += 1 }
    return index
  }
}

extension LineField {
  /// What a field `columns` wide shows, as a text field scrolls: the whole text when it fits;
  /// otherwise a window that moves only as far as keeps the caret, and a few columns of text on
  /// either side of it, in view. `shown` is how a character is drawn (a password's `•`). Returns
  /// the text to draw (at most `columns` wide) and the caret's column in it.
  package mutating func window(columns: Int, shown: (Character) -> String = { String($0) })
    -> (text: String, caret: Int)
  {
    let columns = max(1, columns)
    let drawn = characters.map(shown)
    let widths = drawn.map { TerminalText.width($0) }
    func span(_ range: Range<Int>) -> Int { widths[range].reduce(0, +) }
    // The text kept in view on either side of the caret where there is any.
    let margin = min(8, (columns - 1) / 4)
    scroll = min(max(0, scroll), caret)
    // Left: `margin` columns before the caret, or all there are.
    while scroll > 0, span(scroll..<caret) < margin { scroll -= 1 }
    // Right: the caret's cell (its character's, or a blank at the end) and `margin` columns after it.
    let after = span(caret..<characters.count)
    let right = caret == characters.count ? 1 : min(after, widths[caret] + margin)
    while scroll < caret, span(scroll..<caret) + right > columns { scroll += 1 }
    // No blank columns at the end while text is hidden at the start, but one for the caret, kept
    // when the caret leaves the end so that the window does not shift under it.
    while scroll > 0, span((scroll - 1)..<characters.count) + 1 <= columns { scroll -= 1 }
    var text = ""
    var used = 0
    for index in scroll..<characters.count {
      guard used + widths[index] <= columns else { break }
      text += drawn[index]
      used += widths[index]
    }
    return (text, span(scroll..<caret))
  }
}
