import ReactorJSON
import Testing

/// JSON strings are sequences of Unicode scalars (RFC 8259), not of Swift's Characters: two
/// strings that differ only in normalization are two strings, and two keys two members.
@Suite("JSON strings as scalars")
struct JSONScalarTests {
  /// `é` as one scalar (NFC) and as `e` and a combining acute accent (NFD): equal as Swift
  /// Strings, different in JSON.
  static let composed = "\u{E9}"
  static let decomposed = "e\u{301}"

  /// Found by fuzz-jsonpatch: `~` then a combining mark is one Character, and the escape
  /// replaced Characters, so the `~` went unescaped and the pointer did not parse back.
  @Test(
    "a token's ~ and / are escaped as scalars, a combining mark after them or not",
    arguments: ["\0~\u{07F1}", "~\u{301}", "/\u{301}", "a~/b", "~0", "plain"])
  func escapeRoundTrips(_ token: String) throws {
    let escaped = PatchOperation.escapeToken(token)
    let parsed = try JSONPatch.parsePointer("/" + escaped)
    #expect(parsed.map { Array($0.unicodeScalars) } == [Array(token.unicodeScalars)], "\(escaped.debugDescription)")
  }

  @Test("strings that differ only in normalization are different values")
  func values() {
    // Equal Swift Strings: what follows tests more than Swift's ==.
    #expect(Self.composed == Self.decomposed)
    #expect(Array(Self.composed.unicodeScalars) != Array(Self.decomposed.unicodeScalars))
    #expect(JSONValue.string(Self.composed) != .string(Self.decomposed))
    #expect(JSONValue.array([.string(Self.composed)]) != .array([.string(Self.decomposed)]))
    #expect(JSONValue.string(Self.composed) == .string("\u{E9}"))
  }

  @Test("keys that differ only in normalization are two members, looked up apart and sorted by scalars")
  func keys() throws {
    let parsed = try JSONValue(parsing: #"{"f":1,"\#(Self.decomposed)":2,"\#(Self.composed)":3}"#.utf8)
    guard case .object(let object) = parsed else {
      Issue.record("not an object: \(parsed)")
      return
    }
    #expect(object.count == 3)
    #expect(object[Self.composed] == .int(3) && object[Self.decomposed] == .int(2))
    // `e` (0x65) sorts before `f`, and U+00E9 after it.
    #expect(parsed.jsonText == #"{"\#(Self.decomposed)":2,"f":1,"\#(Self.composed)":3}"#)
    #expect(object.members.map { Array($0.key.unicodeScalars) }.count == 3)
    var built = JSONObject([(Self.composed, .int(1)), (Self.decomposed, .int(2))])
    #expect(built.count == 2)
    built[Self.decomposed] = nil
    #expect(built.count == 1 && built[Self.composed] == .int(1) && built[Self.decomposed] == nil)
    #expect(JSONObject([(Self.composed, .null)]) != JSONObject([(Self.decomposed, .null)]))
  }

  @Test("test and remove do not take one spelling for the other")
  func patch() throws {
    let document = JSONValue.object([Self.composed: .string(Self.composed)])
    #expect(throws: JSONPatch.Failure.self) {
      try JSONPatch.apply(
        [PatchOperation(op: .test, path: "/\(Self.composed)", value: .string(Self.decomposed))], to: document)
    }
    #expect(throws: JSONPatch.Failure.self) {
      try JSONPatch.apply([PatchOperation(op: .remove, path: "/\(Self.decomposed)")], to: document)
    }
    let added = try JSONPatch.apply(
      [PatchOperation(op: .add, path: "/\(Self.decomposed)", value: .int(2))], to: document)
    #expect(added == .object([Self.composed: .string(Self.composed), Self.decomposed: .int(2)]))
  }

  @Test("operations whose paths differ only in normalization are different operations")
  func operations() {
    let composed = PatchOperation(op: .remove, path: "/\(Self.composed)")
    let decomposed = PatchOperation(op: .remove, path: "/\(Self.decomposed)")
    #expect(composed != decomposed)
    #expect(Patch([composed]) != Patch([decomposed]))
    #expect(Patch([composed]).count(at: "/\(Self.decomposed)") == 0)
  }
}
