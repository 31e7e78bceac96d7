/// One RFC 6902 JSON Patch operation.
///
/// `oldValue` is not part of the RFC's wire form: it is what the target held before a
/// `replace` or `remove`, kept so that text renderers can say `query: nil -> "swift"`.
public struct PatchOperation: Sendable, Equatable {
  public enum Kind: String, Sendable { case add, remove, replace, move, copy, test }

  public var op: Kind
  /// A JSON Pointer (RFC 6901).
  public var path: String
  /// The value of an `add`, `replace` or `test`, which each need one (`.null` is a value).
  public var value: JSONValue?
  public var oldValue: JSONValue?
  /// The JSON Pointer a `move` or `copy` takes its value from.
  public var from: String?

  public init(op: Kind, path: String, value: JSONValue? = nil, oldValue: JSONValue? = nil, from: String? = nil) {
    self.op = op
    self.path = path
    self.value = value
    self.oldValue = oldValue
    self.from = from
  }

  /// Reads one operation of a JSON Patch document: an object with an `op` of RFC 6902's six,
  /// a string `path`, a `value` for `add`, `replace` and `test` and a string `from` for `move`
  /// and `copy`; other members are ignored, as the RFC asks.
  public init(jsonValue: JSONValue) throws {
    func failure(_ reason: String) -> JSONPatch.Failure {
      JSONPatch.Failure(description: "bad operation \(jsonValue.jsonText): \(reason)")
    }
    guard case .object(let object) = jsonValue.resolved else { throw failure("not an object") }
    guard case .string(let name)? = object["op"]?.resolved else { throw failure("no op") }
    guard let op = Kind(rawValue: name) else { throw failure("unknown op") }
    guard case .string(let path)? = object["path"]?.resolved else { throw failure("no path, or not a string") }
    self.init(op: op, path: path)
    switch op {
    case .add, .replace, .test:
      guard let value = object["value"] else { throw failure("no value") }
      self.value = value
    case .move, .copy:
      guard case .string(let from)? = object["from"]?.resolved else { throw failure("no from, or not a string") }
      self.from = from
    case .remove: break
    }
  }

  /// Equal when the kinds, paths and values are: the paths compared by their scalars, as JSON
  /// compares strings, so that two pointers that differ only in normalization stay apart.
  public static func == (lhs: PatchOperation, rhs: PatchOperation) -> Bool {
    lhs.op == rhs.op && lhs.path.hasSameScalars(as: rhs.path) && lhs.value == rhs.value
      && lhs.oldValue == rhs.oldValue && sameScalars(lhs.from, rhs.from)
  }

  private static func sameScalars(_ lhs: String?, _ rhs: String?) -> Bool {
    guard let lhs, let rhs else { return lhs == nil && rhs == nil }
    return lhs.hasSameScalars(as: rhs)
  }

  /// The RFC 6902 form of this operation, its members sorted.
  public var jsonValue: JSONValue {
    var members: [(key: String, value: JSONValue)] = []
    members.reserveCapacity(4)
    if let from { members.append(("from", .string(from))) }
    members.append(("op", .string(op.rawValue)))
    members.append(("path", .string(path)))
    if let value { members.append(("value", value)) }
    return .object(JSONObject(sortedMembers: members))
  }

  /// Escapes one reference token of a JSON Pointer (`~` as `~0`, `/` as `~1`).
  public static func escapeToken(_ token: String) -> String {
    // On bytes, as a pointer is parsed on scalars: a `~` followed by a combining mark is one
    // Character, which a Character-based replace would leave unescaped.
    guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return token }
    var escaped = [UInt8]()
    escaped.reserveCapacity(token.utf8.count + 2)
    for byte in token.utf8 {
      switch byte {
      case UInt8(ascii: "~"): escaped += [UInt8(ascii: "~"), UInt8(ascii: "0")]
      case UInt8(ascii: "/"): escaped += [UInt8(ascii: "~"), UInt8(ascii: "1")]
      default: escaped.append(byte)
      }
    }
    return String(decoding: escaped, as: UTF8.self)
  }
}
