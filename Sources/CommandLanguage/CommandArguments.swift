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

  /// The word at `index` as a whole number of at least `minimum`: digits too many for `T` are
  /// a number no `what` has (``CommandError/outOfRange(command:argument:what:)``), anything
  /// else that is not one is `expected`.
  package func number<T: FixedWidthInteger>(
    _ index: Int, atLeast minimum: T, what: String, expected: String
  ) throws(CommandError) -> T {
    let word = words[index]
    if let number = T(word), number >= minimum { return number }
    if !word.isEmpty, word.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
      word.utf8.contains(where: { $0 != UInt8(ascii: "0") })
    {
      throw .outOfRange(command: verb, argument: word, what: what)
    }
    throw invalid(index, expected: expected)
  }

  /// The word at `index` is not what the verb expects.
  package func invalid(_ index: Int, expected: String, hint: String = "") -> CommandError {
    .invalidArgument(command: verb, argument: words[index], expected: expected, hint: hint)
  }
}
