package import CommandLanguage
import FoundationEssentials
package import ReactorCore
package import Rendering

/// Records a live session as a transcript while passing its output through.
///
/// Each input line starts a block; every line the session prints until the next input is
/// written under it, as the format writes it (`! ` for standard error). Passwords in input
/// lines are replaced by placeholders of the same length before anything is kept
/// (``Redaction``). The files are written as the session goes (see `TranscriptRecorder+Files`),
/// so however it ends, a valid transcript of what ran is left.
package final class TranscriptRecorder: OutputSink {
  struct Storage {
    var header: [String]
    var blocks: [Transcript.Block] = []
    var placeholders: [String: String] = [:]
    var status = SessionStatus()
    /// The code of the last error the current line's command printed, for its status.
    var failureCode: String?
    /// A command is running: a Control-C now interrupts it.
    var running = false
    /// The current line was left out (``dropCurrent()``): its outcome does not count either.
    var dropped = false
    /// The finished blocks the files held after the last save that wrote them.
    var saved = 0
    /// Why the recording stopped: a save would have written a secret.
    var stop: Stop?

    /// The blocks of the commands that ended: without the running one and its `^C` lines.
    var finishedBlocks: ArraySlice<Transcript.Block> {
      guard running else { return blocks[...] }
      var end = blocks.endIndex
      while end > blocks.startIndex, blocks[end - 1].input == SessionStatus.interrupt { end -= 1 }
      return blocks[..<max(blocks.startIndex, end - 1)]
    }

    func text(blocks: some Sequence<Transcript.Block>) -> String {
      Transcript(items: header.map { .verbatim($0) } + blocks.map { .command($0) }, status: status.value).text()
    }
  }

  /// Where and why a recording stopped: command number `command` (its line, unless that
  /// holds the secret) would have put `kind` of secret into `file`; the files keep the `kept`
  /// commands before.
  struct Stop {
    var command: Int
    var input: String?
    var kind: String
    var file: String
    var kept: Int
    /// The files held the secret already, and were removed.
    var removed = false

    /// `command 2 ('query ********')`.
    var what: String { "command \(command)" + (input.map { " ('\($0)')" } ?? "") }
  }

  private let forward: any OutputSink
  let storage: Locked<Storage>
  let files: RecordingFiles?
  /// The last save, once (``finish(thenExit:)``).
  let finishing = RunOnce<Bool>()

  /// - Parameter files: where the transcript and its cassette are saved; nil keeps them in
  ///   memory only (``text``).
  private let commands: CommandTable<SessionCommand>

  /// - Parameter commands: the session's command language, which says which words are secrets.
  package init(
    forwarding forward: any OutputSink, commands: CommandTable<SessionCommand>, header: [String],
    files: RecordingFiles? = nil
  ) {
    self.forward = forward
    self.commands = commands
    self.storage = Locked(Storage(header: header))
    self.files = files
  }

  /// Starts the block of a new input line; the one before is complete, and saved.
  package func begin(_ input: String) {
    let (command, background) = Tokenizer.splitBackground(input)
    defer { save() }
    storage.withLock { storage in
      // A line typed as `^C` is quoted, which parses the same, so it is not read as Control-C.
      let typed = command == SessionStatus.interrupt ? "'" + command + "'" : command
      let safe = commands.forTranscript(typed, placeholders: &storage.placeholders)
      storage.blocks.append(Transcript.Block(input: safe, background: background))
      storage.failureCode = nil
      storage.running = true
      storage.dropped = false
    }
  }

  /// The command of the current line ended: its outcome counts for the status, and the
  /// recording so far is saved.
  package func end(_ completion: StoreTask.Completion) {
    storage.withLock { storage in
      // A line left out of the transcript is not replayed, so its failure is not the replay's.
      if !storage.dropped { storage.status.add(completion, failureCode: storage.failureCode) }
      storage.dropped = false
      storage.running = false
    }
    save()
  }

  /// Control-C while a command runs: the command is written with `&` (it was left running)
  /// and a `^C` line follows it, so the replay starts it, then cancels everything, as the
  /// session did. Output printed from now on belongs to the `^C` line.
  package func interrupt() {
    storage.withLock { storage in
      guard storage.running, !storage.blocks.isEmpty else { return }
      storage.blocks[storage.blocks.count - 1].background = true
      storage.blocks.append(Transcript.Block(input: SessionStatus.interrupt))
    }
  }

  /// A secret was typed at a prompt for the current line (`password` with no argument): the
  /// line is recorded with its placeholder, so the replay validates it the same way.
  package func noteSecret(_ secret: String) {
    storage.withLock { storage in
      guard !storage.blocks.isEmpty else { return }
      var placeholders = storage.placeholders
      let line = storage.blocks[storage.blocks.count - 1].input + " " + Redaction.quote(secret)
      storage.blocks[storage.blocks.count - 1].input = commands.forTranscript(line, placeholders: &placeholders)
      storage.placeholders = placeholders
    }
  }

  /// The prompt of the current line was abandoned (Ctrl-C, Ctrl-D): the line changed nothing
  /// and cannot be replayed without a terminal, so it is left out of the transcript, and its
  /// outcome (a failure) out of the status. Lines printed meanwhile (the late output of a
  /// command started with `&`) stay, under the line before it.
  package func dropCurrent() {
    storage.withLock { storage in
      guard storage.running, storage.blocks.count > 1 || storage.blocks.last?.expected.isEmpty == true,
        let last = storage.blocks.popLast()
      else { return }
      // Nothing of it runs any more: the blocks before it are all finished ones.
      storage.running = false
      storage.dropped = true
      if !last.expected.isEmpty { storage.blocks[storage.blocks.count - 1].expected += last.expected }
    }
  }

  package func write(_ lines: [OutputLine]) {
    // Kept before it is passed on: a write that ends the process (a closed pipe) still leaves
    // these lines in the transcript saved at exit.
    storage.withLock { storage in
      guard !storage.blocks.isEmpty else { return }
      storage.blocks[storage.blocks.count - 1].expected += lines.map { Substring(Transcript.written($0)) }
      if let code = SessionStatus.lastErrorCode(in: lines) { storage.failureCode = code }
    }
    forward.write(lines)
  }

  /// The transcript text recorded so far.
  package var text: String { storage.withLock { $0.text(blocks: $0.blocks) } }

  /// Commands recorded so far (a `^C` line is not one), the one still running left out.
  package var commandCount: Int {
    storage.withLock { storage in storage.finishedBlocks.filter { $0.input != SessionStatus.interrupt }.count }
  }

  /// The input of the command still running, if any.
  var runningInput: String? {
    storage.withLock { storage in storage.running ? storage.blocks[storage.finishedBlocks.count].input : nil }
  }

  /// The passwords typed so far, to keep out of the files.
  var passwords: [String] { storage.withLock { Array($0.placeholders.keys) } }
}
