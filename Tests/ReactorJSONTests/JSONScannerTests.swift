import Foundation
import ReactorJSON
import Testing

// JSONScanner: what it accepts is RFC 8259 JSON, and what it reads is what JSONSerialization
// reads. The page decoder's tests (GitHubClientLiveTests) and the daemon's check it further
// through their own documents.

/// Whether the scanner takes `text` as one JSON document.
private func scans(_ text: String) -> Bool {
  let bytes = Array(text.utf8)
  return bytes.withUnsafeBufferPointer { buffer in
    var scanner = JSONScanner(bytes: buffer)
    do {
      try scanner.skipValue()
      try scanner.expectEnd()
      return true
    } catch {
      return false
    }
  }
}

@Suite struct JSONScannerTests {
  @Test(
    "valid documents are accepted",
    arguments: [
      "{}", "[]", " { \"a\" : [1, -2.5e+3, 0, true, false, null, \"x\"] } ", "\"\\ud83d\\ude00\"", "0", "-0.0E-0",
      "\"é漢😀\"", "[[[[]]]]", "{\"a\":{\"b\":{}}}", "\"\\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\"",
    ])
  func valid(_ text: String) throws {
    #expect(scans(text))
    #expect(try JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed) as Any? != nil)
  }

  @Test(
    "invalid documents are refused",
    arguments: [
      "", "{", "[1,]", "{\"a\":1,}", "{\"a\" 1}", "{a:1}", "01", "1.", ".5", "1e", "-", "+1", "tru", "nul", "[1] 2",
      "\"\\ud800\"", "\"\\udc00\"", "\"\\x\"", "\"\\u12G4\"", "\"a\nb\"", "\"unterminated", "{\"a\":1}}", "'a'",
    ])
  func invalid(_ text: String) {
    #expect(!scans(text))
  }

  @Test("invalid UTF-8 inside a string is refused: overlongs, surrogates, past U+10FFFF, truncated")
  func invalidUTF8() {
    for sequence: [UInt8] in [
      [0xC0, 0x80], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82],
    ] {
      let bytes = [UInt8(ascii: "\"")] + sequence + [UInt8(ascii: "\"")]
      let accepted = bytes.withUnsafeBufferPointer { buffer in
        var scanner = JSONScanner(bytes: buffer)
        return (try? scanner.skipValue()) != nil
      }
      #expect(!accepted, "\(sequence)")
    }
  }

  @Test("nesting deeper than the bound is refused rather than recursing on")
  func depth() {
    #expect(scans(String(repeating: "[", count: 100) + String(repeating: "]", count: 100)))
    #expect(!scans(String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)))
  }

  @Test("strings are read in place, verbatim or not, or unescaped into the side buffer")
  func strings() throws {
    let bytes = Array(#"["plain", "café", "a\"b\u00e9", "x"]"#.utf8)
    var read: [(String, Bool, Bool)] = []
    try bytes.withUnsafeBufferPointer { buffer in
      var scanner = JSONScanner(bytes: buffer)
      try scanner.array { scanner in
        scanner.skipSpace()
        let string = try scanner.string()
        let source = string.isUnescaped ? Array(scanner.unescaped) : Array(scanner.bytes)
        read.append(
          (String(decoding: source[string.range], as: UTF8.self), string.isVerbatim, string.isUnescaped))
      }
    }
    #expect(read.map(\.0) == ["plain", "café", "a\"bé", "x"])
    #expect(read.map(\.1) == [true, false, false, true])
    #expect(read.map(\.2) == [false, false, true, false])
  }

  @Test("object keys: compared as written, decoded on request")
  func keys() throws {
    let bytes = Array(#"{"id":1,"\u0069d":2,"a\/b":3}"#.utf8)
    var keys: [(String, Bool)] = []
    try bytes.withUnsafeBufferPointer { buffer in
      var scanner = JSONScanner(bytes: buffer)
      try scanner.object { scanner, key in
        keys.append((key.text, key.equals("id")))
        try scanner.skipValue()
      }
    }
    #expect(keys.map(\.0) == ["id", "id", "a/b"])
    #expect(keys.map(\.1) == [true, false, false])
  }

  @Test(
    "integers: plain literals that fit in Int; nil for fractions, exponents and overflow",
    arguments: [
      ("0", 0), ("-7", -7), ("9223372036854775807", Int.max), ("-9223372036854775808", Int.min),
      ("9223372036854775808", nil), ("1.0", nil), ("1e2", nil),
    ] as [(String, Int?)])
  func integers(_ text: String, _ value: Int?) {
    let bytes = Array(text.utf8)
    #expect(bytes.withUnsafeBufferPointer { JSONScanner.integer($0) } == value)
  }
}
