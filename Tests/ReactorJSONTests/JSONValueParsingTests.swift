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

  /// The bound counts arrays and objects, not the scalars in them: 128 arrays around a number
  /// are read (they were refused, while 128 empty ones were not), 129 are refused with an
  /// error that says so rather than "not JSON".
  @Test("128 nested arrays and objects are read, with or without a value inside; 129 are too deep")
  func nestingLimit() throws {
    func nested(_ depth: Int, _ inner: String) -> String {
      String(repeating: #"{"a":["#, count: depth / 2) + String(repeating: "[", count: depth % 2) + inner
        + String(repeating: "]", count: depth % 2) + String(repeating: "]}", count: depth / 2)
    }
    for inner in ["", "1", #""x""#, "null"] {
      let fits = nested(128, inner)
      #expect(try JSONValue(parsing: fits.utf8).jsonText == fits)
      #expect(throws: Never.self) { try JSONScanner.checkDocument(fits.utf8) }
      let deep = nested(129, inner)
      #expect(throws: JSONScanner.NestingTooDeep.self) { try JSONValue(parsing: deep.utf8) }
      #expect(throws: JSONScanner.NestingTooDeep.self) { try JSONScanner.checkDocument(deep.utf8) }
    }
    #expect(throws: JSONScanner.SyntaxError.self) { try JSONScanner.checkDocument("[[1]".utf8) }
  }

  /// `-0` was written `0`, and an integer beyond `Int` became a double, so
  /// `10000000000000000999` was written `1e+19`.
  @Test(
    "a number is written back with the value it was read with: -0 keeps its sign, a long integer its digits",
    arguments: [
      ("-0", "-0"), ("-0.0", "-0"), ("0", "0"), ("10000000000000000999", "10000000000000000999"),
      ("-10000000000000000999", "-10000000000000000999"), ("9223372036854775807", "9223372036854775807"),
      ("9223372036854775808", "9223372036854775808"), ("-9223372036854775809", "-9223372036854775809"),
      ("1e19", "1e+19"), ("1.5e300", "1.5e+300"),
      ("123456789012345678901234567890123456789012", "123456789012345678901234567890123456789012"),
    ])
  func numbersKeepTheirValue(_ text: String, _ written: String) throws {
    let value = try JSONValue(parsing: text.utf8)
    #expect(value.jsonText == written)
    #expect(try JSONValue(parsing: "[\(text)]".utf8).jsonText == "[\(written)]")
    #expect(try JSONValue(parsing: value.jsonText.utf8) == value)
  }

  @Test("-0 is a double of negative zero; an integer beyond Int compares as its nearest double")
  func numberValues() throws {
    guard case .double(let zero) = try JSONValue(parsing: "-0".utf8) else {
      Issue.record("-0 read as \(try JSONValue(parsing: "-0".utf8))")
      return
    }
    #expect(zero == 0 && zero.sign == .minus)
    #expect(try JSONValue(parsing: "-0".utf8) == .int(0))
    let long = try JSONValue(parsing: "10000000000000000999".utf8)
    #expect(long == .double(1e19))
    #expect(long.resolved == .double(1e19))
    #expect(long != .int(.max))
    #expect(try JSONValue(parsing: "-9223372036854775808".utf8) == .int(.min), "Int.min still fits")
  }

  @Test("a number equals a number of the same value, whichever kind holds it, as RFC 6902's test compares them")
  func numbersCompareByValue() {
    #expect(JSONValue.int(1) == .double(1))
    #expect(JSONValue.double(100) == .int(100))
    #expect(JSONValue.double(-0.0) == .int(0))
    #expect(JSONValue.array([.int(1)]) == .array([.double(1)]))
    #expect(JSONValue.int(1) != .double(1.5))
    #expect(JSONValue.int(1) != .string("1"))
    // 2^63 as a Double is not Int.max, nor Int.min's magnitude.
    #expect(JSONValue.int(.max) != .double(9_223_372_036_854_775_808))
    #expect(JSONValue.int(.min) == .double(-9_223_372_036_854_775_808))
    #expect(JSONValue.int(9_007_199_254_740_993) != .double(9_007_199_254_740_992))
    #expect(JSONValue.double(.nan) != .double(.nan), "NaN equals nothing, itself included")
  }

  @Test("parse, write, parse gives an equal value: [1e+2] reads back as [100]")
  func numbersRoundTrip() throws {
    for text in ["[1e+2]", "[1.0]", "[-0.0]", "[1E2,2.50,-3e-2]", "[1e15,123456789012345678901234567890]", "[0.1]"] {
      let value = try JSONValue(parsing: text.utf8)
      let again = try JSONValue(parsing: value.jsonText.utf8)
      #expect(again == value, "\(text) -> \(value.jsonText)")
      #expect(again.jsonText == value.jsonText, "\(text)")
    }
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<2_000 {
      let number: JSONValue =
        Bool.random(using: &generator)
        ? .int(Int.random(in: -1_000_000...1_000_000, using: &generator) * (Bool.random() ? 1 : 1_000_000_000))
        : .double(
          Double(sign: .plus, exponent: Int.random(in: -60...60), significand: Double.random(in: 1..<2))
            * (Bool.random() ? 1 : -1))
      let again = try JSONValue(parsing: number.jsonText.utf8)
      #expect(again == number, "\(number) -> \(number.jsonText)")
    }
  }

  @Test(
    "a number beyond a double's range is refused with an error that names it, not read as infinity",
    arguments: ["1e999", "-1e999", "[1,1e400]", #"{"a":123456789e400}"#])
  func refusesOverflowingNumbers(_ text: String) {
    #expect {
      try JSONValue(parsing: text.utf8)
    } throws: { error in
      String(describing: error).contains("out of range")
    }
  }
}
