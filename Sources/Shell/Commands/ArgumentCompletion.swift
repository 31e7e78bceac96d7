/// What tab completion offers for a command's first argument (and, after a feature, its second).
package enum ArgumentCompletion: Sendable, Equatable {
  /// Nothing: free text, numbers or secrets.
  case none
  /// These words.
  case words([String])
  /// The command names of ``CommandTable`` (for `help`).
  case commands
  /// A feature, then a JSON Pointer to a field of its state (for `why`, `watch`, `unwatch`).
  case featureField

  /// The words offered for the first argument, before filtering by what is typed.
  package var options: [String] {
    switch self {
    case .none: []
    case .words(let words): words
    case .commands: CommandTable.all.map(\.name)
    case .featureField: CommandTable.features
    }
  }

  /// The words offered for the second argument, after `first`, before filtering.
  package func options(after first: String) -> [String] {
    guard case .featureField = self else { return [] }
    return CommandTable.fieldPointers[first] ?? []
  }
}
