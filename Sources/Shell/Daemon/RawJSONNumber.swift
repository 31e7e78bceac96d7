import ReactorJSON

/// A JSON number kept as its client wrote it (`1.0`, `1e3`, `18446744073709551616`), so that a
/// daemon echoes a request id byte for byte. It compares by value with `.int` and `.double`
/// (through ``jsonTree``), which is how `cancel <id>` finds it.
final class RawJSONNumber: PreencodedJSON {
  private let bytes: [UInt8]
  let jsonTree: JSONValue

  /// Nil unless `token` has only the characters of a JSON number (it comes from validated JSON;
  /// this keeps anything else out of the output). `value` is what the decoder made of it.
  init?(_ token: ArraySlice<UInt8>, value: JSONValue) {
    guard !token.isEmpty,
      token.allSatisfy({
        (0x30...0x39).contains($0) || $0 == 0x2D || $0 == 0x2B || $0 == 0x2E || $0 == 0x65 || $0 == 0x45
      })
    else { return nil }
    bytes = Array(token)
    // The value as written: `1.0` is a Double (so `cancel 1.0` finds it), `7` an Int.
    let text = String(decoding: token, as: UTF8.self)
    jsonTree = Int(text).map(JSONValue.int) ?? Double(text).map(JSONValue.double) ?? value
  }

  func withEncodedJSON<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
    try bytes.withUnsafeBufferPointer(body)
  }
}
