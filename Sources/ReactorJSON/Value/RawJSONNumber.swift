/// A JSON number kept as it was written (`1.0`, `1e3`, `18446744073709551616`), so that it is
/// written back byte for byte: the parser's integers beyond `Int`, whose digits a double would
/// round, and the daemon's request ids, echoed as the client wrote them. It compares by value
/// with `.int` and `.double` through ``jsonTree`` (an integer beyond `Int` as its nearest
/// double), which is also how `cancel <id>` finds an id.
package final class RawJSONNumber: PreencodedJSON {
  private let bytes: [UInt8]
  package let jsonTree: JSONValue

  /// Nil unless `token` has only the characters of a JSON number (it comes from validated JSON;
  /// this keeps anything else out of the output). `value` is what a decoder made of it.
  package init?(_ token: some Collection<UInt8>, value: JSONValue) {
    guard !token.isEmpty,
      token.allSatisfy({
        (0x30...0x39).contains($0) || $0 == 0x2D || $0 == 0x2B || $0 == 0x2E || $0 == 0x65 || $0 == 0x45
      })
    else { return nil }
    bytes = Array(token)
    // The value as written: `1.0` is a Double (so `cancel 1.0` finds it), `7` an Int.
    let text = String(decoding: bytes, as: UTF8.self)
    jsonTree = Int(text).map(JSONValue.int) ?? Double(text).map(JSONValue.double) ?? value
  }

  package func withEncodedJSON<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
    try bytes.withUnsafeBufferPointer(body)
  }
}
