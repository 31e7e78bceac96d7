extension JSONValue {
  /// The compact JSON text of this value, with sorted keys.
  ///
  /// Beyond what RFC 8259 requires, it escapes every `UnsafeScalar` (DEL, the C1 controls,
  /// the line and paragraph separators and the bidirectional marks), so a line of NDJSON stays
  /// inert when a person prints it to a terminal.
  public var jsonText: String {
    var writer = JSONWriter(capacity: 128)
    writer.value(self)
    return writer.text
  }

  /// Appends the compact JSON text of this value to `writer`.
  public func write(to writer: inout JSONWriter) {
    switch self {
    case .null: writer.raw("null")
    case .bool(let value): value ? writer.raw("true") : writer.raw("false")
    case .int(let value): writer.int(value)
    case .double(let value):
      if value.isFinite {
        if value == value.rounded(), abs(value) < 1e15 {
          // `-0` is a number of its own (JSON text has it, and a double keeps its sign).
          if value == 0, value.sign == .minus { return writer.raw("-0") }
          writer.int(Int(value))
        } else {
          writer.append(String(value))
        }
      } else {
        writer.raw("null")
      }
    case .string(let value): writer.string(value)
    case .array(let values):
      writer.byte(UInt8(ascii: "["))
      var first = true
      for value in values {
        if !first { writer.byte(UInt8(ascii: ",")) }
        first = false
        value.write(to: &writer)
      }
      writer.byte(UInt8(ascii: "]"))
    case .object(let object): object.write(to: &writer)
    case .encoded(let value): value.withEncodedJSON { writer.append($0) }
    }
  }

  /// Appends `value` as a JSON string literal.
  package static func writeString(_ value: String, to out: inout String) {
    var writer = JSONWriter(capacity: value.utf8.count + 8)
    writer.string(value)
    out += writer.text
  }
}

extension JSONObject {
  /// Appends the compact JSON text of this object to `writer`.
  public func write(to writer: inout JSONWriter) {
    writer.byte(UInt8(ascii: "{"))
    var first = true
    for member in members {
      if !first { writer.byte(UInt8(ascii: ",")) }
      first = false
      writer.string(member.key)
      writer.byte(UInt8(ascii: ":"))
      member.value.write(to: &writer)
    }
    writer.byte(UInt8(ascii: "}"))
  }
}
