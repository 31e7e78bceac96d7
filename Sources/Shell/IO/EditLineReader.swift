import CLineEdit
package import CommandLanguage
import Dispatch
import FoundationEssentials
import GitHubClient
import ReactorCore
package import Rendering

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// Line editing on a terminal with libedit: history, tab completion of verbs and arguments,
/// Ctrl-C discards the typed line and shows a fresh prompt, Ctrl-D ends input.
///
/// `readline` blocks, so it runs on a queue of its own and hands lines to the async world.
/// libedit is never called from two threads: every call goes through that queue. Output that
/// arrives while the prompt is shown waits in ``output`` and wakes the editor, which prints it
/// above the prompt and redraws the typed line (the editor waits for a key and for that pipe
/// at once).
///
/// The editor reads standard input and draws on standard output when that is the terminal,
/// else on standard error or `/dev/tty`, so `reactor | tee log` keeps its prompt and editing on
/// the screen and only results go down the pipe.
///
/// libedit is loaded with dlopen when the first reader is made, so nothing else reactor does
/// pays for loading it (``loadError`` says why it could not be).
package final class EditLineReader: LineReader, @unchecked Sendable {  // libedit state lives on `queue`
  private let queue = DispatchQueue(label: "reactor.libedit")
  private let historyPath: String?
  /// Where output goes, so that it never lands in the middle of the typed line.
  package let output: PromptOutput
  /// The terminal the editor draws on.
  private let screen: EditorScreen
  private let wake: (read: Int32, write: Int32)
  /// Set by SIGWINCH and SIGCONT, taken in by the editor when it is woken.
  private let resized = Locked(false)
  private let continued = Locked(false)

  /// Lines the history keeps, in memory and in the file.
  package static let historySize = 1000

  /// Why libedit cannot be loaded, or nil when it can (it is loaded by the first call).
  package static var loadError: String? {
    rle_load() == 0 ? nil : String(cString: rle_load_error())
  }

  /// A reader, or nil when libedit cannot be loaded (``loadError`` says why) or standard
  /// input is not a terminal.
  /// - Parameters:
  ///   - historyPath: where history is loaded from and appended to; nil keeps none.
  ///   - output: where the session's output goes (standard output and error).
  package init?(historyPath: String?, output base: any OutputSink) {
    guard rle_load() == 0, isatty(0) == 1 else { return nil }
    let terminal: Int32
    if isatty(1) == 1 {
      terminal = 1
    } else if isatty(2) == 1 {
      terminal = 2
    } else {
      terminal = open("/dev/tty", O_WRONLY | O_CLOEXEC)
      guard terminal >= 0 else { return nil }
    }
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return nil }
    for end in ends {
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
    }
    wake = (ends[0], ends[1])
    output = PromptOutput(
      base: base, outputIsTerminal: isatty(1) == 1, errorIsTerminal: isatty(2) == 1, wake: ends[1],
      ansi: PromptOutput.understandsANSI(term: getenv("TERM").map { String(cString: $0) }))
    screen = EditorScreen(descriptor: terminal)
    self.historyPath = historyPath
    let opened = queue.sync { [wake] in
      setlocale(LC_ALL, "")
      if let current = setlocale(LC_CTYPE, nil).map({ String(cString: $0) }), current == "C" || current == "POSIX" {
        setlocale(LC_CTYPE, "C.UTF-8")
      }
      guard rle_open("reactor", 0, terminal, completeCommandLine, Int32(Self.historySize), wake.read, editorWoken) == 0
      else { return false }
      if let historyPath {
        Self.prepareDirectory(for: historyPath)
        // Only a file: a history linked to a device (/dev/null, to keep none) reads as nothing,
        // or forever.
        if OutputFile.isRegularOrMissing(historyPath) { _ = rle_load_history(historyPath) }
      }
      return true
    }
    guard opened else { return nil }
    activeReader = self
    // Resumed after Ctrl-Z: the shell hands the terminal back in its own mode. The reader lives
    // as long as the process, and so does this handler.
    _ = SignalWatcher.shared.watch(SIGCONT) { [weak self] in
      guard let self else { return }
      notify(continued)
    }
  }

  package func readLine(prompt: String) async -> String? {
    await withCheckedContinuation { continuation in
      queue.async { [self] in
        if outputIsPipe { Self.waitUntilRead(descriptor: 1) }
        while true {
          var outcome: Int32 = 0
          // A stop and `fg` while a command ran: `rle_readline` takes the terminal afresh, and
          // resuming it as well drew the prompt a second time on its line.
          continued.withLock { $0 = false }
          output.beginEditing()
          let raw = rle_readline(prompt, &outcome)
          output.endEditing()
          if outcome == Int32(RLE_INTERRUPT) { continue }
          guard let raw else { return continuation.resume(returning: nil) }
          defer { free(raw) }
          return continuation.resume(returning: String(cString: raw))
        }
      }
    }
  }

  package var keepsHistory: Bool { true }

  package func offerCompletions(from commands: CommandTable<SessionCommand>) {
    completion = Completion(commands: commands)
  }

  package func remember(_ line: String) {
    // Synchronous, so `quit` right after a line can never leave a half-written file.
    let failure = queue.sync { [historyPath] () -> Int32 in
      guard !line.trimmingBlanks.isEmpty else { return 0 }
      rle_add_history(line)
      guard let historyPath else { return 0 }
      return rle_append_history(historyPath, line, Int32(Self.historySize))
    }
    // Said at once (the prompt is not shown while a line runs), once; the session then ends
    // with status 1.
    if failure != 0, let historyPath {
      WriteErrors.record(WriteError(output: "the history file \(historyPath)", code: failure))
      WriteErrors.sayUnsaid()
    }
  }

  /// Whether standard output is a pipe (`reactor | tee log`), whose reader shows the results
  /// on the same screen as the prompt.
  private let outputIsPipe: Bool = {
    var status = stat()
    return fstat(1, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO
  }()

  /// Waits, briefly, until the reader of the pipe on `descriptor` has taken what was written to
  /// it: `tee` shows results as it reads them, and a prompt drawn before that would have them
  /// printed after it, on its line. A reader that takes longer is not waited for.
  private static func waitUntilRead(descriptor: Int32, timeout: Duration = .milliseconds(200)) {
    let deadline = ContinuousClock.now + timeout
    var pending: Int32 = 0
    while ioctl(descriptor, UInt(FIONREAD), &pending) == 0, pending > 0, ContinuousClock.now < deadline {
      usleep(500)
    }
  }

  /// The terminal changed size (SIGWINCH): the editor measures it again, now if it is
  /// editing, else before the next prompt.
  package func terminalResized() { notify(resized) }

  /// Sets `flag` and wakes the editor.
  private func notify(_ flag: Locked<Bool>) {
    flag.withLock { $0 = true }
    var byte: UInt8 = 2
    _ = Glibc.write(wake.write, &byte, 1)
  }

  /// On the editor's thread, inside `rle_readline`: the wake pipe was readable.
  fileprivate func woken() {
    func take(_ flag: Locked<Bool>) -> Bool {
      flag.withLock { value in
        defer { value = false }
        return value
      }
    }
    if take(continued) { rle_resume() }
    let resizedNow = take(resized)
    // The prompt's rows above the cursor at the old width, which the editor still measures
    // by: a terminal that reflows may keep those, or split them into the rows of the new width.
    let rowsBefore = resizedNow ? screen.cursorRow : 0
    if resizedNow { rle_resize() }
    let printed = output.printAbovePrompt(on: screen)
    // The terminal reflowed the prompt's rows: erase as many as either width gives (a move
    // up stops at the top row), and draw them again for the new width.
    if resizedNow && !printed { output.reflowPrompt(on: screen, rows: max(rowsBefore, screen.cursorRow)) }
  }

  /// The history file: `$XDG_STATE_HOME/reactor/history`, else `~/.local/state/reactor/history`.
  package static func defaultHistoryPath(environment: (String) -> String?) -> String? {
    if let state = environment("XDG_STATE_HOME"), state.hasPrefix("/") { return state + "/reactor/history" }
    guard let home = environment("HOME"), !home.isEmpty else { return nil }
    return home + "/.local/state/reactor/history"
  }

  private static func prepareDirectory(for path: String) {
    let directory = path.deletingLastPathComponent
    try? FileManager.default.createDirectory(
      atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
  }
}

/// The editor's terminal, inside `rle_readline` on the editor's thread.
private struct EditorScreen: PromptScreen {
  let descriptor: Int32
  var cursorRow: Int { Int(rle_cursor_row()) }
  var columns: Int { Int(rle_columns()) }
  func write(_ text: String) {
    var text = text
    text.withUTF8 { bytes in _ = Glibc.write(descriptor, bytes.baseAddress, bytes.count) }
  }
  func redraw() { rle_redraw() }
}

/// The reader whose editor is open (one a process); read only on its queue, by `editorWoken`.
nonisolated(unsafe) private var activeReader: EditLineReader?

private func editorWoken() { activeReader?.woken() }

// MARK: - Completion

/// Candidates for the word being completed; read by the generator below on libedit's queue.
nonisolated(unsafe) private var completionCandidates: [String] = []
/// What completion offers: the session's commands, set by ``EditLineReader/offerCompletions(from:)``.
nonisolated(unsafe) private var completion = Completion(commands: CommandTable([]))

private func completeCommandLine(
  _ text: UnsafePointer<CChar>?, _ start: Int32, _ end: Int32
) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
  rle_completion_over()
  let word = text.map { String(cString: $0) } ?? ""
  let line = rle_line_buffer().map { String(cString: $0) } ?? ""
  // `start` counts characters (libedit's wide characters), not bytes.
  var before = String.UnicodeScalarView()
  before.append(contentsOf: line.unicodeScalars.prefix(Int(start)))
  completionCandidates = completion.candidates(for: word, before: String(before))
  return rle_completion_matches(text, generateCompletion)
}

private func generateCompletion(_ text: UnsafePointer<CChar>?, _ state: Int32) -> UnsafeMutablePointer<CChar>? {
  let index = Int(state)
  guard index < completionCandidates.count else { return nil }
  return strdup(completionCandidates[index])
}

/// What tab completion offers, from a session's command table.
package struct Completion: Sendable {
  package let commands: CommandTable<SessionCommand>

  package init(commands: CommandTable<SessionCommand>) { self.commands = commands }

  /// Candidates for `word`, given the text of the line before it.
  package func candidates(for word: String, before: String) -> [String] {
    // Inside an open quote there is nothing sensible to offer.
    guard let previous = try? Tokenizer.split(before) else { return [] }
    return candidates(for: word, after: previous)
  }

  /// Candidates for `word`, given the words before it (a shell's completion has them split).
  package func candidates(for word: String, after previous: [String]) -> [String] {
    if previous.isEmpty {
      // Verbs are case-insensitive, so their completion is too (`QU` offers `query`).
      let lowered = word.lowercased()
      return commands.verbs.filter { $0.hasPrefix(lowered) }.sorted()
    }
    guard previous.count <= 2, let spec = commands.spec(for: previous[0]) else { return [] }
    return commands.completions(for: spec, after: Array(previous.dropFirst())).filter { $0.hasPrefix(word) }.sorted()
  }
}
