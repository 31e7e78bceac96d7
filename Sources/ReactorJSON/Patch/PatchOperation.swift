/// One RFC 6902 JSON Patch operation.
///
/// `oldValue` is not part of the RFC's wire form: it is what the target held before a
/// `replace` or `remove`, kept so that text renderers can say `query: nil -> "swift"`.
public struct PatchOperation: Sendable, Equatable {
  public enum Kind: String, Sendable { case add, remove, replace, test }

  public var op: Kind
  /// A JSON Pointer (RFC 6901).
  public var path: String
  public var value: JSONValue?
  public var oldValue: JSONValue?

  /// Inlinable, so that a differ's operation is built in place in its patch.
  @inlinable
  public init(op: Kind, path: String, value: JSONValue? = nil, oldValue: JSONValue? = nil) {
    self.op = op
    self.path = path
    self.value = value
    self.oldValue = oldValue
  }

  /// Equal when the kinds, paths and values are: the paths compared by their scalars, as JSON
  /// compares strings, so that two pointers that differ only in normalization stay apart.
  public static func == (lhs: PatchOperation, rhs: PatchOperation) -> Bool {
    lhs.op == rhs.op && lhs.path.hasSameScalars(as: rhs.path) && lhs.value == rhs.value
      && lhs.oldValue == rhs.oldValue
  }

  /// The RFC 6902 form of this operation.
  public var jsonValue: JSONValue {
    var members: [(key: String, value: JSONValue)] = [("op", .string(op.rawValue)), ("path", .string(path))]
    if let value { members.append(("value", value)) }
    return .object(JSONObject(sortedMembers: members))
  }

  /// Escapes one reference token of a JSON Pointer (`~` as `~0`, `/` as `~1`).
  public static func escapeToken(_ token: String) -> String {
    guard token.contains(where: { $0 == "~" || $0 == "/" }) else { return token }
    return token.replacing("~", with: "~0").replacing("/", with: "~1")
  }
}
