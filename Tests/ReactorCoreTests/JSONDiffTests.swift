import ReactorJSON
import Testing

@testable import ReactorCore

/// `diff`'s operations (`JSONDiff`), applied with the project's own RFC 6902 applier, turn the
/// old document into the new one: what a client of the NDJSON `diff` record does.
@Suite struct JSONDiffTests {
  @Test("a whole document that changes kind is one replace of \"\", which JSONPatch applies")
  func replacesTheRoot() throws {
    let pairs: [(JSONValue, JSONValue)] = [
      (.object(["a": .int(1)]), .array([.int(1)])),
      (.array([.string("x")]), .object([:])),
      (.string("x"), .int(3)),
      (.null, .object(["b": .bool(true)])),
    ]
    for (old, new) in pairs {
      let operations = JSONDiff.operations(from: old, to: new)
      #expect(operations.map(\.op) == [.replace] && operations.map(\.path) == [""])
      #expect(try JSONPatch.apply(operations, to: old) == new, "\(old.jsonText) -> \(new.jsonText)")
    }
  }

  @Test("any two generated documents: the operations from one to the other, applied, give the other")
  func appliesToWhatItDiffed() throws {
    var generator = SystemRandomNumberGenerator()
    func value(_ depth: Int) -> JSONValue {
      switch Int.random(in: 0..<(depth > 2 ? 4 : 6), using: &generator) {
      case 0: return .null
      case 1: return .int(Int.random(in: 0..<3, using: &generator))
      case 2: return .string(["a", "\u{E9}", "e\u{301}", "~/"].randomElement(using: &generator)!)
      case 3: return .double(Double(Int.random(in: 0..<3, using: &generator)) / 2)
      case 4: return .array((0..<Int.random(in: 0..<4, using: &generator)).map { _ in value(depth + 1) })
      default:
        return .object(
          JSONObject(
            (0..<Int.random(in: 0..<4, using: &generator)).map { _ in
              (["a", "b", "\u{E9}", "e\u{301}", "~0", "a/b", ""].randomElement(using: &generator)!, value(depth + 1))
            }))
      }
    }
    for _ in 0..<500 {
      let old = value(0)
      let new = value(0)
      let operations = JSONDiff.operations(from: old, to: new)
      #expect(try JSONPatch.apply(operations, to: old) == new, "\(old.jsonText) -> \(new.jsonText)")
    }
  }
}
