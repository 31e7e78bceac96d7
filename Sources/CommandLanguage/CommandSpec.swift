/// One verb of the command language: the single source for the parser, `help`, tab completion,
/// redaction and the man page (a test checks that `man/reactor.1` documents every verb).
///
/// `Command` is what the verb's words become: a feature's own command type in its View, the
/// shell's command in the shell. ``map(_:)`` lifts a feature's spec into the shell's language.
package struct CommandSpec<Command>: Sendable {
  /// Makes the command from the words after the verb, whose count the parser has already
  /// checked against ``arity``; throws when a word is not what the verb expects.
  package typealias Builder = @Sendable (CommandArguments) throws(CommandError) -> Command

  /// The verb.
  package let name: String
  /// Other spellings of the verb.
  package let aliases: [String]
  /// The arguments as usage shows them, e.g. `<text>...`.
  package let usage: String
  /// One line for the command list.
  package let summary: String
  /// More detail for `help <verb>`.
  package let discussion: String
  /// How many words may follow the verb.
  package let arity: ClosedRange<Int>
  /// What tab completion offers for the arguments (see ``ArgumentCompletion``).
  package let completion: ArgumentCompletion
  /// The arguments from this position on (0 is the first after the verb) are secrets: never
  /// echoed in errors, kept in history or written to transcripts. Every word after it counts,
  /// even a stray extra one, since it may be part of the secret. nil: none is secret.
  package let secretsFrom: Int?
  /// The first argument names a verb or a feature, and the words after it are that one's
  /// (`help signup ...`, `live signup ...`): after a secret verb there, every word is a secret.
  package let namesACommand: Bool
  /// How the command is made from its arguments.
  package let build: Builder

  package init(
    _ name: String, aliases: [String] = [], usage: String = "", summary: String, discussion: String = "",
    arity: ClosedRange<Int> = 0...0, completion: ArgumentCompletion = .none, secretsFrom: Int? = nil,
    namesACommand: Bool? = nil, build: @escaping Builder
  ) {
    self.name = name
    self.aliases = aliases
    self.usage = usage
    self.summary = summary
    self.discussion = discussion
    self.arity = arity
    self.completion = completion
    self.secretsFrom = secretsFrom
    self.namesACommand = namesACommand ?? (completion == .commands)
    self.build = build
  }

  /// The same verb, making `transform` of its command.
  package func map<Other>(_ transform: @escaping @Sendable (Command) -> Other) -> CommandSpec<Other> {
    let build = build
    return CommandSpec<Other>(
      name, aliases: aliases, usage: usage, summary: summary, discussion: discussion, arity: arity,
      completion: completion, secretsFrom: secretsFrom, namesACommand: namesACommand
    ) { arguments throws(CommandError) in transform(try build(arguments)) }
  }

  /// `query <text>...`.
  package var synopsis: String { usage.isEmpty ? name : "\(name) \(usage)" }
}
