import CByteScan
import ReactorCore
import ReactorJSON
import Testing

/// The SSE2 loops of the decoder's strings (`rc_plain_run_end`) and the writer's escaping
/// (`rc_escape_run_end`, which stops at DEL too) against the obvious byte-by-byte definition:
/// at every offset inside and across their 16-byte blocks, from every start, for every kind of
/// byte that ends a run and the neighbours that do not.
@Suite("Byte scanning (CByteScan)")
struct ByteScanTests {
  static func reference(_ bytes: [UInt8], _ start: Int, delete: Bool) -> Int {
    var index = start
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x22 || byte == 0x5C || byte < 0x20 || byte >= 0x80 || (delete && byte == 0x7F) { return index }
      index += 1
    }
    return bytes.count
  }

  static func check(_ bytes: [UInt8], _ start: Int, _ comment: @autoclosure () -> Comment? = nil) {
    bytes.withUnsafeBufferPointer { buffer in
      #expect(
        Int(rc_plain_run_end(buffer.baseAddress, start, buffer.count)) == reference(bytes, start, delete: false),
        comment())
      #expect(
        Int(rc_escape_run_end(buffer.baseAddress, start, buffer.count)) == reference(bytes, start, delete: true),
        comment())
    }
  }

  @Test("every ending byte, and its harmless neighbours, at every offset")
  func everyOffset() {
    // Ends a run: quote, backslash, NUL, the last control character, every high-bit boundary.
    // Does not: space, DEL, the bytes either side of quote and backslash.
    let probes: [UInt8] = [0x22, 0x5C, 0x00, 0x1F, 0x80, 0xBF, 0xC3, 0xFF, 0x20, 0x7F, 0x21, 0x23, 0x5B, 0x5D]
    for count in 0...49 {
      for position in 0..<max(count, 1) where count > 0 {
        for probe in probes {
          var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: count)
          bytes[position] = probe
          for start in 0...min(count, 18) {
            Self.check(bytes, start, "count \(count), \(probe) at \(position), from \(start)")
          }
        }
      }
      let plain = [UInt8](repeating: UInt8(ascii: "z"), count: count)
      Self.check(plain, 0)
    }
  }

  @Test("a start at or past the end is returned as it is")
  func startPastTheEnd() {
    let bytes: [UInt8] = Array("abc".utf8)
    bytes.withUnsafeBufferPointer { buffer in
      for start in 3...40 {
        #expect(rc_plain_run_end(buffer.baseAddress, start, 3) == start)
        #expect(rc_escape_run_end(buffer.baseAddress, start, 3) == start)
      }
    }
  }

  @Test("random buffers agree with the reference from every start")
  func random() {
    let generator = SeededGenerator(seed: 0x5EED)
    for _ in 0..<2_000 {
      let count = Int(generator.next() % 80)
      // Mostly plain ASCII, so that runs are long enough to cross blocks.
      let bytes = (0..<count).map { _ -> UInt8 in
        let roll = generator.next() % 100
        return roll < 94 ? UInt8(0x20 + generator.next() % 0x5F) : UInt8(truncatingIfNeeded: generator.next())
      }
      for start in 0...count {
        Self.check(bytes, start)
      }
    }
  }
}
