import Rendering
import Shell

/// Discards everything, so a benchmark measures rendering without the cost of keeping lines.
struct NullSink: OutputSink {
  func write(_ lines: [OutputLine]) {}
}
