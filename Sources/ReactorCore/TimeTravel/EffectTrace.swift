public import ReactorJSON
import Synchronization

/// Effect tracing (`trace on`): reports when an effect's work starts, ends, fails or is
/// cancelled (and by which command), with its cancellation id, the seq of the last change
/// before it started (its action's), and how long it ran on the given clock (virtual in a
/// replay, so deterministic).
///
/// A store given an ``EffectTracer`` made here (``Store/init(reactor:sequencer:differ:executor:tracer:)``)
/// traces every effect it starts; code that builds effects elsewhere can pass them through
/// ``Effect/traced(by:)`` itself. While tracing is off, effects are left as they are and cost
/// one check.
public final class EffectTrace: Sendable {
  /// One thing that happened to an effect's work.
  public struct Event: Sendable {
    /// What happened; the raw values are the NDJSON `event` field's.
    public enum Kind: String, Sendable { case start, end, cancel, fail }

    /// What happened.
    public let kind: Kind
    /// The feature whose reactor made the effect (``EffectTrace/tracer(feature:)``).
    public let feature: String
    /// The cancellation id the work runs under, if any.
    public let effect: EffectID?
    /// The tag of the action that started the effect (a daemon request id), if any.
    public let tag: JSONValue?
    /// The seq of the last change before the work started.
    public let seq: UInt64
    /// Seconds from start to this event; nil for a start.
    public let duration: Double?
    /// For a cancellation, the command that caused it, if known.
    public let cancelledBy: String?
  }

  private let on = Atomic<Bool>(false)
  private let state = Locked(State())
  private let sequencer: Sequencer
  private let now: @Sendable () -> Double
  /// The command running now, which is what cancels effects.
  private let currentLine: @Sendable () -> String
  private let report: @Sendable (Event) -> Void

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

  /// A trace of the stores that share `sequencer`, timed by `now` (seconds), naming as the cause
  /// of a cancellation the command `history` is running (``History/begin(command:undoable:)``),
  /// and telling `report` each event, on the thread of the effect or action it is about. Off
  /// until ``isOn`` is set.
  public init(
    sequencer: Sequencer, now: @escaping @Sendable () -> Double, history: History? = nil,
    report: @escaping @Sendable (Event) -> Void
  ) {
    self.sequencer = sequencer
    self.now = now
    self.currentLine = { history?.currentLine ?? "" }
    self.report = report
  }

  /// Whether effects are traced; effects made while it is off are never traced.
  public var isOn: Bool {
    get { on.load(ordering: .relaxed) }
    set { on.store(newValue, ordering: .relaxed) }
  }

  /// The tracer for the reactor of `feature`. Its events carry no tag: the shell's tracers read
  /// theirs from the store.
  public func tracer(feature: String) -> EffectTracer { tracer(feature: feature, origin: nil) }

  /// The tracer of one feature's reactor, whose store `origin` follows.
  package func tracer(feature: String, origin: TraceOrigin?) -> EffectTracer {
    EffectTracer(
      isOn: { [self] in isOn },
      currentTag: { origin?.tag },
      start: { [self] id, tag in
        let running = Running(feature: feature, id: id, tag: tag, seq: sequencer.last, start: now())
        let token = state.withLock { state in
          state.next += 1
          state.running[state.next] = running
          return state.next
        }
        report(event(.start, running, duration: nil))
        return token
      },
      finish: { [self] token, outcome in
        guard let running = state.withLock({ $0.running.removeValue(forKey: token) }) else { return }
        let kind: Event.Kind =
          switch outcome {
          case .ended: .end
          case .cancelled: .cancel
          case .failed: .fail
          }
        report(event(kind, running, duration: now() - running.start))
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
  package func noteCancel(feature: String?, by cause: String) {
    guard isOn else { return }
    state.withLock { state in
      for (token, running) in state.running where feature == nil || running.feature == feature {
        state.running[token]?.cancelledBy = running.cancelledBy ?? cause
      }
    }
  }

  private func event(_ kind: Event.Kind, _ running: Running, duration: Double?) -> Event {
    Event(
      kind: kind, feature: running.feature, effect: running.id, tag: running.tag, seq: running.seq,
      duration: duration, cancelledBy: kind == .cancel ? running.cancelledBy : nil)
  }
}
