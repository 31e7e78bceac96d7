/// One change as history lists it: its seq, feature, the input line that caused it, its
/// mutation, and what it touched.
struct HistoryEntry: Sendable {
  let seq: UInt64
  let feature: String
  let line: HistoryLine
  let mutation: String
  let touches: [Touch]
}
