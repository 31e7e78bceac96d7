import ReactorCore
import Rendering
import Shell

/// Keeps every line written, so a benchmark can check what its setup renders.
final class MemorySink: OutputSink {
  private let storage = Locked<[OutputLine]>([])

  func write(_ lines: [OutputLine]) { storage.withLock { $0 += lines } }

  /// Everything written so far.
  var lines: [OutputLine] { storage.withLock { $0 } }
}
