import Foundation
public import Rendering
import Synchronization

/// Records a live session as a transcript while passing its output through.
///
/// Each input line starts a block; every line the session prints until the next input is
/// written under it, escaped as the format requires. Lines that could hold secrets are
/// redacted by `redact` before they are kept.
public final class TranscriptRecorder: OutputSink {
  private let forward: any OutputSink
  private let redact: @Sendable (String) -> String
  private let storage = Mutex<(header: [String], blocks: [Transcript.Command])>(([], []))

  public init(forwarding forward: any OutputSink, header: [String], redact: @escaping @Sendable (String) -> String = { $0 }) {
    self.forward = forward
    self.redact = redact
    storage.withLock { $0.header = header }
  }

  /// Starts the block of a new input line.
  public func begin(_ input: String) {
    let (command, background) = Session.splitBackground(input)
    let safe = redact(command)
    storage.withLock { $0.blocks.append(Transcript.Command(input: safe, background: background)) }
  }

  public func write(_ lines: [OutputLine]) {
    forward.write(lines)
    storage.withLock { storage in
      guard !storage.blocks.isEmpty else { return }
      storage.blocks[storage.blocks.count - 1].expected += lines.map { Transcript.escape($0.text) }
    }
  }

  /// The transcript text recorded so far.
  public var text: String {
    storage.withLock { storage in
      Transcript(items: storage.header.map { .verbatim($0) } + storage.blocks.map { .command($0) }).text()
    }
  }
}
