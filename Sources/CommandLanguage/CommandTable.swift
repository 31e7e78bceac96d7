/// A command language: its verbs in `help`'s order, and the features `why` and `watch` complete.
///
/// Built once per session from the shell's own verbs and each feature View's; parsing,
/// suggestions, completion and redaction all read it.
///
/// Public, with ``parseNamed(_:)`` (the rest stays `package`): cross-module optimization
/// specializes only public generics in another module, and every line a session runs is
/// parsed here (unspecialized, the parse looked up generic type metadata on every line).
public struct CommandTable<Command>: Sendable {
  /// Every verb, in the order `help` lists them.
  package let all: [CommandSpec<Command>]
  /// Every verb and alias, for completion and suggestions.
  package let verbs: [String]
  /// Each feature's name and the JSON Pointers of its state's fields, for tab completion
  /// (deeper pointers, such as `/repos/0/stars`, are typed).
  package let features: [(name: String, fields: [String])]
  /// Words `help` explains besides the verbs (`replay`, the program's subcommand).
  package let otherTopics: Set<String>

  /// The position in ``all`` of the spec each verb and alias names (the first, if two did).
  private let positions: [String: Int]

  package init(
    _ all: [CommandSpec<Command>], features: [(name: String, fields: [String])] = [], otherTopics: Set<String> = []
  ) {
    self.all = all
    self.verbs = all.flatMap { [$0.name] + $0.aliases }
    self.features = features
    self.otherTopics = otherTopics
    positions = Dictionary(
      all.indices.flatMap { index in ([all[index].name] + all[index].aliases).map { ($0, index) } },
      uniquingKeysWith: { first, _ in first })
  }

  /// The spec for a verb or alias, if any; verbs are case-insensitive (`QUERY`, `Next`).
  package func spec(for verb: String) -> CommandSpec<Command>? {
    if let position = positions[verb] { return all[position] }
    let lowered = verb.lowercased()
    return lowered == verb ? nil : positions[lowered].map { all[$0] }
  }

  /// The command on `line`; nil for a blank or comment-only line. The verb finds the spec, the
  /// spec checks the count of arguments and builds the command.
  package func parse(_ line: String) throws(CommandError) -> Command? { try parseNamed(line)?.command }

  /// The command on `line`, and the line as history keeps it, from one split of the line: each
  /// secret replaced by ``Redaction/placeholder``, and a secret left out (a verb that then asks
  /// for it at a prompt) named by the placeholder after the words, as its recording replays it.
  public func parseNamed(_ line: String) throws(CommandError) -> (command: Command, name: String)? {
    let words: [String]
    do {
      words = try Tokenizer.split(line)
    } catch {
      throw .syntax(error, command: CommandParser.syntaxErrorVerb(line))
    }
    guard let verb = words.first else { return nil }
    let arguments = Array(words.dropFirst())
    guard let spec = spec(for: verb) else { throw .unknown(verb, among: verbs, secretVerb: gluedSecretVerb) }
    if arguments.count < spec.arity.lowerBound {
      throw .missingArgument(command: spec.name, expected: spec.usage)
    }
    if arguments.count > spec.arity.upperBound {
      // Never echo what follows a password: it may be part of it.
      let secret = secretPositions(verb, arguments)?.contains(spec.arity.upperBound) == true
      let shown = secret ? Redaction.placeholder : arguments[spec.arity.upperBound]
      throw .unexpectedArgument(command: spec.name, argument: shown)
    }
    // A line recalled from history has the placeholder where a password was: never submit it.
    if let first = spec.secretsFrom, arguments.dropFirst(first).contains(Redaction.placeholder) {
      throw .redactedSecret(command: spec.name)
    }
    // An argument completed from the verbs must be one (`help <command>`).
    if spec.completion == .commands, let topic = arguments.first, self.spec(for: topic) == nil,
      !otherTopics.contains(topic)
    {
      throw .unknown(topic, among: verbs, secretVerb: gluedSecretVerb)
    }
    let command = try spec.build(CommandArguments(verb: spec.name, words: arguments))
    guard let secretsFrom = spec.secretsFrom else { return (command, line) }
    let named = redact(words: words, of: line) { _ in Redaction.placeholder }
    return (command, arguments.count == secretsFrom ? named + " " + Redaction.placeholder : named)
  }

  /// The words tab completion offers for argument `position` (0 or 1) of `spec`, after the
  /// arguments typed before it, before filtering by what is typed.
  package func completions(for spec: CommandSpec<Command>, after previous: [String]) -> [String] {
    switch (spec.completion, previous.count) {
    case (.words(let words), 0): words
    case (.commands, 0): all.map(\.name)
    case (.featureField, 0): features.map(\.name)
    case (.featureField, 1): features.first { $0.name == previous[0] }?.fields ?? []
    default: []
    }
  }

  /// The feature names, as `state`, `history`, `why` and `watch` take them.
  package var featureNames: [String] { features.map(\.name) }
}
