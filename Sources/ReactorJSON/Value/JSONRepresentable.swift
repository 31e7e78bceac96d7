/// A value that has a JSON form, used for state dumps and patch values.
public protocol JSONRepresentable: SendableMetatype {
  var jsonValue: JSONValue { get }
  /// Appends the text of ``jsonValue``; a type that keeps its JSON text copies it.
  func writeJSON(to writer: inout JSONWriter)
  /// About how many bytes ``writeJSON(to:)`` appends, to size a writer's buffer once; a type
  /// that keeps its JSON text knows it exactly.
  var jsonSizeHint: Int { get }
}

extension JSONRepresentable {
  public func writeJSON(to writer: inout JSONWriter) { writer.value(jsonValue) }
  public var jsonSizeHint: Int { 32 }
}

extension String: JSONRepresentable { public var jsonValue: JSONValue { .string(self) } }
extension Int: JSONRepresentable { public var jsonValue: JSONValue { .int(self) } }
extension Bool: JSONRepresentable { public var jsonValue: JSONValue { .bool(self) } }
extension Double: JSONRepresentable { public var jsonValue: JSONValue { .double(self) } }
extension JSONValue: JSONRepresentable { public var jsonValue: JSONValue { self } }

extension Optional: JSONRepresentable where Wrapped: JSONRepresentable {
  @inlinable
  public var jsonValue: JSONValue { self?.jsonValue ?? .null }
}

extension Array: JSONRepresentable where Element: JSONRepresentable {
  @inlinable
  public var jsonValue: JSONValue { .array(map { $0.jsonValue }) }
}
