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
    var head: (op: Kind, path: String, bytes: [UInt8])?
    for index in operations.indices {
      let operation = operations[index]
      if index > 0 { writer.byte(UInt8(ascii: ",")) }
      if head == nil || head!.op != operation.op || head!.path != operation.path {
        head = (operation.op, operation.path, Self.head(operation.op, operation.path))
      }
      writer.append(head!.bytes)
      operation.writeTail(to: &writer)
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

  private func writeTail(to writer: inout JSONWriter) {
    if let value {
      writer.raw(#","value":"#)
      writer.value(value)
    }
    writer.byte(UInt8(ascii: "}"))
  }

  /// Escapes one reference token of a JSON Pointer (`~` as `~0`, `/` as `~1`).
  public static func escapeToken(_ token: String) -> String {
    guard token.contains(where: { $0 == "~" || $0 == "/" }) else { return token }
    return token.replacing("~", with: "~0").replacing("/", with: "~1")
  }
}
