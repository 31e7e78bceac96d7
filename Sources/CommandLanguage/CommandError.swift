/// Why a line is not a command. Every message names the command and what was expected.
/// (Public, its members `package`, as ``CommandTable/parseNamed(_:)`` throws it.)
public enum CommandError: Error, Sendable, Equatable {
  case syntax(Tokenizer.Failure, command: String)
  case unknownCommand(String, suggestion: String?)
  case missingArgument(command: String, expected: String)
  case unexpectedArgument(command: String, argument: String)
  /// `hint` follows the message, e.g. `; did you mean 'search'?`.
  case invalidArgument(command: String, argument: String, expected: String, hint: String = "")
  /// A secret argument is the placeholder history keeps instead of it (a recalled line).
  case redactedSecret(command: String)
  /// A whole number too large to be any `what` (`result`, `change`), as `open 99999` is one
  /// there is not.
  case outOfRange(command: String, argument: String, what: String)

  /// A stable identifier for NDJSON `error` records.
  package var code: String {
    switch self {
    case .syntax: "syntax-error"
    case .unknownCommand: "unknown-command"
    case .missingArgument: "missing-argument"
    case .unexpectedArgument: "unexpected-argument"
    case .invalidArgument: "invalid-argument"
    case .redactedSecret: "redacted-secret"
    case .outOfRange: "out-of-range"
    }
  }

  /// The error for a first word that names no verb. The message names at most the word's first
  /// part, cut short: a quoted line (`'signup bob hunter22 hunter22'`) is one word, and the rest
  /// of it may be a password.
  /// A word that begins with a secret verb (`password=hunter22`) is named by that verb alone.
  static func unknown(_ word: String, among verbs: [String], secretVerb: (String) -> String?) -> CommandError {
    let parts = word.unicodeScalars.split(whereSeparator: Tokenizer.isSeparator)
    let first = parts.first.map { String(String.UnicodeScalarView($0)) } ?? word
    if let secret = secretVerb(first) { return .unknownCommand(secret + "…", suggestion: secret) }
    let limit = 24
    var shown = String(first.prefix(limit))
    if parts.count > 1 || first.count > limit { shown += "…" }
    return .unknownCommand(shown, suggestion: Suggestions.closest(to: first, in: verbs))
  }

  package var message: String {
    switch self {
    case .syntax(let failure, let command): return "\(command): \(failure.message)"
    case .unknownCommand(let verb, let suggestion):
      let base = "unknown command '\(verb)'"
      return suggestion.map { base + "; did you mean '\($0)'?" } ?? base + "; type 'help' for the list"
    case .missingArgument(let command, let expected): return "\(command): expected \(expected)"
    case .unexpectedArgument(let command, let argument):
      return "\(command): unexpected argument '\(argument)'"
    case .invalidArgument(let command, let argument, let expected, let hint):
      return "\(command): expected \(expected), got '\(argument)'\(hint)"
    case .redactedSecret(let command):
      return "\(command): '\(Redaction.placeholder)' stands for a password that history does not keep; "
        + "type the password again"
    case .outOfRange(let command, let argument, let what):
      return "\(command): no \(what) \(argument) (the number is out of range)"
    }
  }
}
