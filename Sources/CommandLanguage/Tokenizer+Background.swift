// MARK: - A trailing `&`

extension Tokenizer {
  /// Splits a trailing ` &` (run without waiting) from a line: the command, and whether it had one.
  package static func splitBackground(_ line: String) -> (String, Bool) {
    // Most lines end in a printable ASCII byte other than `&`: their last Character is neither
    // whitespace nor `&` (one that starts with whitespace and ends in such a byte cannot be
    // formed), so nothing is split, and no Character needs breaking from the end.
    if let last = line.utf8.last, last < 0x80, last != UInt8(ascii: "&"), !isASCIISpace(last) {
      return (line, false)
    }
    var trimmed = Substring(line)
    while trimmed.last?.isWhitespace == true { trimmed.removeLast() }
    guard trimmed.hasSuffix("&"), trimmed.dropLast().last?.isWhitespace ?? false, !trimmed.hasSuffix("\\&") else {
      return (line, false)
    }
    var command = String(trimmed.dropLast())
    while command.last?.isWhitespace == true { command.removeLast() }
    return (command, true)
  }
}
