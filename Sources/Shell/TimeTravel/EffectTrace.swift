import ReactorCore
import ReactorJSON
import Rendering
import Synchronization

/// `trace on`: an `effect` record when an effect's work starts, ends, fails or is cancelled
/// (and by which command), with its cancellation id, the seq of the last change before it
/// started (its action's), and how long it ran on the session's clock (virtual in a replay, so
/// deterministic). A record is tagged with the request id of the action that started the
/// effect, as that request's other records are (so its cancellation id is `effectId`).
///
/// Each feature's reactor holds the ``EffectTracer`` made here; while tracing is off, the
/// reactors leave their effects as they are.
final class EffectTrace: Sendable {
  private let on = Atomic<Bool>(false)
  private let state = Locked(State())
  private let sink: any OutputSink
  private let records: Records
  private let time: TimeSource
  private let sequencer: Sequencer
  /// The input line running now, which is what cancels effects.
  private let currentLine: @Sendable () -> String

  private struct Running: Sendable {
    let feature: String
    let id: EffectID?
    /// The tag (daemon request id) of the action that started it.
    let tag: JSONValue?
    let seq: UInt64
    let start: Double
    /// The command that cancelled it, once one did.
    var cancelledBy: String?
  }

  private struct State: Sendable {
    var next: UInt64 = 0
    var running: [UInt64: Running] = [:]
  }

  init(
    sink: any OutputSink, records: Records, time: TimeSource, sequencer: Sequencer,
    currentLine: @escaping @Sendable () -> String
  ) {
    self.sink = sink
    self.records = records
    self.time = time
    self.sequencer = sequencer
    self.currentLine = currentLine
  }

  var isOn: Bool { on.load(ordering: .relaxed) }

  func set(_ value: Bool) { on.store(value, ordering: .relaxed) }

  /// The tracer of one feature's reactor, whose store `origin` follows.
  func tracer(feature: String, origin: TraceOrigin) -> EffectTracer {
    EffectTracer(
      isOn: { [self] in isOn },
      currentTag: { origin.tag },
      start: { [self] id, tag in
        let running = Running(feature: feature, id: id, tag: tag, seq: sequencer.last, start: time.now())
        let token = state.withLock { state in
          state.next += 1
          state.running[state.next] = running
          return state.next
        }
        sink.write([line("start", running, duration: nil)])
        return token
      },
      finish: { [self] token, outcome in
        guard let running = state.withLock({ $0.running.removeValue(forKey: token) }) else { return }
        let event =
          switch outcome {
          case .ended: "end"
          case .cancelled: "cancel"
          case .failed: "fail"
          }
        sink.write([line(event, running, duration: time.now() - running.start)])
      },
      cancelling: { [self] id in
        let line = currentLine()
        state.withLock { state in
          for (token, running) in state.running where running.feature == feature && running.id == id {
            state.running[token]?.cancelledBy = running.cancelledBy ?? line
          }
        }
      })
  }

  /// Everything of `feature` (nil: every feature) running now is about to be cancelled by
  /// `cause` (Ctrl-C, `cancel`, a jump).
  func noteCancel(feature: String?, by cause: String) {
    guard isOn else { return }
    state.withLock { state in
      for (token, running) in state.running where feature == nil || running.feature == feature {
        state.running[token]?.cancelledBy = running.cancelledBy ?? cause
      }
    }
  }

  /// `{"type":"effect","event":"end",...}` or `effect search/search: ended after 300ms (seq 1)`.
  private func line(_ event: String, _ running: Running, duration: Double?) -> OutputLine {
    let milliseconds = duration.map { Int(($0 * 1000).rounded()) }
    let cause = event == "cancel" ? running.cancelledBy : nil
    if records.options.mode == .json {
      var object: JSONObject = [
        "type": .string("effect"), "event": .string(event), "feature": .string(running.feature),
        "effectId": running.id.map { .string($0.name) } ?? .null, "seq": .int(Int(running.seq)),
      ]
      if let milliseconds { object["durationMs"] = .int(milliseconds) }
      if event == "cancel" { object["cancelledBy"] = cause.map(JSONValue.string) ?? .null }
      return records.record(object).tagged(running.tag)
    }
    let name = running.feature + (running.id.map { "/" + $0.name } ?? "")
    let verb =
      switch event {
      case "start": "started"
      case "end": "ended"
      case "cancel": "cancelled"
      default: "failed"
      }
    var text = "effect \(name): \(verb)"
    if let milliseconds { text += " after \(milliseconds)ms" }
    if let cause { text += " by '\(TerminalText.sanitize(cause, keepTab: false))'" }
    return OutputLine(.out, text + " (seq \(running.seq))").tagged(running.tag)
  }
}
