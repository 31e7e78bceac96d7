import ReactorCore
import ReactorJSON
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

  @Test(
    "the adds are exactly the new elements however they were appended since the fingerprint",
    arguments: [
      // One array (the differ shares it); two arrays; an array, then one element; an array,
      // an empty one, then a sequence.
      [[4, 5, 6]], [[4], [5, 6]], [[4, 5], [6]], [[4], [], [5, 6]],
    ])
  func appendsSinceFingerprint(_ batches: [[Int]]) {
    var state = State()
    state.values.append(contentsOf: [1, 2, 3])
    let before = state.fingerprint
    for (index, batch) in batches.enumerated() {
      if index == 1 && batch.count == 1 {
        state.values.append(batch[0])
      } else if index == 2 {
        state.values.append(contentsOf: batch.lazy.map { $0 })
      } else {
        state.values.append(contentsOf: batch)
      }
    }
    let changes = state.changes(since: before)
    #expect(changes.operations.map(\.value) == [.int(4), .int(5), .int(6)])
    #expect(changes.operations.allSatisfy { $0.op == .add && $0.path == "/values/-" })
    // After a replace, later appends are part of the one replace.
    let again = state.fingerprint
    state.values.append(contentsOf: [7])
    state.values.replaceAll(with: [8])
    state.values.append(contentsOf: [9])
    #expect(
      state.patch(since: again) == [PatchOperation(op: .replace, path: "/values", value: .array([.int(8), .int(9)]))])
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

  static func text(_ patch: Patch) -> String {
    var writer = JSONWriter()
    patch.write(to: &writer)
    return writer.text
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

@Suite("Diffing strings as scalars")
struct DiffingScalarTests {
  /// `é` as one scalar and as `e` and a combining accent: equal Swift Strings, different JSON.
  static let composed = "\u{E9}"
  static let decomposed = "e\u{301}"

  @Test("a string that changes only its normalization is a replace, which applied rebuilds the state")
  func fieldList() throws {
    var state = ProbeReactor.State()
    state.loaded = Self.composed
    let document = state.jsonValue
    let before = state.fingerprint
    state.loaded = Self.decomposed
    let patch = state.patch(since: before)
    #expect(patch.map(\.path) == ["/loaded"])
    #expect(try JSONPatch.apply(patch, to: document) == state.jsonValue)
  }

  @Test("appendReplace, for states that diff themselves, says the same of a String and of a String?")
  func appendReplace() {
    var patch = Patch()
    let path = PatchPath("/q")
    patch.appendReplace(at: path, from: Self.composed, to: Self.decomposed)
    patch.appendReplace(at: path, from: Optional(Self.composed), to: Optional(Self.decomposed))
    patch.appendReplace(at: path, from: Self.composed, to: "\u{E9}")
    patch.appendReplace(at: path, from: 3, to: 3)
    #expect(patch.count == 2)
    #expect(patch.operations.map(\.value) == [.string(Self.decomposed), .string(Self.decomposed)])
  }
}
