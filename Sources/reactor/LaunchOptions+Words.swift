import CommandLanguage
import FeatureKit
import FeatureList
import Shell

// MARK: - Command words on the command line

extension LaunchOptions {
  /// The shells `--generate-completion-script` writes for.
  static let completionShells: Set<String> = ["bash", "zsh", "fish"]

  /// `arguments` split into options (with their values) and the words of the command to run:
  /// every argument that is neither an option nor an option's value, and all after `--`. When
  /// the first such word is `replay`, it is ArgumentParser's (the subcommand) and nothing is
  /// split off; `help` is the command language's (`reactor help` lists the commands).
  static func splitWords(_ arguments: [String]) -> (options: [String], words: [String]) {
    // A completion script asking for the words to offer: ArgumentParser's to answer.
    if arguments.first == "---completion" { return (arguments, []) }
    let split = partition(arguments)
    if split.replay { return (arguments, []) }
    // `reactor live --help` and `reactor help live` (or `replay`): the subcommand's own help.
    if split.words.first == "live" && split.options.contains(where: { $0 == "--help" || $0 == "-h" }) {
      return (["live", "--help"], [])
    }
    if let subcommand = subcommandHelp(split.words) { return (["help", subcommand], []) }
    return (split.options, split.words)
  }

  /// The subcommand whose help `words` ask for (`help live`, `help replay`): ArgumentParser's to
  /// show, not the command language's `help`, which knows neither.
  static func subcommandHelp(_ words: [String]) -> String? {
    guard words.count == 2, words[0] == "help", ["live", "replay"].contains(words[1]) else { return nil }
    return words[1]
  }

  /// What a shell's Tab offers for a command word: the REPL's candidates for the words before
  /// it, and `replay` for the first. `arguments` is the command line as the shell split it (the
  /// program first), `index` the word being completed and `prefix` what of it is typed.
  /// Nothing after `replay`, whose arguments are files, the shell's to complete.
  static func completions(_ arguments: [String], _ index: Int, _ prefix: String) -> [String] {
    guard index >= 1, index <= arguments.count else { return [] }
    let split = partition(Array(arguments[1..<index]))
    if split.replay { return [] }
    let candidates = Completion(commands: CommandTable(features: Features.all)).candidates(
      for: prefix, after: split.words)
    guard split.words.isEmpty, "replay".hasPrefix(prefix) else { return candidates }
    return (candidates + ["replay"]).sorted()
  }

  /// The options (with their values) and the command words of `arguments`, or that the first
  /// word is `replay`.
  private static func partition(_ arguments: [String]) -> (options: [String], words: [String], replay: Bool) {
    var options: [String] = []
    var words: [String] = []
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      if argument == "--" {
        words += rest
        break
      }
      if argument.hasPrefix("-") && argument.count > 1 {
        options.append(argument)
        // An option whose value may be the next argument (`--timeout 5`, not `--timeout=5`).
        if let (flag, _, inline) = LaunchFlag.named(argument), inline == nil, flag.takesSeparateValue,
          let value = rest.popFirst()
        {
          options.append(value)
        }
        // Its value is optional (without one the shell comes from `SHELL`), so only a shell's
        // name after it is its value; ArgumentParser's documentation spells it with a space.
        if argument == "--generate-completion-script", let shell = rest.first, completionShells.contains(shell) {
          options.append(rest.removeFirst())
        }
        continue
      }
      if words.isEmpty && argument == "replay" { return (options, [], true) }
      words.append(argument)
    }
    return (options, words, false)
  }
}
