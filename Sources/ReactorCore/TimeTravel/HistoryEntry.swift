/// One change as history lists it: its seq, the feature whose store made it, the command that
/// caused it, its mutation, and what it touched.
public struct HistoryEntry: Sendable {
  /// The change's number, from the stores' shared ``Sequencer``.
  public let seq: UInt64
  /// The name its store was attached under (``History/attach(_:feature:)``).
  public let feature: String
  /// The command that caused it, as ``History/begin(command:undoable:)`` named it.
  package let line: HistoryLine
  /// Its mutation's case name (``CaseNamed``).
  public let mutation: String
  /// What it changed, summarised from its patch.
  package let touches: [Touch]

  /// The command that caused it; nil for a change no command caused (before the first, or a
  /// store driven directly).
  public var command: String? { line.id < 0 ? nil : line.text }
}
