import FoundationEssentials
import ReactorCore

#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  @preconcurrency import Darwin
#endif

extension TranscriptRecorder {
  /// Saves what is recorded so far, if the recorder has files. A failure is said on standard
  /// error, once; a secret ends the recording (``stop(_:file:)``), after which nothing is saved.
  package func save() {
    guard let files else { return }
    // Without the command still running, whose output is not complete: the files replay
    // however the session ends.
    let (text, count) = storage.withLock { ($0.text(blocks: $0.finishedBlocks), $0.finishedBlocks.count) }
    switch files.save(text: text, passwords: passwords) {
    case nil: storage.withLock { $0.saved = count }
    case .secret(let kind, let file, _)?: stop(kind, file: file)
    case .failed(let message)?: StandardStream.error("error: \(message)\n")
    case .ended?, .unsaved?: break
    }
  }

  /// A save would have written `kind` of secret into `file`: the recording ends as it was saved
  /// last, complete and replayable, with a comment that says why, and nothing after it is
  /// recorded. Says which command's line or output held the secret, never the secret.
  private func stop(_ kind: String, file: String) {
    guard let files else { return }
    let stop = storage.withLock { storage -> Stop in
      let blocks = storage.finishedBlocks
      // The first command whose line or output holds it; else (the secret is in a request,
      // or in output that came later) the first the files did not hold yet.
      let secret = blocks.indices.first { index in
        files.holdsSecret(Transcript(items: [.command(blocks[index])], status: 0).text())
      }
      let index = secret ?? min(storage.saved, max(blocks.count - 1, 0))
      let number = blocks[..<index].filter { $0.input != SessionStatus.interrupt }.count + 1
      let input = index < blocks.count ? blocks[index].input : nil
      // The line as recorded, or its verb alone when the line itself holds the secret.
      let shown = input.flatMap { line -> String? in
        guard files.holdsSecret(line) else { return line }
        let verb = line.split(separator: " ").first.map(String.init) ?? ""
        return verb.isEmpty || files.holdsSecret(verb) ? nil : verb + " …"
      }
      let made = Stop(
        command: number, input: shown, kind: kind, file: file,
        kept: blocks.prefix(storage.saved).filter { $0.input != SessionStatus.interrupt }.count)
      storage.stop = made
      return made
    }
    let comment = [
      "# The recording ends after \(Self.commands(stop.kept)): \(stop.what) would have put \(stop.kind) into its "
        + (stop.file == files.path ? "transcript" : "cassette") + ", and reactor records no secret."
    ]
    let ending = files.end(with: comment)
    storage.withLock { $0.stop?.removed = ending == .removed }
    switch ending {
    case .kept:
      StandardStream.error(
        "error: the recording stops: \(stop.what) would put \(stop.kind) into \(stop.file); "
          + "\(files.path) keeps the \(Self.commands(stop.kept)) before it, and nothing after it is recorded\n")
    case .removed:
      StandardStream.error(
        "error: the recording stops: \(stop.what) holds \(stop.kind), which was saved before it was known "
          + "as one; removed \(files.path) and \(files.cassettePath)\n")
    case .failed(let message):
      StandardStream.error("error: \(message)\n")
    }
  }

  /// `1 command`, `3 commands`.
  static func commands(_ count: Int) -> String { "\(count) command\(count == 1 ? "" : "s")" }

  /// Saves the recording a last time and says where it is: `recorded N commands to PATH` on
  /// standard error. Only the first call does anything (the end of the session, a signal or
  /// the process's exit, whichever comes first); a call from another thread meanwhile waits for
  /// it. Returns false when a file could not be written or was refused. With `exitStatus`, the
  /// process then exits with it, and other callers wait for that.
  @discardableResult
  package func finish(thenExit exitStatus: Int32? = nil) -> Bool {
    finishing.run(reentered: true) {
      let saved = finishOnce()
      if let exitStatus { exit(exitStatus) }
      return saved
    }
  }

  private func finishOnce() -> Bool {
    guard let files else { return true }
    // A command cut short (a signal, a closed pipe) left partial output that its replay would
    // not match: the transcript keeps the commands that finished.
    let unfinished = runningInput
    save()
    if let stop = storage.withLock({ $0.stop }) {
      StandardStream.error(
        stop.removed
          ? "recorded nothing: \(files.path) and its cassette were removed, as \(stop.what) holds \(stop.kind)\n"
          : "recorded \(Self.commands(stop.kept)) to \(files.path); it stops before \(stop.what), "
            + "which would have put \(stop.kind) into \(stop.file)\n")
      return false
    }
    if files.failed { return false }
    let count = commandCount
    let note = unfinished.map { " (without '\($0)', which did not finish)" } ?? ""
    StandardStream.error("recorded \(Self.commands(count)) to \(files.path)\(note)\n")
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
      // Through `WriteErrors.exit` (a closed pipe ends the session there) a save that fails
      // sets the status; a bare `exit` can only save.
      WriteErrors.beforeExit { TranscriptRecorder.active.withLock { $0 }?.finish() ?? true }
      atexit { TranscriptRecorder.active.withLock { $0 }?.finish() }
    }
    return [SIGTERM, SIGHUP].map { number in
      SignalWatcher.shared.watch(number) { [self] in finish(thenExit: 128 + number) }
    }
  }

  /// The recorder `exit` saves.
  static let active = Locked<TranscriptRecorder?>(nil)
  private static let registered = Locked(false)
}
