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

  public init(op: Kind, path: String, value: JSONValue? = nil, oldValue: JSONValue? = nil) {
    self.op = op
    self.path = path
    self.value = value
    self.oldValue = oldValue
  }

  /// The RFC 6902 form of this operation.
  public var jsonValue: JSONValue {
    var members: [(key: String, value: JSONValue)] = [("op", .string(op.rawValue)), ("path", .string(path))]
    if let value { members.append(("value", value)) }
    return .object(JSONObject(sortedMembers: members))
  }

  /// Writes operations as a JSON array (the text of `.array(operations.map(\.jsonValue))`).
  /// A run of operations with the same kind and path, such as the adds of an appended page,
  /// shares one escaped `{"op":...,"path":...` head.
  public static func write(_ operations: [PatchOperation], to writer: inout JSONWriter) {
    writer.byte(UInt8(ascii: "["))
    // The operations are read in place (a copy of each retained and released its path and
    // values: a third of the cost of an appended page's line).
    var headOp: Kind?
    var headPath = ""
    var head: [UInt8] = []
    operations.withUnsafeBufferPointer { operations in
      for index in operations.indices {
        if index > 0 { writer.byte(UInt8(ascii: ",")) }
        if headOp != operations[index].op || headPath != operations[index].path {
          headOp = operations[index].op
          headPath = operations[index].path
          head = Self.head(operations[index].op, operations[index].path)
        }
        writer.append(head)
        if operations[index].value != nil {
          writer.raw(#","value":"#)
          writer.value(operations[index].value.unsafelyUnwrapped)
        }
        writer.byte(UInt8(ascii: "}"))
      }
    }
    writer.byte(UInt8(ascii: "]"))
  }

  /// `{"op":"add","path":"/repos/-"`, the part before the value.
  private static func head(_ op: Kind, _ path: String) -> [UInt8] {
    var writer = JSONWriter(capacity: 32 + path.utf8.count)
    switch op {
    case .add: writer.raw(#"{"op":"add","path":"#)
    case .remove: writer.raw(#"{"op":"remove","path":"#)
    case .replace: writer.raw(#"{"op":"replace","path":"#)
    case .test: writer.raw(#"{"op":"test","path":"#)
    }
    writer.string(path)
    return writer.bytes
  }

  /// Escapes one reference token of a JSON Pointer (`~` as `~0`, `/` as `~1`).
  public static func escapeToken(_ token: String) -> String {
    guard token.contains(where: { $0 == "~" || $0 == "/" }) else { return token }
    return token.replacing("~", with: "~0").replacing("/", with: "~1")
  }
}
