/// One verb of the command language: the single source for the parser, `help`, tab completion
/// and the man page (a test checks that `man/reactor.1` documents every verb).
public struct CommandSpec: Sendable, Equatable {
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
  /// What tab completion offers for the first argument.
  public let completions: [String]

  public init(
    _ name: String, aliases: [String] = [], usage: String = "", summary: String, discussion: String = "",
    arity: ClosedRange<Int> = 0...0, completions: [String] = []
  ) {
    self.name = name
    self.aliases = aliases
    self.usage = usage
    self.summary = summary
    self.discussion = discussion
    self.arity = arity
    self.completions = completions
  }

  /// `query <text>...`.
  public var synopsis: String { usage.isEmpty ? name : "\(name) \(usage)" }
}
