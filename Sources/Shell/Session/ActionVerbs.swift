import ReactorCore

/// The command a feature action stands for, as the `action` field of NDJSON `change` records
/// names it: derived from ``CommandSpec/actions``, so a verb and the actions it sends are
/// declared in one table entry.
enum ActionVerbs {
  /// Case name and verb, in table order. An array, not a dictionary: the hot names (`query`'s,
  /// `next`'s) come first, and a few string comparisons cost less than hashing one.
  static let table: [(caseName: String, verb: String)] = CommandTable.all.flatMap { spec in
    spec.actions.map { (caseName: $0, verb: spec.name) }
  }

  /// The verb `action` stands for; its own case name if no command sends it.
  static func verb(for action: some CaseNamed) -> String {
    let name = action.caseName
    for entry in table where entry.caseName == name { return entry.verb }
    return name
  }
}
