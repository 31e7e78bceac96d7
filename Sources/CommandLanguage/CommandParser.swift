/// What the parser says about a line it cannot split.
package enum CommandParser {
  /// The command a syntax error names: the first word with its quotes and backslashes
  /// dropped, or `line`. Words split on whitespace scalars, as the tokenizer splits them.
  package static func syntaxErrorVerb(_ line: String) -> String {
    let drop = "\"'\\".unicodeScalars
    let kept = String(
      String.UnicodeScalarView(Tokenizer.leadingRawWord(line).unicodeScalars.filter { !drop.contains($0) }))
    return kept.isEmpty ? "line" : kept
  }
}
