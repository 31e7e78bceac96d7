import Foundation
import ReactorJSON
import Testing

// JSONValue.jsonText: escaping that keeps NDJSON inert in a terminal, and sorted keys.

/// Parses one JSON text with Foundation, wrapped in an array so scalars parse too.
private func parse(_ text: String) throws -> Any {
  let array = try JSONSerialization.jsonObject(with: Data("[\(text)]".utf8)) as? [Any]
  return try #require(array?.first)
}

@Suite struct JSONTextTests {
  @Test(arguments: [
    ("quotes", "say \"hi\"", #""say \"hi\"""#),
    ("backslash", #"C:\path\n"#, #""C:\\path\\n""#),
    ("newline, return, tab", "a\nb\rc\td", #""a\nb\rc\td""#),
    ("backspace, form feed", "\u{08}\u{0C}", #""\b\f""#),
    ("NUL", "\u{0}", #""\u0000""#),
    ("ESC", "\u{1B}[2J", #""\u001b[2J""#),
    ("BEL in OSC 52", "\u{1B}]52;c;QQ==\u{07}", #""\u001b]52;c;QQ==\u0007""#),
    ("unit separator", "\u{1F}", #""\u001f""#),
    ("DEL", "\u{7F}", #""\u007f""#),
    ("C1 CSI", "\u{9B}31m", #""\u009b31m""#),
    ("C1 NEL", "\u{85}", #""\u0085""#),
    ("RLO", "abc\u{202E}def", #""abc\u202edef""#),
    ("isolates", "\u{2066}\u{2069}", #""\u2066\u2069""#),
    ("line separators", "\u{2028}\u{2029}", #""\u2028\u2029""#),
    ("slash is not escaped", "a/b", #""a/b""#),
    ("unicode kept", "漢字 😀 café", #""漢字 😀 café""#),
    ("empty", "", #""""#),
  ])
  func stringEscaping(_ name: String, _ raw: String, _ expected: String) throws {
    let text = JSONValue.string(raw).jsonText
    #expect(text == expected, "\(name)")
    #expect(try parse(text) as? String == raw, "\(name) round-trips through JSONSerialization")
    #expect(!text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0.value == 0x202E })
  }

  @Test("integers are written as Swift describes them, at every length and at both ends")
  func integers() {
    var values: [Int] = [0, 1, 9, 10, 99, 100, .max, .min, .min + 1]
    var power = 1
    while power <= Int.max / 10 {
      power *= 10
      values += [power - 1, power, power + 1, -power + 1, -power, -power - 1]
    }
    for value in values {
      #expect(JSONValue.int(value).jsonText == String(value))
      // In a writer whose buffer must grow for the digits.
      var writer = JSONWriter(capacity: 0)
      writer.raw("[")
      for _ in 0..<3 { writer.int(value) }
      #expect(writer.text == "[" + String(repeating: String(value), count: 3))
    }
  }

  @Test func scalars() {
    #expect(JSONValue.null.jsonText == "null")
    #expect(JSONValue.bool(true).jsonText == "true")
    #expect(JSONValue.bool(false).jsonText == "false")
    #expect(JSONValue.int(-42).jsonText == "-42")
    #expect(JSONValue.double(1.5).jsonText == "1.5")
    #expect(JSONValue.double(3).jsonText == "3")
    #expect(JSONValue.double(.infinity).jsonText == "null")
    #expect(JSONValue.double(.nan).jsonText == "null")
  }

  @Test func objectKeysAreSortedByBytes() {
    let object: JSONObject = [
      "type": .string("x"), "b": .int(1), "a": .int(2), "B": .int(3), "é": .int(4), "aa": .int(5),
    ]
    #expect(JSONValue.object(object).jsonText == #"{"B":3,"a":2,"aa":5,"b":1,"type":"x","é":4}"#)
  }

  @Test func insertedKeysKeepTheOrder() {
    var object: JSONObject = ["z": .null]
    object["m"] = .int(1)
    object["a"] = .int(2)
    object["m"] = .int(3)
    object["z"] = nil
    #expect(JSONValue.object(object).jsonText == #"{"a":2,"m":3}"#)
  }

  @Test func laterDuplicateKeysWin() {
    let object = JSONObject([("k", .int(1)), ("k", .int(2))])
    #expect(JSONValue.object(object).jsonText == #"{"k":2}"#)
  }

  @Test func keysAreEscapedToo() throws {
    let object: JSONObject = ["a\"b": .int(1), "\u{1B}": .int(2)]
    let text = JSONValue.object(object).jsonText
    #expect(text == #"{"\u001b":2,"a\"b":1}"#)
    #expect(try parse(text) as? [String: Int] == ["a\"b": 1, "\u{1B}": 2])
  }

  @Test func nestedValuesAreCompact() throws {
    let value = JSONValue.object([
      "list": .array([.int(1), .string("two"), .null, .array([]), .object([:])]),
      "nested": .object(["deep": .object(["x": .bool(true)])]),
    ])
    let text = value.jsonText
    #expect(text == #"{"list":[1,"two",null,[],{}],"nested":{"deep":{"x":true}}}"#)
    let parsed = try #require(try parse(text) as? [String: Any])
    #expect((parsed["list"] as? [Any])?.count == 5)
  }
}

/// A slow, obvious escaper: the rule the fast one (a byte bitmap, then a scalar decode) must
/// follow for every scalar.
private func referenceEscaped(_ scalar: Unicode.Scalar) -> String {
  switch scalar.value {
  case 0x22: return "\\\""
  case 0x5C: return "\\\\"
  case 0x0A: return "\\n"
  case 0x0D: return "\\r"
  case 0x09: return "\\t"
  case 0x08: return "\\b"
  case 0x0C: return "\\f"
  case 0x00..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C:
    let hex = String(scalar.value, radix: 16)
    return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
  default: return String(Character(scalar))
  }
}

/// The valid scalars in `ranges` (surrogate code points are skipped).
private func scalars(in ranges: [ClosedRange<UInt32>]) -> [Unicode.Scalar] {
  ranges.flatMap { $0.compactMap(Unicode.Scalar.init) }
}

@Suite struct JSONTextExhaustiveTests {
  @Test func everyScalarOfTheFirstPlanesIsEscapedByTheRule() {
    var mismatches: [UInt32] = []
    for scalar in scalars(in: [0...0x2FFF, 0xFE00...0xFFFF, 0x1F600...0x1F64F, 0x10FFF0...0x10FFFF]) {
      // In the middle of plain text, so the scan's plain runs are exercised around it.
      let text = "ab" + String(Character(scalar)) + "cd"
      if JSONValue.string(text).jsonText != "\"ab" + referenceEscaped(scalar) + "cd\"" {
        mismatches.append(scalar.value)
      }
    }
    #expect(mismatches.isEmpty, "wrongly escaped: \(mismatches.prefix(20).map { String($0, radix: 16) })")
  }

  /// The same rule at every offset of the eight-byte words the writer scans, in text long
  /// enough to be scanned a word at a time, alone and next to a second special scalar.
  @Test func everyScalarIsEscapedAtEveryOffsetOfAWord() {
    var mismatches: [String] = []
    for scalar in scalars(in: [0...0x2FF, 0x2000...0x206F, 0xFFF0...0xFFFF, 0x1F600...0x1F60F]) {
      for offset in 0..<9 {
        for neighbour in ["", "\"", "\u{7F}", "é"] {
          let prefix = String(repeating: "x", count: offset)
          let suffix = neighbour + String(repeating: "y", count: 17 - offset)
          let text = prefix + String(Character(scalar)) + suffix
          let expected =
            "\"" + prefix + referenceEscaped(scalar) + neighbour.unicodeScalars.map(referenceEscaped).joined()
            + String(repeating: "y", count: 17 - offset) + "\""
          if JSONValue.string(text).jsonText != expected {
            mismatches.append("U+\(String(scalar.value, radix: 16)) at \(offset)")
          }
        }
      }
    }
    #expect(mismatches.count == 0, "wrongly escaped: \(mismatches.prefix(20))")
  }
}
