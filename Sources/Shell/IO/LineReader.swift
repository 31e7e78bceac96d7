import ReactorCore

/// Where command lines come from.
public protocol LineReader: Sendable {
  /// The next line without its newline, or nil at end of input.
  func readLine(prompt: String) async -> String?
  /// Records an entered line in history, if this reader keeps one.
  func remember(_ line: String)
}

extension LineReader {
  public func remember(_ line: String) {}
}

/// Reads lines from standard input with buffered reads (libedit would read a byte per system
/// call), for pipes and files. No prompt.
public struct PlainLineReader: LineReader {
  public init() {}

  public func readLine(prompt: String) async -> String? {
    Swift.readLine(strippingNewline: true)
  }
}

/// Lines from an array; for tests.
public final class ScriptedLineReader: LineReader {
  private let lines: Locked<[String]>

  public init(_ lines: [String]) { self.lines = Locked(lines) }

  public func readLine(prompt: String) async -> String? {
    lines.withLock { $0.isEmpty ? nil : $0.removeFirst() }
  }
}
