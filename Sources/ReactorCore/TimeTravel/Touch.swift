import ReactorJSON

/// What one change did at one place of a feature's state, summarised from its patch: a field
/// replaced (`/query`), or a run of elements appended to a list (`/repos/30..59 added`).
///
/// History keeps these rather than the patches' values, so that `history` and `why` never
/// build a repository's JSON, and a change costs a few small strings.
package struct Touch: Sendable, Equatable {
  package enum Kind: String, Sendable {
    case add, remove, replace

    /// An operation's kind (a `test`, which changes nothing, reads as a replace; a `move` or
    /// `copy`, which the differ never makes, as the add at its path).
    init(_ op: PatchOperation.Kind) {
      switch op {
      case .add, .move, .copy: self = .add
      case .remove: self = .remove
      case .replace, .test: self = .replace
      }
    }
  }

  package var kind: Kind
  /// The JSON Pointer of the field or list (for an append, the list, without `/-`).
  package var path: String
  /// For an append, the indices of the new elements; for a list replaced whole, nil.
  package var indices: ClosedRange<Int>?
  /// For a list replaced whole, its new length.
  package var length: Int?

  /// True when this change may have changed the value at `pointer` (its reference tokens): the
  /// pointer is this path or inside it, or contains it; inside a list that was appended to,
  /// only the new indices count.
  package func reaches(_ pointer: [String]) -> Bool {
    let own = Self.tokens(path)
    let common = min(own.count, pointer.count)
    guard Array(own[..<common]) == Array(pointer[..<common]) else { return false }
    guard pointer.count > own.count, let indices else { return true }
    guard let index = Int(pointer[own.count]) else { return false }
    return indices.contains(index)
  }

  package static func tokens(_ pointer: String) -> [String] { (try? JSONPatch.parsePointer(pointer)) ?? [pointer] }
}
