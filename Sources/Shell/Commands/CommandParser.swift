/// Turns a line into a ``Command`` using ``CommandTable``: the verb finds the spec, the spec
/// checks the count of arguments and builds the command.
public enum CommandParser {
  /// The command a syntax error names: the first word with its quotes and backslashes
  /// dropped, or `line`. Words split on whitespace scalars, as the tokenizer splits them.
  static func syntaxErrorVerb(_ line: String) -> String {
    let drop = "\"'\\".unicodeScalars
    let kept = String(
      String.UnicodeScalarView(Tokenizer.leadingRawWord(line).unicodeScalars.filter { !drop.contains($0) }))
    return kept.isEmpty ? "line" : kept
  }

  /// The command on `line`; nil for a blank or comment-only line.
  public static func parse(_ line: String) throws(CommandError) -> Command? {
    let words: [String]
    do {
      words = try Tokenizer.split(line)
    } catch {
      throw .syntax(error, command: syntaxErrorVerb(line))
    }
    guard let verb = words.first else { return nil }
    let arguments = Array(words.dropFirst())
    guard let spec = CommandTable.spec(for: verb) else {
      throw .unknown(verb, among: CommandTable.verbs)
    }
    if arguments.count < spec.arity.lowerBound {
      throw .missingArgument(command: spec.name, expected: spec.usage)
    }
    if arguments.count > spec.arity.upperBound {
      // Never echo what follows a password: it may be part of it.
      let shown = spec.secretsFrom == nil ? arguments[spec.arity.upperBound] : Redaction.placeholder
      throw .unexpectedArgument(command: spec.name, argument: shown)
    }
    // A line recalled from history has the placeholder where a password was: never submit it.
    if let first = spec.secretsFrom, arguments.dropFirst(first).contains(Redaction.placeholder) {
      throw .redactedSecret(command: spec.name)
    }
    return try spec.build(CommandArguments(verb: spec.name, words: arguments))
  }
}
