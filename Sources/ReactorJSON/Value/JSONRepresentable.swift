/// A value that has a JSON form, used for state dumps and patch values.
public protocol JSONRepresentable: SendableMetatype {
  var jsonValue: JSONValue { get }
  /// Appends the text of ``jsonValue``; a type that keeps its JSON text copies it.
  func writeJSON(to writer: inout JSONWriter)
  /// About how many bytes ``writeJSON(to:)`` appends, to size a writer's buffer once; a type
  /// that keeps its JSON text knows it exactly.
  var jsonSizeHint: Int { get }
  /// Writes each element as `head`, its JSON text and, when `closing`, a `}`, with a comma
  /// between two: the elements of a run in a ``Patch``. A type that keeps its JSON text can
  /// copy each element's without retaining the element.
  static func writeJSON(
    _ elements: UnsafeBufferPointer<Self>, each head: borrowing JSONWriter, closing: Bool, to writer: inout JSONWriter)
}

extension JSONRepresentable {
  public func writeJSON(to writer: inout JSONWriter) { writer.value(jsonValue) }
  public var jsonSizeHint: Int { 32 }

  public static func writeJSON(
    _ elements: UnsafeBufferPointer<Self>, each head: borrowing JSONWriter, closing: Bool, to writer: inout JSONWriter
  ) {
    for index in elements.indices {
      if index > 0 { writer.byte(UInt8(ascii: ",")) }
      writer.append(head)
      elements[index].writeJSON(to: &writer)
      if closing { writer.byte(UInt8(ascii: "}")) }
    }
  }
}

extension String: JSONRepresentable { public var jsonValue: JSONValue { .string(self) } }
extension Int: JSONRepresentable { public var jsonValue: JSONValue { .int(self) } }
extension Bool: JSONRepresentable { public var jsonValue: JSONValue { .bool(self) } }
extension Double: JSONRepresentable { public var jsonValue: JSONValue { .double(self) } }
extension JSONValue: JSONRepresentable { public var jsonValue: JSONValue { self } }

extension Optional: JSONRepresentable where Wrapped: JSONRepresentable {
  public var jsonValue: JSONValue { self?.jsonValue ?? .null }
}

extension Array: JSONRepresentable where Element: JSONRepresentable {
  public var jsonValue: JSONValue { .array(map { $0.jsonValue }) }
}
