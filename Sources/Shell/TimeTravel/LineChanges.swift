/// What one input line changed, per feature: what `undo` takes back and `redo` puts again.
struct LineChanges: Sendable {
  struct Span: Sendable {
    let feature: String
    /// The seq of the line's first and last change in that feature.
    let first: UInt64
    var last: UInt64
  }

  let line: HistoryLine
  var spans: [Span]
}
