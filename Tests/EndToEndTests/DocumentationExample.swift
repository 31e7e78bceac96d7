import Foundation
import Testing

/// One example of the documentation: the shell commands a reader would paste, each with the
/// output the page shows under it, or a REPL session typed at the `reactor>` prompt.
///
/// Where examples come from:
/// - every ```` ```console ```` block of the README, as written;
/// - every literal block (`.Bd -literal`) of a man page that shows a `$ ` or `reactor> ` line,
///   or is a whole transcript (replayed with `reactor replay`, which must pass),
///   rendered by `groff -mdoc -Tutf8`, so that what is checked is what a reader of `man`
///   pastes (`\e` becomes a backslash, `\[u2605]` a star); a literal block after the comment
///   `.\" example file: client.py` is a script, written as that file for the next example.
///
/// How one is read: a line that starts with `$ ` is a command; it goes on over lines that end
/// in `\` or `|`, as in a shell; the lines after it, up to the next command, are its output
/// (standard output and standard error as a terminal shows them together). In a REPL example
/// each `reactor> ` line is typed, and the lines after it are its output.
struct DocumentationExample: CustomTestStringConvertible, Sendable {
  struct Step: Sendable {
    var command: String
    var expected: [String]
  }

  enum Kind: Sendable {
    /// Shell commands, run one after another by one `bash`.
    case shell
    /// A REPL session: `reactor` started by the first command, then lines typed at its prompt.
    case repl
  }

  /// The page and the line the example starts on, as `README.md:104`.
  var source: String
  /// The page: examples of one page run in order in one scratch folder, so a later example
  /// can use a file an earlier one made (`--record rust.t`, then `replay rust.t`).
  var page: String
  var kind: Kind
  var steps: [Step]
  /// Files the example needs, written into the scratch folder first: a man page example that
  /// runs `python3 client.py` gets the script the page showed before it as `client.py`.
  var files: [String: String] = [:]

  var testDescription: String { source }

  /// The steps of a block of text.
  static func parse(_ lines: [String], source: String, page: String) -> DocumentationExample? {
    let isREPL = lines.contains { $0.hasPrefix("reactor> ") }
    var steps: [Step] = []
    var index = 0
    // A REPL example may start with the shell command that starts the REPL.
    while index < lines.count {
      let line = lines[index]
      if isREPL, line.hasPrefix("reactor> ") {
        steps.append(Step(command: String(line.dropFirst("reactor> ".count)), expected: []))
        index += 1
        continue
      }
      if line.hasPrefix("$ ") {
        var command = String(line.dropFirst(2))
        while command.hasSuffix("\\") || command.hasSuffix("|"), index + 1 < lines.count {
          index += 1
          command += "\n" + lines[index]
        }
        steps.append(Step(command: command, expected: []))
        index += 1
        continue
      }
      if !steps.isEmpty { steps[steps.count - 1].expected.append(line) }
      index += 1
    }
    guard !steps.isEmpty else { return nil }
    return DocumentationExample(source: source, page: page, kind: isREPL ? .repl : .shell, steps: steps)
  }
}
