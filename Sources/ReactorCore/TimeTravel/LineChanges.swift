/// What one input line changed, per feature: what `undo` takes back and `redo` puts again.
package struct LineChanges: Sendable {
  package struct Span: Sendable {
    package let feature: String
    /// The seq of the line's first and last change in that feature.
    package let first: UInt64
    package var last: UInt64
  }

  package let line: HistoryLine
  package var spans: [Span]

  /// Each feature the line changed and the seq whose state a jump puts back there: the state
  /// before the line's first change (`undo`), or after its last (`redo`).
  package func targets(undoing: Bool) -> [(feature: String, seq: UInt64)] {
    spans.map { ($0.feature, undoing ? $0.first - 1 : $0.last) }
  }
}
