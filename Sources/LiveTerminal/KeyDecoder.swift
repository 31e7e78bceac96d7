/// Turns the bytes a terminal sends in raw mode into keys.
///
/// Pure: it holds what it has not decoded yet, and the reader says when a pause ended a lone ESC
/// (`flush()`), since only time tells ESC-the-key from the start of a sequence.
package struct KeyDecoder: Sendable {
  /// Bytes not decoded yet: an escape sequence or UTF-8 character cut off at the end of a read, or,
  /// while pasting, what may be the start of the paste's end marker.
  private var pending: [UInt8] = []
  /// Inside a bracketed paste: the bytes pasted so far, kept until the end marker comes.
  private var pasting = false
  private var pasted: [UInt8] = []

  /// A sequence longer than this without its final byte is not one a key sends; dropping it keeps a
  /// stray ESC [ from holding everything typed after it.
  private static let longestSequence = 32
  private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

  package init() {}

  /// True when an ESC (or a partial sequence) waits for more bytes. Inside a paste, true when pasted
  /// text waits, which `flush()` hands over without ending the paste.
  package var isPending: Bool {
    pasting ? pasted.count > Self.incompleteUTF8Tail(of: pasted) : !pending.isEmpty
  }

  /// True between the start and the end marker of a bracketed paste.
  package var isPasting: Bool { pasting }

  /// Decodes bytes read from the terminal in raw mode. An escape sequence or UTF-8 character cut off at
  /// the end of `bytes` is kept for the next call. Unknown escape sequences are dropped whole (never
  /// turned into text). Bytes: 0x0D → enter, 0x09 → tab, 0x7F and 0x08 → backspace, other C0
  /// controls (0x0A too: Ctrl-J, which fzf moves down with) → control(letter), printable UTF-8 → text
  /// (one Key per grapheme cluster). ESC and a key within the escape delay is that key with Alt.
  package mutating func decode(_ bytes: some Collection<UInt8>) -> [Key] {
    pending.append(contentsOf: bytes)
    var keys: [Key] = []
    var text = String.UnicodeScalarView()
    func endText() {
      guard !text.isEmpty else { return }
      keys += String(text).map { Key.text(String($0)) }
      text = String.UnicodeScalarView()
    }
    var index = 0
    scan: while index < pending.count {
      if pasting {
        endText()
        index = takePaste(from: index, into: &keys)
        if pasting { break scan }
        continue
      }
      switch step(at: index) {
      case .scalar(let scalar, let length):
        text.append(scalar)
        index += length
      case .key(let key, let length):
        endText()
        keys.append(key)
        index += length
      case .drop(let length):
        endText()
        index += length
      case .pasteStart(let length):
        endText()
        pasting = true
        index += length
      case .incomplete:
        break scan
      }
    }
    endText()
    pending.removeFirst(index)
    return keys
  }

  /// Resolves what waits, after the reader saw no more bytes for the escape delay: a lone ESC becomes
  /// `.escape`; an incomplete sequence (ESC ESC, Alt with Esc, too) is dropped.
  package mutating func flush() -> [Key] {
    if pasting {
      // The paste goes on: hand over what came so far, but not half a character.
      let keep = Self.incompleteUTF8Tail(of: pasted)
      let text = Self.pasteText(pasted.dropLast(keep))
      pasted.removeFirst(pasted.count - keep)
      return text.isEmpty ? [] : [.text(text)]
    }
    defer { pending = [] }
    return pending == [0x1B] ? [.escape] : []
  }

  /// Moves pasted bytes from `pending` to `pasted` up to the end marker, and emits the paste when
  /// the marker is there. Returns the index in `pending` where decoding goes on.
  private mutating func takePaste(from start: Int, into keys: inout [Key]) -> Int {
    let end = Self.pasteEnd
    var index = start
    while index < pending.count {
      let available = min(end.count, pending.count - index)
      if pending[index..<index + available].elementsEqual(end.prefix(available)) {
        // A marker cut off at the end of the read: wait for the rest.
        guard available == end.count else { break }
        pasted += pending[start..<index]
        let text = Self.pasteText(pasted)
        if !text.isEmpty { keys.append(.text(text)) }
        pasted = []
        pasting = false
        return index + end.count
      }
      index += 1
    }
    pasted += pending[start..<index]
    return index
  }

  /// Pasted bytes as text, each control character a space, so a pasted newline never runs anything.
  private static func pasteText(_ bytes: some Collection<UInt8>) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
      scalars.append(isControl(scalar.value) ? " " : scalar)
    }
    return String(scalars)
  }

  private static func isControl(_ value: UInt32) -> Bool { value < 0x20 || (0x7F...0x9F).contains(value) }

  /// The count of bytes at the end of `bytes` that start a UTF-8 character without finishing it.
  private static func incompleteUTF8Tail(of bytes: [UInt8]) -> Int {
    for back in 1...min(3, max(1, bytes.count)) where back <= bytes.count {
      let byte = bytes[bytes.count - back]
      if byte & 0xC0 == 0x80 { continue }
      return sequenceLength(lead: byte) > back ? back : 0
    }
    return 0
  }

  /// The length of the UTF-8 sequence `lead` starts; 0 when it cannot start one.
  private static func sequenceLength(lead: UInt8) -> Int {
    switch lead {
    case 0x00..<0x80: return 1
    case 0xC2...0xDF: return 2
    case 0xE0...0xEF: return 3
    case 0xF0...0xF4: return 4
    default: return 0
    }
  }

  private enum Step {
    case scalar(Unicode.Scalar, Int)
    case key(Key, Int)
    /// Bytes that make no key: an unknown or malformed sequence, an invalid UTF-8 byte.
    case drop(Int)
    case pasteStart(Int)
    case incomplete
  }

  /// What the bytes from `index` on start with.
  private func step(at index: Int) -> Step {
    let byte = pending[index]
    switch byte {
    case 0x1B: return escape(at: index)
    case 0x0D: return .key(.enter, 1)
    case 0x09: return .key(.tab, 1)
    case 0x7F, 0x08: return .key(.backspace, 1)
    case 0x01...0x1A: return .key(.control(Character(Unicode.Scalar(byte + 0x60))), 1)
    case 0x00, 0x1C...0x1F: return .key(.control(Character(Unicode.Scalar(byte + 0x40))), 1)
    case 0x20..<0x7F: return .scalar(Unicode.Scalar(byte), 1)
    default: return utf8(at: index)
    }
  }

  private func utf8(at index: Int) -> Step {
    let length = Self.sequenceLength(lead: pending[index])
    guard length > 1 else { return .drop(1) }
    var value = UInt32(pending[index]) & (0xFF >> (length + 1))
    for offset in 1..<length {
      guard index + offset < pending.count else { return .incomplete }
      let byte = pending[index + offset]
      guard byte & 0xC0 == 0x80 else { return .drop(offset) }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    let shortest: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
    guard value >= shortest, let scalar = Unicode.Scalar(value), !Self.isControl(value) else {
      return .drop(length)
    }
    return .scalar(scalar, length)
  }

  private func escape(at index: Int) -> Step {
    guard index + 1 < pending.count else { return .incomplete }
    let next = pending[index + 1]
    switch next {
    case UInt8(ascii: "["): return csi(at: index)
    case UInt8(ascii: "O"):
      guard index + 2 < pending.count else { return .incomplete }
      switch pending[index + 2] {
      case UInt8(ascii: "A"): return .key(.up, 3)
      case UInt8(ascii: "B"): return .key(.down, 3)
      case UInt8(ascii: "C"): return .key(.right, 3)
      case UInt8(ascii: "D"): return .key(.left, 3)
      case UInt8(ascii: "H"): return .key(.home, 3)
      case UInt8(ascii: "F"): return .key(.end, 3)
      case UInt8(ascii: "M"): return .key(.enter, 3)
      case 0x40...0x7E: return .drop(3)
      // Not a sequence after all: drop the ESC O and read the byte on its own.
      default: return .drop(2)
      }
    case UInt8(ascii: "b"): return .key(.wordLeft, 2)
    case UInt8(ascii: "f"): return .key(.wordRight, 2)
    case 0x7F, 0x08: return .key(.altBackspace, 2)
    case 0x1B: return altSequence(at: index)
    case 0x20..<0x7F: return .key(.alt(Character(Unicode.Scalar(next))), 2)
    // Alt with Enter, Tab or a control key: no binding, and never the Esc that leaves.
    case 0x00..<0x20: return .drop(2)
    default:
      switch utf8(at: index + 1) {
      case .scalar(let scalar, let length): return .key(.alt(Character(scalar)), length + 1)
      case .incomplete: return .incomplete
      case .drop(let length): return .drop(length + 1)
      case .key, .pasteStart: return .drop(2)
      }
    }
  }

  /// ESC ESC: Alt with a key that sends a sequence (ESC ESC [ D, Alt-Left where Alt sends ESC
  /// first), or Alt with Esc itself. Alt-Left and Alt-Right move by words, as ESC [ 1;3D does;
  /// the rest are dropped whole.
  private func altSequence(at index: Int) -> Step {
    guard index + 2 < pending.count else { return .incomplete }
    guard pending[index + 2] == UInt8(ascii: "[") || pending[index + 2] == UInt8(ascii: "O") else {
      return .drop(2)
    }
    switch escape(at: index + 1) {
    case .key(.left, let length), .key(.wordLeft, let length): return .key(.wordLeft, length + 1)
    case .key(.right, let length), .key(.wordRight, let length): return .key(.wordRight, length + 1)
    case .key(_, let length), .drop(let length): return .drop(length + 1)
    case .pasteStart(let length): return .pasteStart(length + 1)
    case .incomplete: return .incomplete
    case .scalar(_, let length): return .drop(length + 1)
    }
  }

  /// `ESC [`, parameter bytes, intermediate bytes, a final byte (ECMA-48), and the legacy mouse report's
  /// three raw bytes after `ESC [ M`.
  private func csi(at index: Int) -> Step {
    var end = index + 2
    while end < pending.count, (0x30...0x3F).contains(pending[end]) { end += 1 }
    let parameters = pending[(index + 2)..<end]
    while end < pending.count, (0x20...0x2F).contains(pending[end]) { end += 1 }
    let intermediates = end - parameters.endIndex
    guard end < pending.count else {
      return end - index > Self.longestSequence ? .drop(end - index) : .incomplete
    }
    let final = pending[end]
    // A byte that cannot end a sequence: drop what came before it, then read it on its own.
    guard (0x40...0x7E).contains(final) else { return .drop(end - index) }
    let length = end - index + 1
    if final == UInt8(ascii: "M") && parameters.isEmpty && intermediates == 0 {
      guard end + 3 < pending.count else { return .incomplete }
      let (button, x, y) = (Int(pending[end + 1]) - 32, Int(pending[end + 2]) - 32, Int(pending[end + 3]) - 32)
      return mouse(button: button, x: x, y: y).map { .key($0, length + 3) } ?? .drop(length + 3)
    }
    guard intermediates == 0 else { return .drop(length) }
    if parameters.first == UInt8(ascii: "<") {
      let numbers = Self.numbers(parameters.dropFirst())
      // A release (`m`) has no use: a click is its press.
      guard final == UInt8(ascii: "M"), numbers.count == 3, let button = numbers[0], let x = numbers[1],
        let y = numbers[2]
      else { return .drop(length) }
      return mouse(button: button, x: x, y: y).map { .key($0, length) } ?? .drop(length)
    }
    // Other private parameters ('=', '>', '?') are replies to queries, never keys.
    if let first = parameters.first, first >= 0x3C { return .drop(length) }
    let numbers = Self.numbers(parameters)
    return key(final: final, numbers: numbers).map { .key($0, length) }
      ?? (final == UInt8(ascii: "~") && (numbers.first ?? nil) == 200 ? .pasteStart(length) : .drop(length))
  }

  private func key(final: UInt8, numbers: [Int?]) -> Key? {
    let modifier = numbers.count > 1 ? numbers[1] ?? 1 : 1
    // Shift (2, fzf's), Alt (3) or Ctrl (5) with Left or Right moves by words, as in readline.
    let byWord = modifier == 2 || modifier == 3 || modifier == 5
    switch final {
    case UInt8(ascii: "A"): return modifier == 2 ? .shiftUp : .up
    case UInt8(ascii: "B"): return modifier == 2 ? .shiftDown : .down
    // rxvt's Shift-Up and Shift-Down.
    case UInt8(ascii: "a"): return .shiftUp
    case UInt8(ascii: "b"): return .shiftDown
    case UInt8(ascii: "C"): return byWord ? .wordRight : .right
    case UInt8(ascii: "D"): return byWord ? .wordLeft : .left
    case UInt8(ascii: "H"): return .home
    case UInt8(ascii: "F"): return .end
    case UInt8(ascii: "Z"): return .backTab
    case UInt8(ascii: "~"):
      switch numbers.first ?? nil {
      case 1, 7: return .home
      case 4, 8: return .end
      case 3: return .delete
      case 5: return .pageUp
      case 6: return .pageDown
      default: return nil
      }
    default: return nil
    }
  }

  /// The key a mouse report's button value (plus modifier bits) and 1-based cell make: the wheel
  /// (64 up, 65 down), a press of the left button (0); nil for the other buttons, a release, a
  /// drag or a sideways wheel, which the live view has no use for.
  private func mouse(button: Int, x: Int, y: Int) -> Key? {
    // Shift, Meta and Ctrl (4, 8, 16) do not change what the button is.
    let plain = button & ~(4 | 8 | 16)
    switch plain {
    case 0 where x >= 1 && y >= 1: return .click(row: y - 1, column: x - 1)
    case 64: return .wheelUp
    case 65: return .wheelDown
    default: return nil
    }
  }

  /// The numbers of a parameter string (`1;5`): nil for an empty one; `:` sub-parameters count as
  /// parameters, which no key sends.
  private static func numbers(_ bytes: some Collection<UInt8>) -> [Int?] {
    var numbers: [Int?] = [nil]
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        let digit = Int(byte - UInt8(ascii: "0"))
        numbers[numbers.count - 1] = min((numbers[numbers.count - 1] ?? 0) * 10 + digit, 1_000_000)
      case UInt8(ascii: ";"), UInt8(ascii: ":"): numbers.append(nil)
      default: return []
      }
    }
    return numbers
  }
}
