/// ANSI styling that disappears when colour is off.
package struct Style {
  package let enabled: Bool
  package func bold(_ text: String) -> String { wrap(text, "1") }
  package func dim(_ text: String) -> String { wrap(text, "2") }
  package func yellow(_ text: String) -> String { wrap(text, "33") }
  package func cyan(_ text: String) -> String { wrap(text, "36") }
  package func red(_ text: String) -> String { wrap(text, "31") }
  private func wrap(_ text: String, _ code: String) -> String {
    enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
}
