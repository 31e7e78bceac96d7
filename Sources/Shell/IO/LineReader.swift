package import CommandLanguage
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
  /// Completes words from `commands` (a line editor; others ignore it).
  func offerCompletions(from commands: CommandTable<SessionCommand>)
  /// The next line, or nil at end of input; a reader of bytes says when they are not UTF-8.
  func readInput(prompt: String) async -> InputLine?
}

/// One line of input as the read-run loop sees it: text, or bytes that are not UTF-8.
package enum InputLine: Sendable, Equatable {
  case text(String)
  /// A line that is not valid UTF-8: an error, as in the daemon, never text with U+FFFD.
  case invalidUTF8
}

extension LineReader {
  package var keepsHistory: Bool { false }
  package func remember(_ line: String) {}
  package func offerCompletions(from commands: CommandTable<SessionCommand>) {}

  /// Readers of text have nothing else to say.
  package func readInput(prompt: String) async -> InputLine? {
    await readLine(prompt: prompt).map(InputLine.text)
  }
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
/// before it. A line that is not UTF-8 is ``InputLine/invalidUTF8`` (``readLine(prompt:)``
/// alone would make its bad bytes U+FFFD).
package final class PipeLineReader: LineReader, @unchecked Sendable {  // one caller reads at a time
  // Only the read-run loop calls `readLine`, one call at a time.
  private var lines: ByteLineReader.Lines.Iterator

  /// Reads `descriptor`, which a read error's message calls `name`.
  package init(descriptor: Int32 = 0, name: String = StandardStream.name(of: 0)) {
    lines = ByteLineReader.lines(of: descriptor, name: name, maxBytes: .max).makeAsyncIterator()
  }

  package func readLine(prompt: String) async -> String? {
    guard case .bytes(var bytes)? = await lines.next() else { return nil }
    if bytes.last == 0x0D { bytes.removeLast() }
    return String(decoding: bytes, as: UTF8.self)
  }

  package func readInput(prompt: String) async -> InputLine? {
    guard case .bytes(var bytes)? = await lines.next() else { return nil }
    if bytes.last == 0x0D { bytes.removeLast() }
    guard let text = String(validating: bytes, as: UTF8.self) else { return .invalidUTF8 }
    return .text(text)
  }
}

/// Lines from an array: the commands given as arguments, and tests.
package final class ScriptedLineReader: LineReader {
  private let lines: Locked<[InputLine]>

  package init(_ lines: [String]) { self.lines = Locked(lines.map(InputLine.text)) }

  /// Lines, some of which may stand for bytes that were not UTF-8.
  package init(inputs: [InputLine]) { self.lines = Locked(inputs) }

  package func readLine(prompt: String) async -> String? {
    guard case .text(let line)? = await readInput(prompt: prompt) else { return nil }
    return line
  }

  package func readInput(prompt: String) async -> InputLine? {
    lines.withLock { $0.isEmpty ? nil : $0.removeFirst() }
  }
}
