import ReactorCore
import Rendering

/// The sink of a replay that hands its session over (`replay --until`, `--step`): the
/// replay's memory while its output is checked, also the terminal while stepping, and only the
/// terminal once the session is handed over.
final class HandoverSink: OutputSink {
  private let checked: any OutputSink
  private let live: any OutputSink
  private let mode = Locked(Mode.checking)

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
  }

  func set(_ new: Mode) { mode.withLock { $0 = new } }

  func write(_ lines: [OutputLine]) {
    switch mode.withLock({ $0 }) {
    case .checking: checked.write(lines)
    case .stepping:
      checked.write(lines)
      live.write(lines)
    case .handedOver: live.write(lines)
    }
  }
}
