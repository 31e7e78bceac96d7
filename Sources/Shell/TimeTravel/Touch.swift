import ReactorJSON

/// What one change did at one place of a feature's state, summarised from its patch: a field
/// replaced (`/query`), or a run of elements appended to a list (`/repos/30..59 added`).
///
/// History keeps these rather than the patches' values, so that `history` and `why` never
/// build a repository's JSON, and a change costs a few small strings.
struct Touch: Sendable, Equatable {
  enum Kind: String, Sendable {
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

  var kind: Kind
  /// The JSON Pointer of the field or list (for an append, the list, without `/-`).
  var path: String
  /// For an append, the indices of the new elements; for a list replaced whole, nil.
  var indices: ClosedRange<Int>?
  /// For a list replaced whole, its new length.
  var length: Int?

  /// `/repos/30..59 added`, `/repos/0 added`, `/repos = 30 items`, `/query`.
  var text: String {
    if let indices {
      let span = indices.count == 1 ? "\(indices.lowerBound)" : "\(indices.lowerBound)..\(indices.upperBound)"
      return "\(path)/\(span) added"
    }
    if let length { return "\(path) = \(length) item\(length == 1 ? "" : "s")" }
    return kind == .remove ? "\(path) removed" : path
  }

  /// The record form: `{"op":"add","path":"/repos","from":30,"to":59}`.
  var jsonValue: JSONValue {
    var object: JSONObject = ["op": .string(kind.rawValue), "path": .string(path)]
    if let indices {
      object["from"] = .int(indices.lowerBound)
      object["to"] = .int(indices.upperBound)
    }
    if let length { object["length"] = .int(length) }
    return .object(object)
  }

  /// True when this change may have changed the value at `pointer` (its reference tokens): the
  /// pointer is this path or inside it, or contains it; inside a list that was appended to,
  /// only the new indices count.
  func reaches(_ pointer: [String]) -> Bool {
    let own = Self.tokens(path)
    let common = min(own.count, pointer.count)
    guard Array(own[..<common]) == Array(pointer[..<common]) else { return false }
    guard pointer.count > own.count, let indices else { return true }
    guard let index = Int(pointer[own.count]) else { return false }
    return indices.contains(index)
  }

  static func tokens(_ pointer: String) -> [String] { (try? JSONPatch.parsePointer(pointer)) ?? [pointer] }
}
