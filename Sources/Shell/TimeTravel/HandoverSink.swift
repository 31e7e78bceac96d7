import ReactorCore
import Rendering

/// The sink of a replay that hands its session over (`replay --until`, `--step`): the
/// replay's memory while its output is checked, also the terminal while stepping, and only the
/// terminal once the session is handed over.
final class HandoverSink: OutputSink {
  private let checked: any OutputSink
  private let live: any OutputSink
  private let mode = Locked(Mode.checking)
  /// Where the handed-over session writes: `live`, or the line editor's output over it, which
  /// prints above the prompt.
  private let target: Locked<any OutputSink>

  enum Mode: Sendable {
    /// Into `checked` only.
    case checking
    /// Into `checked` and `live`.
    case stepping
    /// Into `live` only.
    case handedOver
  }

  init(checked: any OutputSink, live: any OutputSink) {
    self.checked = checked
    self.live = live
    self.target = Locked(live)
  }

  func set(_ new: Mode) { mode.withLock { $0 = new } }

  /// Hands the session over: from now on everything goes to `sink` only.
  func handOver(to sink: any OutputSink) {
    target.withLock { $0 = sink }
    set(.handedOver)
  }

  func write(_ lines: [OutputLine]) {
    switch mode.withLock({ $0 }) {
    case .checking: checked.write(lines)
    case .stepping:
      checked.write(lines)
      live.write(lines)
    case .handedOver: target.withLock { $0 }.write(lines)
    }
  }
}
