import Foundation
import ReactorJSON
import Testing

/// `JSONValue(parsing:)` reads RFC 8259 JSON (strictly: no trailing commas, which
/// `JSONSerialization` lets through) into the values reactor writes back byte for byte.
@Suite struct JSONValueParsingTests {
  @Test func readsEveryKindOfValue() throws {
    let value = try JSONValue(
      parsing: #" {"b": [1, -2.5, 1e3, true, false, null], "a": "x\u00e9\n\"y\"", "c": {}} "#.utf8)
    #expect(
      value
        == .object([
          "a": .string("xé\n\"y\""),
          "b": .array([.int(1), .double(-2.5), .double(1000), .bool(true), .bool(false), .null]),
          "c": .object([:]),
        ]))
    #expect(try JSONValue(parsing: "42".utf8) == .int(42), "a fragment at the top, as .fragmentsAllowed")
    #expect(try JSONValue(parsing: "9223372036854775808".utf8) == .double(9_223_372_036_854_775_808))
    #expect(try JSONValue(parsing: #"{"k":1,"k":2}"#.utf8) == .object(["k": .int(2)]), "the last duplicate wins")
  }

  @Test func writesBackWhatItRead() throws {
    let text = #"{"a":[1,2.5,"\u0007/é"],"b":null,"c":{"d":true}}"#
    #expect(try JSONValue(parsing: text.utf8).jsonText == text)
  }

  @Test(arguments: [
    "", " ", "{", "[1,]", "{\"a\":}", "01", "1.", "-", "tru", "nul", "\"\u{01}\"", "\"\\x\"", "[1] 2", "{'a':1}",
    "\"\\ud800\"", "NaN",
  ])
  func refusesWhatIsNotJSON(_ text: String) {
    #expect((try? JSONValue(parsing: text.utf8)) == nil, "\(text)")
    #expect(!JSONScanner.isDocument(text.utf8), "\(text)")
  }

  @Test func boundsTheNesting() {
    let deep = String(repeating: "[", count: 1000) + String(repeating: "]", count: 1000)
    #expect((try? JSONValue(parsing: deep.utf8)) == nil, "hostile nesting is refused, not a stack overflow")
    #expect(JSONScanner.isDocument("[[1]]".utf8))
  }
}
