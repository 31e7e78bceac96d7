import Foundation
import ReactorCore
package import Rendering

/// Records a live session as a transcript while passing its output through.
///
/// Each input line starts a block; every line the session prints until the next input is
/// written under it, escaped as the format requires. Passwords in input lines are replaced
/// by placeholders of the same length before anything is kept (``Redaction``).
package final class TranscriptRecorder: OutputSink {
  private struct Storage {
    var header: [String]
    var blocks: [Transcript.Command] = []
    var placeholders: [String: String] = [:]
  }

  private let forward: any OutputSink
  private let storage: Locked<Storage>

  package init(forwarding forward: any OutputSink, header: [String]) {
    self.forward = forward
    self.storage = Locked(Storage(header: header))
  }

  /// Starts the block of a new input line.
  package func begin(_ input: String) {
    let (command, background) = Tokenizer.splitBackground(input)
    storage.withLock { storage in
      let safe = Redaction.forTranscript(command, placeholders: &storage.placeholders)
      storage.blocks.append(Transcript.Command(input: safe, background: background))
    }
  }

  /// A secret was typed at a prompt for the current line (`password` with no argument): the
  /// line is recorded with its placeholder, so the replay validates it the same way.
  package func noteSecret(_ secret: String) {
    storage.withLock { storage in
      guard !storage.blocks.isEmpty else { return }
      var placeholders = storage.placeholders
      let line = storage.blocks[storage.blocks.count - 1].input + " " + Redaction.quote(secret)
      storage.blocks[storage.blocks.count - 1].input = Redaction.forTranscript(line, placeholders: &placeholders)
      storage.placeholders = placeholders
    }
  }

  /// The prompt of the current line was abandoned (Ctrl-C, Ctrl-D): the line changed nothing
  /// and cannot be replayed without a terminal, so it is left out of the transcript.
  package func dropCurrent() {
    storage.withLock { storage in
      if let last = storage.blocks.last, last.expected.isEmpty { storage.blocks.removeLast() }
    }
  }

  package func write(_ lines: [OutputLine]) {
    forward.write(lines)
    storage.withLock { storage in
      guard !storage.blocks.isEmpty else { return }
      storage.blocks[storage.blocks.count - 1].expected += lines.map { Substring(Transcript.written($0)) }
    }
  }

  /// The transcript text recorded so far.
  package var text: String {
    storage.withLock { storage in
      Transcript(items: storage.header.map { .verbatim($0) } + storage.blocks.map { .command($0) }).text()
    }
  }
}
