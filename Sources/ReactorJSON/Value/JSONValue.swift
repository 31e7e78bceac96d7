/// A JSON value with object keys kept in sorted order, so encoding is deterministic and cheap.
public enum JSONValue: Sendable, Equatable {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case array([JSONValue])
  case object(JSONObject)
  /// A value that wrote its own JSON text once, when it was made: encoding copies those bytes,
  /// and everything that looks inside it sees ``PreencodedJSON/jsonTree``. Equal to any value
  /// with the same tree.
  case encoded(any PreencodedJSON)

  /// A member of an object, or nil.
  public subscript(key: String) -> JSONValue? {
    if case .object(let object) = resolved { return object[key] }
    return nil
  }

  /// This value with an ``encoded(_:)`` value replaced by its tree (one level deep: the tree's
  /// own members may be encoded too).
  public var resolved: JSONValue {
    if case .encoded(let value) = self { return value.jsonTree }
    return self
  }

  /// Equal as JSON: strings by their Unicode scalars (NFC and NFD `é` differ, though Swift's
  /// `String ==` calls them equal), numbers by their values whichever case holds them (`1` and
  /// `1.0`, as RFC 6902's `test` compares them, and as an integral double written as `100`
  /// reads back as ``int(_:)``), objects member by member whatever the order they were given in.
  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.int(let a), .int(let b)): a == b
    case (.double(let a), .double(let b)): a == b
    // Exactly: nil for a fraction, NaN, or a double beyond `Int`, none of which is an integer.
    case (.int(let a), .double(let b)), (.double(let b), .int(let a)): Int(exactly: b) == a
    case (.string(let a), .string(let b)): a.hasSameScalars(as: b)
    case (.array(let a), .array(let b)): a == b
    case (.object(let a), .object(let b)): a == b
    // Different texts can still be equal values: an integer and an integral double of 1e15 or
    // more are written apart (`1000000000000000`, `1e+15`).
    case (.encoded(let a), .encoded(let b)): a === b || a.hasSameJSON(as: b) || a.jsonTree == b.jsonTree
    case (.encoded(let a), _): a.jsonTree == rhs
    case (_, .encoded(let b)): lhs == b.jsonTree
    default: false
    }
  }
}
