/// What tab completion offers for a command's first argument.
package enum ArgumentCompletion: Sendable, Equatable {
  /// Nothing: free text, numbers or secrets.
  case none
  /// These words.
  case words([String])
  /// The command names of ``CommandTable`` (for `help`).
  case commands

  /// The words offered, before filtering by what is typed.
  package var options: [String] {
    switch self {
    case .none: []
    case .words(let words): words
    case .commands: CommandTable.all.map(\.name)
    }
  }
}
