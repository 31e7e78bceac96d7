/// Where a line of output goes.
public enum OutputStream: Sendable, Equatable {
  case out, err
}

public import ReactorCore

/// One line of output, without its newline.
public struct OutputLine: Sendable, Equatable {
  public var stream: OutputStream
  public var text: String
  /// The tag of the request the line belongs to (a daemon request id), if any.
  public var tag: JSONValue?
  private var source: RecordSource?

  /// Where an NDJSON line's object comes from: kept, or built again from what made the text
  /// when someone asks (hot records are written straight to text and rarely asked for).
  private enum RecordSource: Sendable {
    case object(JSONObject)
    case deferred(@Sendable () -> JSONObject)
  }

  /// For an NDJSON record, the object the text encodes, so a daemon can add the request id.
  public var record: JSONObject? {
    get {
      switch source {
      case .object(let object): object
      case .deferred(let make): make()
      case nil: nil
      }
    }
    set { source = newValue.map { .object($0) } }
  }

  public init(_ stream: OutputStream, _ text: String, record: JSONObject? = nil, tag: JSONValue? = nil) {
    self.stream = stream
    self.text = text
    self.source = record.map { .object($0) }
    self.tag = tag
  }

  /// A record line whose text was written directly; `record` builds the same object on demand.
  public init(record text: String, deferred make: @escaping @Sendable () -> JSONObject, tag: JSONValue? = nil) {
    self.stream = .out
    self.text = text
    self.source = .deferred(make)
    self.tag = tag
  }

  /// The same line, belonging to the request tagged `tag`.
  public func tagged(_ tag: JSONValue?) -> OutputLine {
    var copy = self
    copy.tag = tag
    return copy
  }

  /// Lines are equal when they would print the same and belong to the same request (a record's
  /// object is what its text says).
  public static func == (lhs: OutputLine, rhs: OutputLine) -> Bool {
    lhs.stream == rhs.stream && lhs.text == rhs.text && lhs.tag == rhs.tag && (lhs.source == nil) == (rhs.source == nil)
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
