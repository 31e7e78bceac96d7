// MARK: - Words back into a line

extension Tokenizer {
  /// One line that ``split(_:)`` splits back into exactly `words`: a word with whitespace, a
  /// quote, a backslash, a leading `#` or nothing in it is single-quoted, so that `reactor
  /// signup zz9 'pass word' 'pass word'` passes the password whole and a last word `&` stays an
  /// argument.
  package static func line(quoting words: [String]) -> String {
    words.map { word in
      let plain =
        !word.isEmpty && word != "&" && !word.hasPrefix("#")
        && !word.unicodeScalars.contains { $0.properties.isWhitespace || "'\"\\".unicodeScalars.contains($0) }
      return plain
        ? word : "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: #"'\''"#) + "'"
    }.joined(separator: " ")
  }
}
