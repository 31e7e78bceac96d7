/// One verb of the command language: the single source for the parser, `help`, tab completion,
/// redaction, the NDJSON `action` names and the man page (a test checks that `man/reactor.1` and
/// the README document every verb).
///
/// Adding a verb costs one entry in ``CommandTable/all`` (its builder is a required argument, so
/// an entry without one does not compile), one case of ``Command`` with its handler in the
/// session's router (the router's switch is exhaustive), and one paragraph of the man page.
public struct CommandSpec: Sendable {
  /// Makes the command from the words after the verb, whose count the parser has already
  /// checked against ``arity``; throws when a word is not what the verb expects.
  package typealias Builder = @Sendable (CommandArguments) throws(CommandError) -> Command

  /// The verb.
  public let name: String
  /// Other spellings of the verb.
  public let aliases: [String]
  /// The arguments as usage shows them, e.g. `<text>...`.
  public let usage: String
  /// One line for the command list.
  public let summary: String
  /// More detail for `help <verb>`.
  public let discussion: String
  /// How many words may follow the verb.
  public let arity: ClosedRange<Int>
  /// What tab completion offers for the arguments (see ``ArgumentCompletion``).
  package let completion: ArgumentCompletion
  /// The arguments from this position on (0 is the first after the verb) are secrets: never
  /// echoed in errors, kept in history or written to transcripts. Every word after it counts,
  /// even a stray extra one, since it may be part of the secret. nil: none is secret.
  public let secretsFrom: Int?
  /// The case names (``ReactorCore/CaseNamed``) of the feature actions this command sends, in
  /// any feature: an NDJSON `change` record names the command its action stands for.
  public let actions: [String]
  /// How the command is made from its arguments.
  package let build: Builder

  package init(
    _ name: String, aliases: [String] = [], usage: String = "", summary: String, discussion: String = "",
    arity: ClosedRange<Int> = 0...0, completion: ArgumentCompletion = .none, secretsFrom: Int? = nil,
    actions: [String] = [], build: @escaping Builder
  ) {
    self.name = name
    self.aliases = aliases
    self.usage = usage
    self.summary = summary
    self.discussion = discussion
    self.arity = arity
    self.completion = completion
    self.secretsFrom = secretsFrom
    self.actions = actions
    self.build = build
  }

  /// `query <text>...`.
  public var synopsis: String { usage.isEmpty ? name : "\(name) \(usage)" }

  /// True when `verb` is this command's name or one of its aliases.
  public func isSpelled(_ verb: String) -> Bool { name == verb || aliases.contains(verb) }
}
