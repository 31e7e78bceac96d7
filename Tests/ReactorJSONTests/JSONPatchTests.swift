import ReactorJSON
import Testing

@Suite("JSON Patch")
struct JSONPatchTests {
  @Test("a patch's runs: empty runs vanish, heads are escaped, neighbours keep their order")
  func patchRuns() {
    var patch = Patch()
    #expect(patch.isEmpty && Self.text(patch) == "[]")
    patch.append(addsAt: "/a~1b/-", elements: [JSONValue]())
    #expect(patch.isEmpty && patch == [])
    patch.append(addsAt: "/a~1b/-", elements: [JSONValue.string("x\u{7F}"), .null])
    patch.append(PatchOperation(op: .add, path: "/a~1b/-", value: .int(1)))
    patch.append(PatchOperation(op: .remove, path: "/a~1b/-"))
    patch.append(addsAt: "/c/-", elements: [JSONValue.bool(true)])
    #expect(patch.count == 5)
    #expect(patch.count(at: "/a~1b/-") == 4)
    #expect(
      Self.text(patch)
        == #"[{"op":"add","path":"/a~1b/-","value":"x\u007f"},{"op":"add","path":"/a~1b/-","value":null},"#
        + #"{"op":"add","path":"/a~1b/-","value":1},{"op":"remove","path":"/a~1b/-"},"#
        + #"{"op":"add","path":"/c/-","value":true}]"#)
    #expect(Self.text(patch) == JSONValue.array(patch.operations.map(\.jsonValue)).jsonText)
  }

  @Test("a list's replace kept as a run writes and reads as the one replace of its array")
  func listReplace() {
    var patch = Patch()
    patch.append(PatchOperation(op: .replace, path: "/q", value: .string("a"), oldValue: .null))
    patch.append(replacingListAt: "/a~1b", with: [JSONValue.string("x\u{7F}"), .null, .int(-3)])
    patch.append(replacingListAt: "/e", with: [JSONValue]())
    patch.append(addsAt: "/e/-", elements: [JSONValue.bool(true)])
    let spelled: Patch = [
      PatchOperation(op: .replace, path: "/q", value: .string("a"), oldValue: .null),
      PatchOperation(op: .replace, path: "/a~1b", value: .array([.string("x\u{7F}"), .null, .int(-3)])),
      PatchOperation(op: .replace, path: "/e", value: .array([])),
      PatchOperation(op: .add, path: "/e/-", value: .bool(true)),
    ]
    #expect(patch.count == 4 && patch.count(at: "/a~1b") == 1 && patch.count(at: "/e") == 1)
    #expect(patch.operations == spelled.operations && patch == spelled)
    #expect(
      Self.text(patch)
        == #"[{"op":"replace","path":"/q","value":"a"},{"op":"replace","path":"/a~1b","value":["x\u007f",null,-3]},"#
        + #"{"op":"replace","path":"/e","value":[]},{"op":"add","path":"/e/-","value":true}]"#)
    #expect(Self.text(patch) == Self.text(spelled))
  }

  static func text(_ patch: Patch) -> String {
    var writer = JSONWriter()
    patch.write(to: &writer)
    return writer.text
  }

  @Test(
    "JSON Patch: RFC 6902 operations and pointer escaping",
    arguments: [
      (#"{"a":1}"#, PatchOperation(op: .add, path: "/b", value: .int(2)), #"{"a":1,"b":2}"#),
      (#"{"a":[1,2]}"#, PatchOperation(op: .add, path: "/a/1", value: .int(9)), #"{"a":[1,9,2]}"#),
      (#"{"a":[1,2]}"#, PatchOperation(op: .add, path: "/a/-", value: .int(3)), #"{"a":[1,2,3]}"#),
      (#"{"a":1,"b":2}"#, PatchOperation(op: .remove, path: "/a"), #"{"b":2}"#),
      (#"{"a":{"b":1}}"#, PatchOperation(op: .replace, path: "/a/b", value: .string("x")), #"{"a":{"b":"x"}}"#),
      (#"{"a/b":1}"#, PatchOperation(op: .replace, path: "/a~1b", value: .int(2)), #"{"a/b":2}"#),
      (#"{"m~n":1}"#, PatchOperation(op: .remove, path: "/m~0n"), #"{}"#),
    ])
  func apply(_ input: String, _ operation: PatchOperation, _ output: String) throws {
    let result = try JSONPatch.apply([operation], to: TinyJSON.parse(input))
    #expect(result.jsonText == output)
  }

  @Test(
    "JSON Patch errors",
    arguments: [
      PatchOperation(op: .remove, path: "/missing"),
      PatchOperation(op: .replace, path: "/a/5", value: .int(1)),
      PatchOperation(op: .add, path: "no-slash", value: .int(1)),
      PatchOperation(op: .test, path: "/a", value: .int(7)),
      PatchOperation(op: .remove, path: ""),
    ])
  func applyErrors(_ operation: PatchOperation) throws {
    #expect(throws: JSONPatch.Failure.self) { try JSONPatch.apply([operation], to: TinyJSON.parse(#"{"a":[1]}"#)) }
  }

  @Test(
    "an array index is 0 or digits without a leading zero: /00, /01, /+1, /-0, /1e0, / 1 are refused",
    arguments: ["00", "01", "+1", "-0", "1e0", " 1", "1 ", "0x1", "１"])
  func refusesIndexesThatAreNotDecimal(_ token: String) throws {
    let document = TinyJSON.parse(#"{"a":["x","y"]}"#)
    for operation in [
      PatchOperation(op: .test, path: "/a/\(token)", value: .string("y")),
      PatchOperation(op: .remove, path: "/a/\(token)"),
      PatchOperation(op: .replace, path: "/a/\(token)", value: .int(1)),
      PatchOperation(op: .add, path: "/a/\(token)", value: .int(1)),
      PatchOperation(op: .add, path: "/a/\(token)/b", value: .int(1)),
    ] {
      #expect(throws: JSONPatch.Failure.self, "\(operation)") { try JSONPatch.apply([operation], to: document) }
    }
    #expect(
      try JSONPatch.apply([PatchOperation(op: .test, path: "/a/1", value: .string("y"))], to: document) == document)
  }

  @Test("a ~ not followed by 0 or 1 is not a JSON Pointer", arguments: ["/~2", "/~", "/a~", "/~a", "/a/~~0", "/~/b"])
  func refusesBadEscapes(_ pointer: String) {
    #expect(throws: JSONPatch.Failure.self) { try JSONPatch.parsePointer(pointer) }
    let document = TinyJSON.parse(#"{"~2":1,"~":2,"a~":3,"~a":4}"#)
    #expect(throws: JSONPatch.Failure.self) {
      try JSONPatch.apply([PatchOperation(op: .remove, path: pointer)], to: document)
    }
  }

  @Test(
    "parsePointer splits on scalars: a token that starts with a combining mark is a token (fuzz-jsonpatch skipped it)")
  func combiningMarkAfterSlash() throws {
    // Each ~ escape is read once, left to right: ~01 is ~1, not /.
    #expect(try JSONPatch.parsePointer("/~01/~10/~0~1") == ["~1", "/0", "~/"])
    // "/" and U+0301 make one Character, so a split on Characters saw no "/" there.
    #expect(try JSONPatch.parsePointer("/\u{301}") == ["\u{301}"])
    #expect(try JSONPatch.parsePointer("/a/\u{301}b/\u{301}") == ["a", "\u{301}b", "\u{301}"])
    #expect(try JSONPatch.parsePointer("/~1\u{301}/~0\u{301}") == ["/\u{301}", "~\u{301}"])
    // U+0600, a prepended concatenation mark, makes one Character with the "/" after it.
    #expect(try JSONPatch.parsePointer("/\u{600}/x").map { Array($0.unicodeScalars) } == [["\u{600}"], ["x"]])
    let document = JSONValue.object(["\u{301}": .object(["x": .int(1)])])
    let patched = try JSONPatch.apply([PatchOperation(op: .replace, path: "/\u{301}/x", value: .int(2))], to: document)
    #expect(patched == .object(["\u{301}": .object(["x": .int(2)])]))
  }

  @Test("the whole document: replace and add put a new one, test compares it, remove is refused")
  func root() throws {
    let document = TinyJSON.parse(#"{"a":[1]}"#)
    let object = TinyJSON.parse(#"{"b":{"c":"d"}}"#)
    #expect(try JSONPatch.apply([PatchOperation(op: .replace, path: "", value: object)], to: document) == object)
    #expect(try JSONPatch.apply([PatchOperation(op: .add, path: "", value: .array([]))], to: document) == .array([]))
    #expect(try JSONPatch.apply([PatchOperation(op: .replace, path: "", value: .int(3))], to: .string("x")) == .int(3))
    #expect(try JSONPatch.apply([PatchOperation(op: .test, path: "", value: document)], to: document) == document)
    #expect(throws: JSONPatch.Failure.self) {
      try JSONPatch.apply([PatchOperation(op: .test, path: "", value: object)], to: document)
    }
  }

  @Test(
    "add, replace and test need a value: a missing one is an error, not null",
    arguments: [PatchOperation.Kind.add, .replace, .test])
  func missingValue(_ kind: PatchOperation.Kind) {
    let document = TinyJSON.parse(#"{"a":null,"b":[null]}"#)
    for path in ["/a", "/b/0", "/c", ""] where !(kind != .add && path == "/c") {
      #expect(throws: JSONPatch.Failure.self, "\(kind) \(path)") {
        try JSONPatch.apply([PatchOperation(op: kind, path: path)], to: document)
      }
    }
  }

  @Test("move and copy: the value leaves or stays at from; a move into itself or to nowhere changes nothing")
  func moveAndCopy() throws {
    let document = TinyJSON.parse(#"{"a":{"b":[1,2]},"c":[]}"#)
    func apply(_ op: PatchOperation.Kind, _ from: String, _ path: String) throws -> String {
      try JSONPatch.apply([PatchOperation(op: op, path: path, from: from)], to: document).jsonText
    }
    #expect(try apply(.move, "/a/b/0", "/c/-") == #"{"a":{"b":[2]},"c":[1]}"#)
    #expect(try apply(.move, "/a/b", "/b") == #"{"a":{},"b":[1,2],"c":[]}"#)
    #expect(try apply(.move, "/a", "") == #"{"b":[1,2]}"#)
    #expect(try apply(.copy, "/a/b", "/c/0") == #"{"a":{"b":[1,2]},"c":[[1,2]]}"#)
    #expect(try apply(.copy, "", "/c/0") == #"{"a":{"b":[1,2]},"c":[{"a":{"b":[1,2]},"c":[]}]}"#)
    for (op, from, path) in [
      (PatchOperation.Kind.move, "/a", "/a/b"), (.move, "/a/b/0", "/x/y"), (.move, "/a/b/0", "/c/1"),
      (.move, "/a/zz", "/b"), (.move, "", "/c/-"), (.copy, "/a/zz", "/b"), (.copy, "/a/b/01", "/b"),
      (.move, "/a", "/a/b/-"),
    ] {
      var moved = document
      #expect(throws: JSONPatch.Failure.self, "\(op) \(from) \(path)") {
        try JSONPatch.apply(PatchOperation(op: op, path: path, from: from), to: &moved)
      }
      #expect(moved == document, "a failed \(op) from \(from) to \(path) left \(moved.jsonText)")
    }
    #expect(throws: JSONPatch.Failure.self) {
      try JSONPatch.apply([PatchOperation(op: .move, path: "/b")], to: document)
    }
  }

  /// `copy` of the whole document into `/0`, then `remove /1`, nests the document one level
  /// deeper each time: repeated, it built values tens of thousands deep, which overflowed the
  /// stack writing them (about 50,000 deep) and freeing them (about 100,000). Such a patch now
  /// stops where the parser does, and everything it built reads back.
  @Test("copy and remove repeated nest the document at most 128 deep, and say why they stop")
  func copyRemoveNesting() throws {
    var document = JSONValue.array([.int(1)])
    var depth = 1
    var failure: JSONPatch.Failure?
    for _ in 0..<200 {
      do {
        try JSONPatch.apply(PatchOperation(op: .copy, path: "/0", from: ""), to: &document)
        try JSONPatch.apply(PatchOperation(op: .remove, path: "/1"), to: &document)
        depth += 1
      } catch let error as JSONPatch.Failure {
        failure = error
        break
      }
    }
    #expect(depth == 128)
    #expect(
      failure?.description
        == "copy at /0 would nest arrays and objects more than 128 deep, deeper than JSON text is read")
    #expect(try JSONValue(parsing: document.jsonText.utf8) == document, "the deepest document reads back")
  }

  /// Nested `n` deep: arrays around `inner`, or one encoded value holding the same text.
  static func nested(_ depth: Int, encoded: Bool = false) -> JSONValue {
    var value = JSONValue.array([])
    for _ in 1..<depth { value = .array([value]) }
    return encoded ? .encoded(Encoded(value.jsonText)) : value
  }

  final class Encoded: PreencodedJSON {
    let text: [UInt8]
    init(_ text: String) { self.text = Array(text.utf8) }
    func withEncodedJSON<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
      try text.withUnsafeBufferPointer(body)
    }
    var jsonTree: JSONValue { (try? JSONValue(parsing: text)) ?? .null }
  }

  @Test(
    "add, replace, copy and move refuse to nest a value more than 128 deep, counting its place; 128 is allowed",
    arguments: [false, true])
  func nestingLimit(encoded: Bool) throws {
    // `/a/0` is inside two containers, so 126 more make 128.
    let document = TinyJSON.parse(#"{"a":[null],"b":null}"#)
    for (depth, fits) in [(126, true), (127, false)] {
      let value = Self.nested(depth, encoded: encoded)
      for operation in [
        PatchOperation(op: .add, path: "/a/0", value: value), PatchOperation(op: .replace, path: "/a/0", value: value),
        PatchOperation(op: .add, path: "/a/-", value: value),
      ] {
        var patched = document
        if fits {
          try JSONPatch.apply(operation, to: &patched)
          #expect(try JSONValue(parsing: patched.jsonText.utf8) == patched)
        } else {
          #expect(throws: JSONPatch.Failure.self, "\(operation)") { try JSONPatch.apply(operation, to: &patched) }
          #expect(patched.jsonText == document.jsonText)
        }
      }
      // From `/b`, inside one container, to `/a/0`, inside two.
      let holding = try JSONPatch.apply(
        [PatchOperation(op: .replace, path: "/b", value: Self.nested(depth))], to: document)
      for kind in [PatchOperation.Kind.copy, .move] {
        var patched = holding
        let operation = PatchOperation(op: kind, path: "/a/0", from: "/b")
        if fits {
          try JSONPatch.apply(operation, to: &patched)
        } else {
          #expect(throws: JSONPatch.Failure.self, "\(operation)") { try JSONPatch.apply(operation, to: &patched) }
          #expect(patched.jsonText == holding.jsonText)
        }
      }
    }
    // The whole document: 128 deep is read, 129 is not.
    #expect(
      try JSONPatch.apply(
        [PatchOperation(op: .replace, path: "", value: Self.nested(128, encoded: encoded))], to: .null) != .null)
    #expect(throws: JSONPatch.Failure.self) {
      try JSONPatch.apply([PatchOperation(op: .add, path: "", value: Self.nested(129, encoded: encoded))], to: .null)
    }
    // A scalar nests nothing: it goes into the innermost of 128 arrays, and reads back.
    let innermost = String(repeating: "/0", count: 127) + "/-"
    let filled = try JSONPatch.apply([PatchOperation(op: .add, path: innermost, value: .int(1))], to: Self.nested(128))
    #expect(try JSONValue(parsing: filled.jsonText.utf8) == filled)
    #expect(filled.jsonText.contains("1"))
  }

  @Test("operations read from JSON and written back: from first, as the members sort; Patch writes the same")
  func operationsAsJSON() throws {
    let text =
      #"[{"from":"/a","op":"move","path":"/b"},{"from":"/b","op":"copy","path":"/c"},"#
      + #"{"op":"add","path":"/d","value":null},{"op":"remove","path":"/d"},"#
      + #"{"op":"replace","path":"","value":{}},{"op":"test","path":"","value":{}}]"#
    let operations = try JSONPatch.operations(of: JSONValue(parsing: text.utf8))
    #expect(operations.map(\.op) == [.move, .copy, .add, .remove, .replace, .test])
    #expect(JSONValue.array(operations.map(\.jsonValue)).jsonText == text)
    #expect(Self.text(Patch(operations)) == text)
    #expect(try JSONPatch.apply(operations, to: TinyJSON.parse(#"{"a":1}"#)) == .object([:]))
    for bad in [
      #"{"op":"add","path":"/a"}"#, #"{"op":"move","path":"/a"}"#, #"{"op":"copy","path":"/a","from":1}"#,
      #"{"op":"spam","path":"/a"}"#, #"{"path":"/a"}"#, #"{"op":"remove","path":null}"#, #"{"op":"remove"}"#, "[]",
    ] {
      #expect(throws: JSONPatch.Failure.self, "\(bad)") { try PatchOperation(jsonValue: JSONValue(parsing: bad.utf8)) }
    }
    #expect(throws: JSONPatch.Failure.self) { try JSONPatch.operations(of: .object([:])) }
  }

  @Test("JSON text: sorted keys, escapes that keep a terminal inert")
  func encoding() {
    let object: JSONValue = .object([
      "b": .string("\u{1B}]52;c;x\u{07}\n\u{9B}\u{202E}\"\\"), "a": .double(1.5), "c": .null,
    ])
    #expect(object.jsonText == #"{"a":1.5,"b":"\u001b]52;c;x\u0007\n\u009b\u202e\"\\","c":null}"#)
  }
}

/// Parses small JSON documents into JSONValue for tests.
enum TinyJSON {
  static func parse(_ text: String) -> JSONValue {
    var parser = Parser(scalars: Array(text.unicodeScalars))
    return parser.value()
  }

  struct Parser {
    let scalars: [Unicode.Scalar]
    var index = 0
    mutating func skip() { while index < scalars.count, scalars[index] == " " { index += 1 } }
    mutating func value() -> JSONValue {
      skip()
      switch scalars[index] {
      case "{":
        index += 1
        var pairs: [(String, JSONValue)] = []
        skip()
        if scalars[index] == "}" {
          index += 1
          return .object(JSONObject(pairs))
        }
        while true {
          guard case .string(let key) = value() else { return .null }
          skip()
          index += 1
          pairs.append((key, value()))
          skip()
          let c = scalars[index]
          index += 1
          if c == "}" { return .object(JSONObject(pairs)) }
        }
      case "[":
        index += 1
        var items: [JSONValue] = []
        skip()
        if scalars[index] == "]" {
          index += 1
          return .array(items)
        }
        while true {
          items.append(value())
          skip()
          let c = scalars[index]
          index += 1
          if c == "]" { return .array(items) }
        }
      case "\"":
        index += 1
        var out = ""
        while scalars[index] != "\"" {
          out.unicodeScalars.append(scalars[index])
          index += 1
        }
        index += 1
        return .string(out)
      case "n":
        index += 4
        return .null
      case "t":
        index += 4
        return .bool(true)
      case "f":
        index += 5
        return .bool(false)
      default:
        var digits = ""
        while index < scalars.count, "-0123456789.".unicodeScalars.contains(scalars[index]) {
          digits.unicodeScalars.append(scalars[index])
          index += 1
        }
        return digits.contains(".") ? .double(Double(digits)!) : .int(Int(digits)!)
      }
    }
  }
}
