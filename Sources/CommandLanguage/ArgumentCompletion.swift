/// What tab completion offers for a command's first argument (and, after a feature, its second);
/// ``CommandTable/completions(for:after:)`` turns it into words.
package enum ArgumentCompletion: Sendable, Equatable {
  /// Nothing: free text, numbers or secrets.
  case none
  /// These words.
  case words([String])
  /// The table's command names (for `help`); the parser refuses any other word.
  case commands
  /// A feature, then a JSON Pointer to a field of its state (for `why`, `watch`, `unwatch`).
  case featureField
}
