/// One key press (or one paste) of the live view, as `KeyDecoder` reads it from the terminal.
package enum Key: Sendable, Hashable {
  /// Printable characters: one grapheme per key when typed; a run when pasted.
  case text(String)
  case enter, tab, backTab, backspace, delete, escape
  case up, down, left, right, home, end, pageUp, pageDown
  /// Alt/Ctrl + Left/Right, ESC b / ESC f.
  case wordLeft, wordRight
  /// Shift + Up/Down (`ESC [ 1;2A`), which scroll a preview as fzf's do.
  case shiftUp, shiftDown
  /// SGR mouse reports (ESC [ < 64;x;y M and 65), also the legacy X10 form ESC [ M ...
  case wheelUp, wheelDown
  /// A press of the left mouse button on a cell, counted from 0 at the top left.
  case click(row: Int, column: Int)
  /// Alt-Backspace (ESC DEL): the word before the caret goes.
  case altBackspace
  /// A printable character typed with Alt (ESC, then the character within the escape delay);
  /// Alt-b and Alt-f are the word moves above.
  case alt(Character)
  /// Ctrl-A ... Ctrl-Z as "a"..."z", except Tab (Ctrl-I), Enter (Ctrl-M) and Backspace (Ctrl-H)
  /// above; the other C0 controls as the character after their caret (`@`, `\`, `]`, `^`, `_`).
  case control(Character)
  /// A character typed into a secret field, as a recording writes it (`<secret>`) in place of the
  /// character: the decoder never makes one, and a replay types `x` for it.
  case secret

  /// The names of the keys that have one, as `token` writes them between angle brackets.
  private static let names: [(Key, String)] = [
    (.enter, "enter"), (.tab, "tab"), (.backTab, "backtab"), (.backspace, "bs"), (.delete, "del"),
    (.escape, "esc"), (.up, "up"), (.down, "down"), (.left, "left"), (.right, "right"), (.home, "home"),
    (.end, "end"), (.pageUp, "pgup"), (.pageDown, "pgdn"), (.wordLeft, "word-left"), (.wordRight, "word-right"),
    (.shiftUp, "shift-up"), (.shiftDown, "shift-down"), (.wheelUp, "wheel-up"), (.wheelDown, "wheel-down"),
    (.altBackspace, "alt-bs"), (.secret, "secret"),
  ]

  private static let keysByName: [String: Key] = Dictionary(uniqueKeysWithValues: names.map { ($0.1, $0.0) })

  /// The key as a recording writes it: printable characters as themselves, everything else in angle
  /// brackets: `<enter>`, `<tab>`, `<backtab>`, `<bs>`, `<del>`, `<esc>`, `<up>`, `<down>`, `<left>`,
  /// `<right>`, `<home>`, `<end>`, `<pgup>`, `<pgdn>`, `<word-left>`, `<word-right>`, `<shift-up>`,
  /// `<shift-down>`, `<wheel-up>`, `<wheel-down>`, `<click-ROW-COLUMN>`, `<alt-bs>`, `<alt-d>` (`<alt-space>`,
  /// `<alt-lt>`, `<alt-gt>`), `<secret>`, `<ctrl-c>`, `<space>` for " ", `<lt>` for "<". A `.text` run is
  /// its characters so escaped.
  package var token: String {
    switch self {
    case .text(let text):
      var out = ""
      for character in text {
        switch character {
        case " ": out += "<space>"
        case "<": out += "<lt>"
        default: out.append(character)
        }
      }
      return out
    case .control(let character): return "<ctrl-\(character)>"
    case .click(let row, let column): return "<click-\(row)-\(column)>"
    case .alt(let character):
      let name: String =
        switch character {
        case " ": "space"
        case "<": "lt"
        case ">": "gt"
        default: String(character)
        }
      return "<alt-\(name)>"
    default:
      // Every other case has a name: the list above is the one place that spells them.
      return "<\(Self.names.first { $0.0 == self }?.1 ?? "?")>"
    }
  }

  /// Parses a sequence of tokens (`sw<space>ift<enter>`), one Key per character of plain text; nil if
  /// an angle-bracket token is unknown or unterminated.
  package static func parse(tokens: String) -> [Key]? {
    var keys: [Key] = []
    var rest = Substring(tokens)
    while let character = rest.first {
      guard character == "<" else {
        keys.append(.text(String(character)))
        rest = rest.dropFirst()
        continue
      }
      guard let close = rest.firstIndex(of: ">") else { return nil }
      let name = String(rest[rest.index(after: rest.startIndex)..<close])
      rest = rest[rest.index(after: close)...]
      guard let key = key(named: name) else { return nil }
      keys.append(key)
    }
    return keys
  }

  private static func key(named name: String) -> Key? {
    switch name {
    case "space": return .text(" ")
    case "lt": return .text("<")
    default: break
    }
    if let key = keysByName[name] { return key }
    if name.hasPrefix("alt-") {
      let rest = name.dropFirst(4)
      switch rest {
      case "space": return .alt(" ")
      case "lt": return .alt("<")
      case "gt": return .alt(">")
      default:
        guard rest.count == 1, let character = rest.first, !character.isWhitespace else { return nil }
        return .alt(character)
      }
    }
    if name.hasPrefix("click-") {
      let numbers = name.dropFirst(6).split(separator: "-", omittingEmptySubsequences: false)
      guard numbers.count == 2, numbers.allSatisfy({ (1...4).contains($0.count) && $0.allSatisfy(\.isASCIIDigit) }),
        let row = Int(numbers[0]), let column = Int(numbers[1])
      else { return nil }
      return .click(row: row, column: column)
    }
    guard name.hasPrefix("ctrl-"), name.count == 6, let character = name.last,
      (character.isASCII && ("a"..."z").contains(character)) || "@\\]^_".contains(character)
    else { return nil }
    return .control(character)
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isWholeNumber }
}
