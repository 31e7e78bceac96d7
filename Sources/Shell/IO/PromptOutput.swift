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
package final class PromptOutput: OutputSink, @unchecked Sendable {  // mutable state under `lock`
  private let base: any OutputSink
  private let lock = Lock()
  private var editing = false
  private var pending: [OutputLine] = []
  private let onTerminal: (out: Bool, err: Bool)
  /// The write end of the pipe that wakes the editor.
  private let wake: Int32

  /// `base` writes the lines; `outputIsTerminal` and `errorIsTerminal` say which streams share
  /// the screen with the prompt; a byte written to `wake` wakes the editor.
  package init(base: any OutputSink, outputIsTerminal: Bool, errorIsTerminal: Bool, wake: Int32) {
    self.base = base
    onTerminal = (outputIsTerminal, errorIsTerminal)
    self.wake = wake
  }

  package func write(_ lines: [OutputLine]) {
    lock.withLock {
      guard editing else { return base.write(lines) }
      let held = lines.filter { $0.stream == .out ? onTerminal.out : onTerminal.err }
      if held.count != lines.count {
        base.write(lines.filter { $0.stream == .out ? !onTerminal.out : !onTerminal.err })
      }
      guard !held.isEmpty else { return }
      pending += held
      var byte: UInt8 = 1
      _ = Glibc.write(wake, &byte, 1)
    }
  }

  // MARK: - On the editor's thread

  /// The prompt is about to be drawn.
  package func beginEditing() { lock.withLock { editing = true } }

  /// The line was entered (the cursor is on a fresh row): what waited is printed now.
  package func endEditing() {
    lock.withLock {
      editing = false
      flush()
    }
  }

  /// Inside the editor, woken: prints what waits, with `clear` before and `redraw` after.
  /// Returns whether anything was printed.
  @discardableResult
  package func printAbovePrompt(clear: () -> Void, redraw: () -> Void) -> Bool {
    let printed = lock.withLock {
      guard !pending.isEmpty else { return false }
      clear()
      flush()
      return true
    }
    if printed { redraw() }
    return printed
  }

  // Guarded by `lock`.
  private func flush() {
    guard !pending.isEmpty else { return }
    base.write(pending)
    pending.removeAll()
  }
}
