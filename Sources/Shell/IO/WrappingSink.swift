package import Rendering

/// Wraps text lines wider than the terminal between words, continued with an indent, on the
/// streams that are terminals: errors and notices are prose, and a terminal would fold them
/// mid-word. Tables and lists are laid out at the width already, so this changes only lines
/// that did not fit.
///
/// Only on a terminal: a pipe or a file keeps one line per message, so that `grep error:` and
/// editors reading `FILE:3: error: ...` see it whole; NDJSON is never touched; and a
/// recording, written before this sink, keeps the lines as a replay prints them. A word wider
/// than the terminal (a URL) is left whole for the terminal to fold, so it stays one link.
package final class WrappingSink: OutputSink {
  private let base: any OutputSink
  private let options: RenderOptions
  private let terminals: Set<OutputStream>

  /// `terminals` are the streams that go to a terminal.
  package init(base: any OutputSink, options: RenderOptions, terminals: Set<OutputStream>) {
    self.base = base
    self.options = options
    self.terminals = terminals
  }

  package func write(_ lines: [OutputLine]) {
    guard options.mode == .text, !terminals.isEmpty else { return base.write(lines) }
    let width = options.width
    base.write(
      lines.flatMap { line -> [OutputLine] in
        guard terminals.contains(line.stream) else { return [line] }
        let text = line.text
        guard TerminalText.visibleWidth(text) > width else { return [line] }
        let margin = String(text.prefix { $0 == " " })
        let wrapped = TerminalText.wrap(
          String(text.dropFirst(margin.count)), width: width, first: margin, indent: margin + "  ",
          cutLongWords: false)
        // The first line keeps the record (an error's code, for the exit status).
        var first = line
        first.text = wrapped[0]
        return [first] + wrapped.dropFirst().map { OutputLine(line.stream, $0, tag: line.tag) }
      })
  }
}
