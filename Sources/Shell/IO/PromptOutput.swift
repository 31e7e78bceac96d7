import ReactorCore
package import Rendering

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Output of a REPL whose prompt may be on the screen: lines that arrive while the user types
/// (a `command &`'s results, a late error) are printed above the prompt, and the typed line is
/// drawn again below them, instead of landing in the middle of it.
///
/// Only the editor's thread may touch the terminal while the prompt is shown (libedit is not
/// thread-safe), so such lines wait here and the editor is woken through a pipe to print them
/// (``EditLineReader``). Between prompts, lines go straight through. A stream that is not the
/// terminal (standard output into `| tee`) always goes straight through: nothing of it lands
/// in the typed line.
///
/// A status line (a rate-limit countdown) is replaced rather than appended: between prompts it
/// is rewritten in place on its row of standard error; while the prompt is shown it is the row
/// just above the prompt. On a terminal without ANSI control sequences (`TERM=dumb`, or unset)
/// no sequence is written: output lands on a row of its own below the typed line, the prompt
/// is shown again plainly, and a status is one line when it first appears.
package final class PromptOutput: OutputSink, @unchecked Sendable {  // mutable state under `lock`
  private let base: any OutputSink
  private let lock = Lock()
  private var editing = false
  private var pending: [OutputLine] = []
  private let onTerminal: (out: Bool, err: Bool)
  /// The write end of the pipe that wakes the editor.
  private let wake: Int32
  /// Whether the terminal understands ANSI control sequences.
  private let ansi: Bool
  /// Writes raw bytes to standard error, for the status line between prompts.
  private let direct: @Sendable (String) -> Void
  /// The status line to show, if any, and whether the editor has yet to draw its change.
  private var status: String?
  private var statusChanged = false
  /// Where the status line is on the screen.
  private var statusPlace = StatusPlace.none
  /// A hidden-input prompt (``SecretPrompt``) on the cursor's row, and how to write to its
  /// terminal: output goes above it, and it is drawn again, as the editor's prompt is.
  private var secretPrompt: (text: String, write: @Sendable (String) -> Void)?

  private enum StatusPlace {
    case none
    /// On the cursor's row, without a newline (no prompt is shown).
    case cursorRow
    /// On the row just above the prompt.
    case abovePrompt
  }

  /// `base` writes the lines; `outputIsTerminal` and `errorIsTerminal` say which streams share
  /// the screen with the prompt; a byte written to `wake` wakes the editor; `ansi` says whether
  /// the terminal takes control sequences; `direct` writes the status line between prompts.
  package init(
    base: any OutputSink, outputIsTerminal: Bool, errorIsTerminal: Bool, wake: Int32, ansi: Bool = true,
    direct: @escaping @Sendable (String) -> Void = PromptOutput.writeStandardError
  ) {
    self.base = base
    onTerminal = (outputIsTerminal, errorIsTerminal)
    self.wake = wake
    self.ansi = ansi
    self.direct = direct
  }

  /// Whether a terminal of type `term` (the `TERM` variable) takes ANSI control sequences.
  package static func understandsANSI(term: String?) -> Bool {
    guard let term, !term.isEmpty else { return false }
    return term != "dumb"
  }

  package func write(_ lines: [OutputLine]) {
    lock.withLock {
      if let secret = secretPrompt, lines.contains(where: { $0.stream == .out ? onTerminal.out : onTerminal.err }) {
        // Nothing typed shows at a hidden prompt, so the prompt alone is drawn again.
        secret.write(ansi ? "\r\u{1B}[2K" : "\n")
        base.write(lines)
        secret.write(secret.text)
        return
      }
      guard editing else {
        // The status line stays below what is printed.
        guard statusPlace == .cursorRow, let status else { return base.write(lines) }
        direct("\r\u{1B}[2K")
        base.write(lines)
        direct(status)
        return
      }
      let held = lines.filter { $0.stream == .out ? onTerminal.out : onTerminal.err }
      if held.count != lines.count {
        base.write(lines.filter { $0.stream == .out ? !onTerminal.out : !onTerminal.err })
      }
      guard !held.isEmpty else { return }
      pending += held
      wakeEditor()
    }
  }

  /// Shows `text` as the status line, replacing the one shown; nil takes it away. Only on a
  /// terminal's standard error: a file or a pipe gets none of it.
  package func showStatus(_ text: String?) {
    lock.withLock {
      guard onTerminal.err else { return }
      defer { status = text }
      guard ansi else {
        // Without control sequences a status cannot be replaced: one line when it appears.
        guard let text, status == nil else { return }
        let line = OutputLine(.err, text)
        if editing {
          pending.append(line)
          wakeEditor()
        } else {
          base.write([line])
        }
        return
      }
      if editing {
        statusChanged = true
        wakeEditor()
      } else if let text {
        direct("\r\u{1B}[2K" + text)
        statusPlace = .cursorRow
      } else if statusPlace == .cursorRow {
        direct("\r\u{1B}[2K")
        statusPlace = .none
      }
    }
  }

  /// A hidden-input prompt `text` is shown on the cursor's row until ``endSecretPrompt()``;
  /// `write` writes to its terminal.
  package func beginSecretPrompt(_ text: String, write: @escaping @Sendable (String) -> Void) {
    lock.withLock { secretPrompt = (text, write) }
  }

  /// The hidden-input prompt is answered or abandoned.
  package func endSecretPrompt() {
    lock.withLock { secretPrompt = nil }
  }

  // MARK: - On the editor's thread

  /// The prompt is about to be drawn.
  package func beginEditing() {
    lock.withLock {
      editing = true
      // The prompt goes below the status line, which the editor replaces from now on.
      if statusPlace == .cursorRow {
        direct("\n")
        statusPlace = .abovePrompt
      }
    }
  }

  /// The line was entered (the cursor is on a fresh row): what waited is printed now.
  package func endEditing() {
    lock.withLock {
      editing = false
      flush()
      // A status line left above the entered line stays there; a new one starts below.
      statusPlace = .none
      statusChanged = false
    }
  }

  /// Inside the editor, woken: prints what waits and the status line above the prompt, then
  /// draws the prompt and the typed line again. Returns whether anything was printed.
  @discardableResult
  package func printAbovePrompt(on screen: any PromptScreen) -> Bool {
    let printed = lock.withLock {
      guard !pending.isEmpty || statusChanged else { return false }
      if ansi {
        clear(screen, rows: screen.cursorRow + (statusPlace == .abovePrompt ? 1 : 0))
        statusPlace = .none
        flush()
        if let status {
          // One row, so that the next change erases exactly it.
          screen.write(String(status.prefix(max(1, screen.columns - 1))) + "\n")
          statusPlace = .abovePrompt
        }
      } else {
        screen.write("\n")
        flush()
      }
      statusChanged = false
      return true
    }
    if printed { screen.redraw() }
    return printed
  }

  /// Inside the editor, after the terminal changed size: erases the prompt's `rows` above the
  /// cursor's (as it was laid out at the old width) and draws it again for the new width; a
  /// terminal without control sequences is left as it is.
  package func reflowPrompt(on screen: any PromptScreen, rows: Int) {
    guard ansi else { return }
    lock.withLock { clear(screen, rows: rows) }
    screen.redraw()
  }

  /// Erases from the start of the row `rows` above the cursor's to the end of the screen.
  private func clear(_ screen: any PromptScreen, rows: Int) {
    screen.write(rows > 0 ? "\r\u{1B}[\(rows)A\u{1B}[J" : "\r\u{1B}[J")
  }

  private func wakeEditor() {
    var byte: UInt8 = 1
    _ = Glibc.write(wake, &byte, 1)
  }

  /// Writes `text` to standard error as it is.
  package static let writeStandardError: @Sendable (String) -> Void = { StandardStream.error($0) }

  // Guarded by `lock`.
  private func flush() {
    guard !pending.isEmpty else { return }
    base.write(pending)
    pending.removeAll()
  }
}
