import CommandLanguage

// MARK: - The time-travel commands

extension CommandTable where Command == SessionCommand {
  /// `history`, `diff`, `goto`, `undo`, `redo`, `why`, `watch` and `unwatch`, in help's order.
  static func timeTravel(features: [String]) -> [CommandSpec<SessionCommand>] {
    [
      CommandSpec(
        "history", usage: "[<feature>] [<n>]", summary: "list the last n changes (default 20)",
        discussion: """
          Each change: its seq, feature, the command that caused it, its mutation, and the paths it touched \
          (/repos/30..59 added, /query). History keeps the last --history-limit changes (default 10000).
          """,
        arity: 0...2, completion: .words(features)
      ) { arguments throws(CommandError) in
        var feature: String?
        var count = 20
        for index in arguments.words.indices {
          if features.contains(arguments[index]), feature == nil, index == 0 {
            feature = arguments[index]
          } else if let number = Int(arguments[index]), number >= 1, index == arguments.words.count - 1 {
            count = number
          } else {
            throw arguments.invalid(
              index, expected: "a feature (\(features.joined(separator: ", "))) or a count (1 or more)")
          }
        }
        return .history(feature: feature, count: count)
      },
      CommandSpec(
        "diff", usage: "<seq> [<seq>]", summary: "what changed between two changes (or since one)",
        discussion: """
          The difference in the first change's feature between the state after change <seq> and after the second \
          (or now); with --json, one diff record with an RFC 6902 patch.
          """,
        arity: 1...2
      ) { arguments throws(CommandError) in
        .diff(from: try seq(arguments, 0), to: arguments.words.count > 1 ? try seq(arguments, 1) : nil)
      },
      CommandSpec(
        "goto", usage: "<seq>", summary: "put a feature's state back to what it was after a change",
        discussion: """
          Cancels the feature's work in flight, then restores its state as after change <seq>: a change record \
          (mutation restore) whose patch leads there, so the patches still add up to the state. Commands go on \
          from there; undo comes back.
          """,
        arity: 1...1
      ) { arguments throws(CommandError) in .goto(try seq(arguments, 0)) },
      CommandSpec(
        "undo", summary: "take back the last command's changes",
        discussion: """
          Puts every feature the last state-changing command changed back as it was before it (after a query, \
          the previous results). Repeat to go further back.
          """
      ) { _ in .undo },
      CommandSpec(
        "redo", summary: "put back what undo took back",
        discussion: "Nothing to redo once another command has changed state since the undo."
      ) { _ in .redo },
      CommandSpec(
        "why", usage: "<feature> <json-pointer>", summary: "which change last set a value, and its value before",
        discussion: "For example: why search /query, why search /repos/0/stars.",
        arity: 2...2, completion: .featureField
      ) { arguments throws(CommandError) in
        .why(feature: try feature(arguments, 0, among: features), pointer: arguments[1])
      },
      CommandSpec(
        "watch", usage: "<feature> <json-pointer>", summary: "report every change of a value",
        discussion:
          "Prints the old and new value, with --json a watch record, whenever the value changes. Several at once.",
        arity: 2...2, completion: .featureField
      ) { arguments throws(CommandError) in
        .watch(feature: try feature(arguments, 0, among: features), pointer: arguments[1])
      },
      CommandSpec(
        "unwatch", usage: "[<feature> [<pointer>]]", summary: "stop watching (all, a feature's, or one)",
        arity: 0...2, completion: .featureField
      ) { arguments throws(CommandError) in
        .unwatch(
          feature: arguments.words.isEmpty ? nil : try feature(arguments, 0, among: features),
          pointer: arguments.words.count > 1 ? arguments[1] : nil)
      },
      CommandSpec(
        "trace", usage: "on|off", summary: "report effects as they start and end",
        discussion: """
          An effect record when an effect starts, ends, fails or is cancelled (and by which command), with its \
          cancellation id, the seq of the change before it started, and its duration on the session's clock \
          (virtual in a replay).
          """,
        arity: 1...1, completion: .words(["on", "off"])
      ) { arguments throws(CommandError) in
        guard ["on", "off"].contains(arguments[0]) else { throw arguments.invalid(0, among: ["on", "off"]) }
        return .trace(arguments[0] == "on")
      },
    ]
  }

  /// Argument `index` as a change's seq.
  private static func seq(_ arguments: CommandArguments, _ index: Int) throws(CommandError) -> UInt64 {
    try arguments.number(index, atLeast: 1, what: "change", expected: "a change's seq (1 or more; see 'history')")
  }

  /// Argument `index` as a feature's name.
  private static func feature(_ arguments: CommandArguments, _ index: Int, among features: [String])
    throws(CommandError) -> String
  {
    guard features.contains(arguments[index]) else { throw arguments.invalid(index, among: features) }
    return arguments[index]
  }
}
