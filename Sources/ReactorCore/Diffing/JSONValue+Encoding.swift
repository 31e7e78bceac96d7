extension JSONValue {
  /// The compact JSON text of this value, with sorted keys.
  ///
  /// Beyond what RFC 8259 requires, it escapes DEL, the C1 controls, the line and paragraph
  /// separators and the bidirectional overrides, so a line of NDJSON stays inert when a person
  /// prints it to a terminal.
  public var jsonText: String {
    var out = ""
    write(to: &out)
    return out
  }

  /// Appends the compact JSON text of this value to `out`.
  public func write(to out: inout String) {
    switch self {
    case .null: out += "null"
    case .bool(let value): out += value ? "true" : "false"
    case .int(let value): out += String(value)
    case .double(let value):
      if value.isFinite {
        if value == value.rounded(), abs(value) < 1e15 { out += String(Int(value)) } else {
          out += String(value)
        }
      } else {
        out += "null"
      }
    case .string(let value): JSONValue.writeString(value, to: &out)
    case .array(let values):
      out += "["
      for (index, value) in values.enumerated() {
        if index > 0 { out += "," }
        value.write(to: &out)
      }
      out += "]"
    case .object(let object): object.write(to: &out)
    }
  }

  /// Appends `value` as a JSON string literal.
  public static func writeString(_ value: String, to out: inout String) {
    out += "\""
    // Fast path: no byte that could start an escape (ASCII controls, quote, backslash, DEL, or
    // the lead bytes of C1 controls, U+061C and the U+20xx separators and overrides).
    if !value.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xC2 || $0 == 0xD8 || $0 == 0xE2 }) {
      out += value
      out += "\""
      return
    }
    var plainStart = value.unicodeScalars.startIndex
    var index = plainStart
    let scalars = value.unicodeScalars
    while index != scalars.endIndex {
      let scalar = scalars[index]
      if let escape = escape(for: scalar) {
        out.unicodeScalars.append(contentsOf: scalars[plainStart..<index])
        out += escape
        plainStart = scalars.index(after: index)
      }
      index = scalars.index(after: index)
    }
    out.unicodeScalars.append(contentsOf: scalars[plainStart..<scalars.endIndex])
    out += "\""
  }

  @inline(__always)
  private static func escape(for scalar: Unicode.Scalar) -> String? {
    let value = scalar.value
    if value >= 0x20 && value < 0x7F {
      switch value {
      case 0x22: return "\\\""
      case 0x5C: return "\\\\"
      default: return nil
      }
    }
    switch value {
    case 0x0A: return "\\n"
    case 0x0D: return "\\r"
    case 0x09: return "\\t"
    case 0x08: return "\\b"
    case 0x0C: return "\\f"
    case 0x00..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F,
      0x061C:
      return unicodeEscape(value)
    default: return nil
    }
  }

  private static func unicodeEscape(_ value: UInt32) -> String {
    let hex = String(value, radix: 16, uppercase: false)
    return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }
}

extension JSONObject {
  /// Appends the compact JSON text of this object to `out`.
  public func write(to out: inout String) {
    out += "{"
    for (index, member) in members.enumerated() {
      if index > 0 { out += "," }
      JSONValue.writeString(member.key, to: &out)
      out += ":"
      member.value.write(to: &out)
    }
    out += "}"
  }
}
