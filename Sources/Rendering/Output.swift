/// Where a line of output goes.
public enum OutputStream: Sendable, Equatable {
  case out, err
}

/// One line of output, without its newline.
public struct OutputLine: Sendable, Equatable {
  public var stream: OutputStream
  public var text: String
  public init(_ stream: OutputStream, _ text: String) {
    self.stream = stream
    self.text = text
  }
}

/// How output looks.
public struct RenderOptions: Sendable, Equatable {
  public enum Mode: String, Sendable { case text, json }
  public var mode: Mode
  /// ANSI colours (only on a terminal, never with `NO_COLOR`).
  public var color: Bool
  /// Terminal columns.
  public var width: Int

  public init(mode: Mode = .text, color: Bool = false, width: Int = 80) {
    self.mode = mode
    self.color = color
    self.width = max(20, width)
  }
}

/// ANSI styling that disappears when colour is off.
struct Style {
  let enabled: Bool
  func bold(_ text: String) -> String { wrap(text, "1") }
  func dim(_ text: String) -> String { wrap(text, "2") }
  func yellow(_ text: String) -> String { wrap(text, "33") }
  func cyan(_ text: String) -> String { wrap(text, "36") }
  func red(_ text: String) -> String { wrap(text, "31") }
  private func wrap(_ text: String, _ code: String) -> String {
    enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
}
