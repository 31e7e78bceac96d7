package import LiveTerminal

/// A one-line text field: the seeds' `UITextField`, edited with the usual line-editing keys
/// (Left/Right, word moves, Ctrl-A/E, Backspace/Delete, Ctrl-W/U/K).
package struct LineField: Sendable, Equatable {
  package private(set) var characters: [Character]
  /// The caret: an index into ``characters`` (its count at the end).
  package private(set) var caret: Int

  package init(_ text: String = "") {
    characters = Array(text)
    caret = characters.count
  }

  package var text: String { String(characters) }

  /// Applies `key`; false when it is not an editing key (the caller's to handle).
  package mutating func edit(_ key: Key) -> Bool {
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
    case .wordLeft: caret = wordStart(before: caret)
    case .wordRight:
      var index = caret
      while index < characters.count, characters[index].isWhitespace { index += 1 }
      while index < characters.count, !characters[index].isWhitespace { index += 1 }
      caret = index
    case .control("w"):
      let start = wordStart(before: caret)
      characters.removeSubrange(start..<caret)
      caret = start
    case .control("u"):
      characters.removeSubrange(0..<caret)
      caret = 0
    case .control("k"): characters.removeSubrange(caret...)
    default: return false
    }
    return true
  }

  private func wordStart(before index: Int) -> Int {
    var index = index
    while index > 0, characters[index - 1].isWhitespace { index -= 1 }
    while index > 0, !characters[index - 1].isWhitespace { index -= 1 }
    return index
  }
}
