import ReactorCore

/// Where command lines come from.
package protocol LineReader: Sendable {
  /// The next line without its newline, or nil at end of input.
  func readLine(prompt: String) async -> String?
  /// Whether ``remember(_:)`` keeps lines. The loop redacts a line only for a reader that
  /// does: tokenizing every piped line just to drop it is wasted work.
  var keepsHistory: Bool { get }
  /// Records an entered line, already redacted, in history, if this reader keeps one.
  func remember(_ line: String)
}

extension LineReader {
  package var keepsHistory: Bool { false }
  package func remember(_ line: String) {}
}

/// Reads lines from standard input with buffered reads, when they are asked for: the REPL's
/// fallback when libedit cannot be loaded, where reading ahead would take the answer to a
/// password prompt. No prompt.
package struct PlainLineReader: LineReader {
  package init() {}

  package func readLine(prompt: String) async -> String? {
    Swift.readLine(strippingNewline: true)
  }
}

/// Reads lines from a pipe or a file (standard input) ahead, on a thread of its own, in 64 KB
/// reads (libedit would read a byte per system call). No prompt.
///
/// Reading ahead keeps the thread that runs the session free while the input waits: a command
/// started with `&` still prints as its answers come, and a line already read is handed over
/// without a wake-up. Lines are split as `Swift.readLine` splits them: at LF, dropping a CR
/// before it; bytes that are not UTF-8 become U+FFFD.
package final class PipeLineReader: LineReader, @unchecked Sendable {
  // Only the read-run loop calls `readLine`, one call at a time.
  private var lines: ByteLineReader.Lines.Iterator

  package init(descriptor: Int32 = 0) {
    lines = ByteLineReader.lines(of: descriptor, maxBytes: .max).makeAsyncIterator()
  }

  package func readLine(prompt: String) async -> String? {
    guard case .bytes(var bytes)? = await lines.next() else { return nil }
    if bytes.last == 0x0D { bytes.removeLast() }
    return String(decoding: bytes, as: UTF8.self)
  }
}

/// Lines from an array; for tests.
package final class ScriptedLineReader: LineReader {
  private let lines: Locked<[String]>

  package init(_ lines: [String]) { self.lines = Locked(lines) }

  package func readLine(prompt: String) async -> String? {
    lines.withLock { $0.isEmpty ? nil : $0.removeFirst() }
  }
}
