import ReactorCore
import Testing

@Suite("Diffing")
struct DiffingTests {
  typealias State = ProbeReactor.State

  @Test("a scalar change is one replace, with the old value kept for text rendering")
  func scalar() {
    var state = State()
    let before = state.fingerprint
    state.loaded = "swift"
    let patch = state.patch(since: before)
    #expect(patch == [PatchOperation(op: .replace, path: "/loaded", value: .string("swift"), oldValue: .null)])
    #expect(patch[0].jsonValue.jsonText == #"{"op":"replace","path":"/loaded","value":"swift"}"#)
  }

  @Test("appending to a tracked array emits one add per new element, nothing for the rest")
  func append() {
    var state = State()
    state.values.append(contentsOf: Array(0..<100_000))
    let before = state.fingerprint
    state.values.append(contentsOf: [1, 2])
    let patch = state.patch(since: before)
    #expect(patch.map(\.path) == ["/values/-", "/values/-"])
    #expect(patch.map(\.value) == [.int(1), .int(2)])
  }

  @Test("replacing a tracked array is one replace of the whole field")
  func replace() {
    var state = State()
    state.values.append(contentsOf: [1, 2, 3])
    let before = state.fingerprint
    state.values.replaceAll(with: [9])
    #expect(state.patch(since: before) == [PatchOperation(op: .replace, path: "/values", value: .array([.int(9)]))])
    let again = state.fingerprint
    state.values.removeAll()
    #expect(state.patch(since: again).map(\.op) == [.replace])
  }

  @Test("no change, no operations")
  func unchanged() {
    let state = State()
    #expect(state.patch(since: state.fingerprint).isEmpty)
  }

  @Test("applying every patch in order rebuilds the state (randomised)")
  func invariant() throws {
    let generator = SeededGenerator(seed: 42)
    var state = State()
    var document = state.jsonValue
    for _ in 0..<2_000 {
      let before = state.fingerprint
      switch generator.next() % 5 {
      case 0: state.count += Int(generator.next() % 3)
      case 1: state.values.append(contentsOf: (0..<Int(generator.next() % 4)).map { _ in Int(generator.next() % 100) })
      case 2: state.values.replaceAll(with: (0..<Int(generator.next() % 3)).map { _ in 1 })
      case 3: state.loaded = generator.next() % 2 == 0 ? nil : "v\(generator.next() % 10)"
      default: state.error = generator.next() % 3 == 0 ? "e" : nil
      }
      let changes = state.changes(since: before)
      document = try JSONPatch.apply(changes.operations, to: document)
      #expect(document == state.jsonValue)
      // Written from its runs, the patch is the text of its operations one by one.
      #expect(Self.text(changes) == JSONValue.array(changes.operations.map(\.jsonValue)).jsonText)
    }
  }

  @Test("an append is one run of adds: counted, compared and written as its operations")
  func appendRun() {
    var state = State()
    state.values.append(contentsOf: [7])
    let before = state.fingerprint
    state.values.append(contentsOf: [1, 2, 3])
    state.count = 4
    let changes = state.changes(since: before)
    #expect(changes.count == 4)
    #expect(changes.count(at: "/values/-") == 3)
    #expect(changes.count(at: "/count") == 1)
    #expect(changes.count(at: "/values") == 0)
    let oneByOne: [PatchOperation] = [
      PatchOperation(op: .replace, path: "/count", value: .int(4), oldValue: .int(0)),
      PatchOperation(op: .add, path: "/values/-", value: .int(1)),
      PatchOperation(op: .add, path: "/values/-", value: .int(2)),
      PatchOperation(op: .add, path: "/values/-", value: .int(3)),
    ]
    #expect(changes.operations == oneByOne)
    #expect(changes == Patch(oneByOne))
    #expect(changes != Patch(Array(oneByOne.dropLast())))
    #expect(Self.text(changes) == JSONValue.array(oneByOne.map(\.jsonValue)).jsonText)
  }

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
      PatchOperation(op: .add, path: "", value: .int(1)),
    ])
  func applyErrors(_ operation: PatchOperation) throws {
    #expect(throws: JSONPatch.Failure.self) { try JSONPatch.apply([operation], to: TinyJSON.parse(#"{"a":[1]}"#)) }
  }

  @Test("JSON text: sorted keys, escapes that keep a terminal inert")
  func encoding() {
    let object: JSONValue = .object([
      "b": .string("\u{1B}]52;c;x\u{07}\n\u{9B}\u{202E}\"\\"), "a": .double(1.5), "c": .null,
    ])
    #expect(object.jsonText == #"{"a":1.5,"b":"\u001b]52;c;x\u0007\n\u009b\u202e\"\\","c":null}"#)
  }

  @Test("pulse bumps its version on every assignment, even of an equal value")
  func pulse() {
    var pulse = Pulse("a")
    pulse.emit("a")
    pulse.emit("a")
    #expect(pulse.version == 2)
    #expect(pulse.value == "a")
  }

  @Test("Effect.map keeps structure; isSynchronous and synchronousOutputs inspect it")
  func effectMap() {
    let effect = Effect<Int>.concatenate(.send(1), .merge(.send(2), .notice("n")), .cancel(id: "x"))
    #expect(effect.isSynchronous)
    #expect(effect.map { $0 * 10 }.synchronousOutputs == [10, 20])
    let async = Effect<Int>.concatenate(.send(1), .run { send in send(2) }.cancellable(id: "y"))
    #expect(!async.isSynchronous)
    #expect(async.map(String.init).synchronousOutputs == ["1"])
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
