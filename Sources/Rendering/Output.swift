/// Where a line of output goes.
public enum OutputStream: Sendable, Equatable {
  case out, err
}

public import ReactorCore

/// One line of output, without its newline.
public struct OutputLine: Sendable, Equatable {
  public var stream: OutputStream
  public var text: String
  /// For an NDJSON record, the object the text encodes, so a daemon can add the request id.
  public var record: JSONObject?
  /// The tag of the request the line belongs to (a daemon request id), if any.
  public var tag: JSONValue?

  public init(_ stream: OutputStream, _ text: String, record: JSONObject? = nil, tag: JSONValue? = nil) {
    self.stream = stream
    self.text = text
    self.record = record
    self.tag = tag
  }

  /// The same line, belonging to the request tagged `tag`.
  public func tagged(_ tag: JSONValue?) -> OutputLine {
    var copy = self
    copy.tag = tag
    return copy
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
