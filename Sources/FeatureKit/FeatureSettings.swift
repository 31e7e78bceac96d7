/// A setting a feature declares, under one name: its flag (`--engine`), its transcript
/// directive (`%engine`) when it has one, and its key in ``FeatureSettings``. The shell, the
/// transcript parser and the recorder know settings only through these declarations.
package struct FeatureSetting: Sendable {
  /// The flag's name without `--`, the directive's without `%`.
  package let name: String
  /// The value's name in help (`--engine <engine>`).
  package let valueName: String
  /// The flag's help line.
  package let help: String
  /// What a value must be, as an error says it: "reactor or feedback".
  package var expected: String { stated ?? Self.either(choices) }
  private let stated: String?
  /// The value before any flag or directive, as a directive writes it.
  package let defaultValue: String
  /// The values a shell completes, when they are few.
  package let choices: [String]
  /// Also a transcript directive, which a recording writes into its header, so that its
  /// replay runs as the session ran. A setting without one cannot be recorded.
  package let isDirective: Bool
  /// Whether the flag's value may start with `-` (`--seed -1` is a wrong value to name, not a
  /// missing one).
  package let takesAnyValue: Bool
  /// The value as a directive writes it, or nil when `text` is not a value of the setting.
  package let canonical: @Sendable (_ text: String) -> String?

  package init(
    _ name: String, valueName: String, help: String, expected: String?, defaultValue: String,
    choices: [String] = [], isDirective: Bool = true, takesAnyValue: Bool = false,
    canonical: @escaping @Sendable (_ text: String) -> String?
  ) {
    self.name = name
    self.valueName = valueName
    self.help = help
    stated = expected
    self.defaultValue = defaultValue
    self.choices = choices
    self.isDirective = isDirective
    self.takesAnyValue = takesAnyValue
    self.canonical = canonical
  }

  /// A setting whose values are `choices`, the first of them the default.
  package init(_ name: String, valueName: String, help: String, choices: [String], isDirective: Bool = true) {
    self.init(
      name, valueName: valueName, help: help, expected: nil, defaultValue: choices.first ?? "", choices: choices,
      isDirective: isDirective, canonical: { text in choices.contains(text) ? text : nil })
  }

  /// "a, b or c". Made when an error needs it, by hand: every start declares the settings,
  /// and the generic `joined` was a costly first use there (Benchmarks/README.md).
  private static func either(_ choices: [String]) -> String {
    var text = ""
    for (index, choice) in choices.enumerated() {
      if index > 0 { text += index == choices.count - 1 ? " or " : ", " }
      text += choice
    }
    return text
  }
}

/// The session's settings of the features, from flags and transcript directives: each value
/// under its ``FeatureSetting``'s name, in the form a directive writes it, and the seed.
package struct FeatureSettings: Sendable, Equatable {
  /// Seeds everything random (`--seed`, `%seed`).
  package var seed: UInt64 = 0
  private var values: [String: String] = [:]

  package init() {}

  /// The value given for the setting named `name`, nil when none was.
  package subscript(name: String) -> String? {
    get { values[name] }
    set { values[name] = newValue }
  }

  /// The value of `setting`: the one given, or its default.
  package func value(of setting: FeatureSetting) -> String { values[setting.name] ?? setting.defaultValue }
}
