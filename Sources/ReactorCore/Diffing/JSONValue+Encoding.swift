extension JSONValue {
  /// The compact JSON text of this value, with sorted keys.
  ///
  /// Beyond what RFC 8259 requires, it escapes DEL, the C1 controls, the line and paragraph
  /// separators and the bidirectional overrides, so a line of NDJSON stays inert when a person
  /// prints it to a terminal.
  ///
  /// Encoding writes UTF-8 bytes into one growing buffer and makes the `String` once at the end:
  /// appending small pieces to a `String` costs about a hundred instructions each.
  public var jsonText: String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(128)
    write(into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends the compact JSON text of this value to `out`.
  public func write(to out: inout String) { out += jsonText }

  /// Appends the compact JSON text of this value to `bytes`, as UTF-8.
  public func write(into bytes: inout [UInt8]) {
    switch self {
    case .null: bytes.append(contentsOf: "null".utf8)
    case .bool(let value): bytes.append(contentsOf: value ? "true".utf8 : "false".utf8)
    case .int(let value): JSONValue.writeInteger(value, into: &bytes)
    case .double(let value):
      if value.isFinite {
        if value == value.rounded(), abs(value) < 1e15 {
          JSONValue.writeInteger(Int(value), into: &bytes)
        } else {
          bytes.append(contentsOf: String(value).utf8)
        }
      } else {
        bytes.append(contentsOf: "null".utf8)
      }
    case .string(let value): JSONValue.writeString(value, into: &bytes)
    case .array(let values):
      bytes.append(UInt8(ascii: "["))
      var first = true
      for value in values {
        if !first { bytes.append(UInt8(ascii: ",")) }
        first = false
        value.write(into: &bytes)
      }
      bytes.append(UInt8(ascii: "]"))
    case .object(let object): object.write(into: &bytes)
    }
  }

  static func writeInteger(_ value: Int, into bytes: inout [UInt8]) {
    if value < 0 {
      bytes.append(UInt8(ascii: "-"))
      if value == .min {
        bytes.append(contentsOf: "9223372036854775808".utf8)
        return
      }
    }
    var magnitude = UInt(value.magnitude)
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
    var count = 0
    withUnsafeMutableBytes(of: &digits) { buffer in
      repeat {
        buffer[23 - count] = UInt8(ascii: "0") &+ UInt8(magnitude % 10)
        magnitude /= 10
        count += 1
      } while magnitude > 0
      bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[(24 - count)...]))
    }
  }

  /// Appends `value` as a JSON string literal.
  public static func writeString(_ value: String, to out: inout String) {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(value.utf8.count + 2)
    writeString(value, into: &bytes)
    out += String(decoding: bytes, as: UTF8.self)
  }

  /// Appends `value` as a JSON string literal, as UTF-8.
  public static func writeString(_ value: String, into bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\""))
    var value = value
    value.withUTF8 { utf8 in
      let count = utf8.count
      var plainStart = 0
      var index = 0
      while index < count {
        let byte = utf8[index]
        // Bytes that cannot start an escape: printable ASCII but quote and backslash, and UTF-8
        // bytes other than the lead bytes of C1 controls (C2), U+061C (D8) and U+20xx (E2).
        if (byte >= 0x20 && byte < 0x7F && byte != 0x22 && byte != 0x5C)
          || (byte >= 0x80 && byte != 0xC2 && byte != 0xD8 && byte != 0xE2)
        {
          index += 1
          continue
        }
        let (scalar, length) = decodeScalar(utf8, at: index)
        if let escape = escape(for: scalar) {
          bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plainStart..<index]))
          bytes.append(contentsOf: escape.utf8)
          plainStart = index + length
        }
        index += length
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plainStart..<count]))
    }
    bytes.append(UInt8(ascii: "\""))
  }

  /// The scalar whose (valid) UTF-8 encoding starts at `index`, and its length.
  @inline(__always)
  private static func decodeScalar(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int) {
    let lead = UInt32(utf8[index])
    switch lead {
    case 0..<0x80: return (lead, 1)
    case 0xC0..<0xE0: return ((lead & 0x1F) << 6 | UInt32(utf8[index + 1] & 0x3F), 2)
    case 0xE0..<0xF0:
      return ((lead & 0x0F) << 12 | UInt32(utf8[index + 1] & 0x3F) << 6 | UInt32(utf8[index + 2] & 0x3F), 3)
    default:
      return (
        (lead & 0x07) << 18 | UInt32(utf8[index + 1] & 0x3F) << 12 | UInt32(utf8[index + 2] & 0x3F) << 6
          | UInt32(utf8[index + 3] & 0x3F), 4
      )
    }
  }

  @inline(__always)
  private static func escape(for value: UInt32) -> String? {
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
  public func write(to out: inout String) { out += JSONValue.object(self).jsonText }

  /// Appends the compact JSON text of this object to `bytes`, as UTF-8.
  public func write(into bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "{"))
    var first = true
    for member in members {
      if !first { bytes.append(UInt8(ascii: ",")) }
      first = false
      JSONValue.writeString(member.key, into: &bytes)
      bytes.append(UInt8(ascii: ":"))
      member.value.write(into: &bytes)
    }
    bytes.append(UInt8(ascii: "}"))
  }
}
