import FoundationEssentials
import ReactorCore

#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  @preconcurrency import Darwin
#endif

extension TranscriptRecorder {
  /// Saves what is recorded so far, if the recorder has files; a refusal (a secret) or a
  /// failure is said on standard error, once.
  package func save() {
    guard let files else { return }
    if let problem = files.save(text: finishedText, passwords: passwords) {
      StandardStream.error("error: \(problem)\n")
    }
  }

  /// Saves the recording a last time and says where it is: `recorded N commands to PATH` on
  /// standard error. Only the first call does anything (the end of the session, a signal or
  /// the process's exit, whichever comes first). Returns false when a file could not be
  /// written or was refused.
  @discardableResult
  package func finish() -> Bool {
    let first = storage.withLock { storage in
      defer { storage.finished = true }
      return !storage.finished
    }
    guard let files, first else { return true }
    // A command cut short (a signal, a closed pipe) left partial output that its replay would
    // not match: the transcript keeps the commands that finished.
    let unfinished = runningInput
    save()
    if files.failed { return false }
    let count = commandCount
    let note = unfinished.map { " (without '\($0)', which did not finish)" } ?? ""
    StandardStream.error("recorded \(count) command\(count == 1 ? "" : "s") to \(files.path)\(note)\n")
    return true
  }

  /// Saves the recording however the process ends: at `exit` (a closed pipe ends the process
  /// from deep in a write), and on SIGTERM and SIGHUP, which then end it with 128 plus the
  /// signal's number. A crash leaves the recording as it was saved after the last command.
  package func saveOnExit() -> [SignalWatcher.Token] {
    Self.active.withLock { $0 = self }
    let registered = Self.registered.withLock { registered in
      defer { registered = true }
      return registered
    }
    if !registered {
      atexit { TranscriptRecorder.active.withLock { $0 }?.finish() }
    }
    return [SIGTERM, SIGHUP].map { number in
      SignalWatcher.shared.watch(number) { [self] in
        finish()
        exit(128 + number)
      }
    }
  }

  /// The recorder `exit` saves.
  static let active = Locked<TranscriptRecorder?>(nil)
  private static let registered = Locked(false)
}
