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
      throw .unknownCommand(verb, suggestion: Suggestions.closest(to: verb, in: CommandTable.verbs))
    }
    if arguments.count < spec.arity.lowerBound {
      throw .missingArgument(command: spec.name, expected: spec.usage)
    }
    if arguments.count > spec.arity.upperBound {
      // Never echo what follows a password: it may be part of it.
      let shown = spec.secretsFrom == nil ? arguments[spec.arity.upperBound] : "<redacted>"
      throw .unexpectedArgument(command: spec.name, argument: shown)
    }
    return try spec.build(CommandArguments(verb: spec.name, words: arguments))
  }
}

/// "Did you mean" suggestions by edit distance.
package enum Suggestions {
  /// The candidate closest to `word` within a distance that still looks like a typo, or a
  /// candidate that `word` is a prefix of.
  package static func closest(to word: String, in candidates: [String]) -> String? {
    let lowered = word.lowercased()
    let limit = max(1, min(3, lowered.count / 2))
    var best: (String, Int)?
    for candidate in candidates {
      let distance = editDistance(lowered, candidate)
      if distance <= limit, distance < (best?.1 ?? .max) { best = (candidate, distance) }
    }
    if let best { return best.0 }
    if lowered.count >= 2 { return candidates.first { $0.hasPrefix(lowered) } }
    return nil
  }

  /// Damerau-Levenshtein distance (with adjacent transpositions).
  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], previous2[j - 2] + 1)
        }
      }
      (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count]
  }
}
