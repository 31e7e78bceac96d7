import CLineEdit
import Dispatch
import Foundation

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// Line editing on a terminal with libedit: history, tab completion of verbs and arguments,
/// Ctrl-C clears the line at the prompt, Ctrl-D ends input.
///
/// `readline` blocks, so it runs on a queue of its own and hands lines to the async world.
/// libedit is never called from two threads: every call goes through that queue.
///
/// libedit is loaded with dlopen when the first reader is made, so nothing else reactor does
/// pays for loading it (``loadError`` says why it could not be).
package final class EditLineReader: LineReader {
  private let queue = DispatchQueue(label: "reactor.libedit")
  private let historyPath: String?

  /// Why libedit cannot be loaded, or nil when it can (it is loaded by the first call).
  package static var loadError: String? {
    rle_load() == 0 ? nil : String(cString: rle_load_error())
  }

  /// A reader, or nil when libedit cannot be loaded (``loadError`` says why).
  /// - Parameter historyPath: where history is loaded from and saved to; nil keeps none.
  package init?(historyPath: String?) {
    guard rle_load() == 0 else { return nil }
    self.historyPath = historyPath
    queue.sync {
      setlocale(LC_ALL, "")
      if let current = setlocale(LC_CTYPE, nil).map({ String(cString: $0) }), current == "C" || current == "POSIX" {
        setlocale(LC_CTYPE, "C.UTF-8")
      }
      rle_setup("reactor", completeCommandLine)
      if let historyPath {
        Self.prepareDirectory(for: historyPath)
        _ = rle_read_history(historyPath)
      }
    }
  }

  package func readLine(prompt: String) async -> String? {
    await withCheckedContinuation { continuation in
      queue.async {
        guard let raw = rle_readline(prompt) else { return continuation.resume(returning: nil) }
        defer { free(raw) }
        continuation.resume(returning: String(cString: raw))
      }
    }
  }

  package var keepsHistory: Bool { true }

  package func remember(_ line: String) {
    // Synchronous, so `quit` right after a line can never leave a half-written file.
    queue.sync { [historyPath] in
      guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { return }
      rle_add_history(line)
      if let historyPath {
        _ = rle_write_history(historyPath)
        chmod(historyPath, 0o600)
      }
    }
  }

  /// The history file: `$XDG_STATE_HOME/reactor/history`, else `~/.local/state/reactor/history`.
  package static func defaultHistoryPath(environment: (String) -> String?) -> String? {
    if let state = environment("XDG_STATE_HOME"), state.hasPrefix("/") { return state + "/reactor/history" }
    guard let home = environment("HOME"), !home.isEmpty else { return nil }
    return home + "/.local/state/reactor/history"
  }

  private static func prepareDirectory(for path: String) {
    let directory = (path as NSString).deletingLastPathComponent
    try? FileManager.default.createDirectory(
      atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
  }
}

// MARK: - Completion

/// Candidates for the word being completed; read by the generator below on libedit's queue.
nonisolated(unsafe) private var completionCandidates: [String] = []

private func completeCommandLine(
  _ text: UnsafePointer<CChar>?, _ start: Int32, _ end: Int32
) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
  rle_completion_over()
  let word = text.map { String(cString: $0) } ?? ""
  let line = rle_line_buffer().map { String(cString: $0) } ?? ""
  let before = String(line.utf8.prefix(Int(start))) ?? ""
  completionCandidates = Completion.candidates(for: word, before: before)
  return rle_completion_matches(text, generateCompletion)
}

private func generateCompletion(_ text: UnsafePointer<CChar>?, _ state: Int32) -> UnsafeMutablePointer<CChar>? {
  let index = Int(state)
  guard index < completionCandidates.count else { return nil }
  return strdup(completionCandidates[index])
}

/// What tab completion offers, from ``CommandTable``.
package enum Completion {
  /// Candidates for `word`, given the text of the line before it.
  package static func candidates(for word: String, before: String) -> [String] {
    // Inside an open quote there is nothing sensible to offer.
    guard let previous = try? Tokenizer.split(before) else { return [] }
    if previous.isEmpty {
      return CommandTable.verbs.filter { $0.hasPrefix(word) }.sorted()
    }
    guard previous.count == 1, let spec = CommandTable.spec(for: previous[0]) else { return [] }
    return spec.completion.options.filter { $0.hasPrefix(word) }.sorted()
  }
}
