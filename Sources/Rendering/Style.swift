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

  /// What `body` appends to `line`, in bold when colour is on: a line built in one buffer.
  package func bold(_ line: inout String, _ body: (inout String) -> Void) { append(&line, "1", body) }
  package func dim(_ line: inout String, _ body: (inout String) -> Void) { append(&line, "2", body) }
  package func yellow(_ line: inout String, _ body: (inout String) -> Void) { append(&line, "33", body) }
  package func cyan(_ line: inout String, _ body: (inout String) -> Void) { append(&line, "36", body) }
  private func append(_ line: inout String, _ code: String, _ body: (inout String) -> Void) {
    guard enabled else { return body(&line) }
    line += "\u{1B}["
    line += code
    line += "m"
    body(&line)
    line += "\u{1B}[0m"
  }
}
