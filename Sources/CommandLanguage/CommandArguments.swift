/// The words after a verb, as a ``CommandSpec/Builder`` gets them: their count already fits the
/// spec's arity, and errors name the verb without the builder spelling it again.
package struct CommandArguments: Sendable {
  /// The command's name (not the alias it was typed as).
  package let verb: String
  package let words: [String]

  package init(verb: String, words: [String]) {
    self.verb = verb
    self.words = words
  }

  package subscript(index: Int) -> String { words[index] }

  /// The first word, if any.
  package var first: String? { words.first }

  /// The word at `index` is none of `choices`: the error lists them, and suggests the closest
  /// (`sort stras`: did you mean 'stars'?).
  package func invalid(_ index: Int, among choices: [String]) -> CommandError {
    let hint = Suggestions.closest(to: words[index], in: choices).map { "; did you mean '\($0)'?" } ?? ""
    let expected = choices.count == 2 ? choices.joined(separator: " or ") : "one of " + choices.joined(separator: ", ")
    return invalid(index, expected: expected, hint: hint)
  }

  /// The word at `index` is not what the verb expects.
  package func invalid(_ index: Int, expected: String, hint: String = "") -> CommandError {
    .invalidArgument(command: verb, argument: words[index], expected: expected, hint: hint)
  }
}
