import ReactorJSON

// JSONPatch.apply with operations of all six kinds generated from the input on a small
// generated document, perhaps wrapped in up to 255 arrays and objects: it throws for a bad path
// or index, never traps. Properties:
// - every operation does what a plain model of RFC 6902 (below: a lookup, and rebuilding the
//   containers on the path) does: it fails when the model fails, and otherwise leaves the
//   document the model makes, unless it would nest arrays and objects more than 128 deep, which
//   it must refuse, saying so; a failed operation leaves the document as it was;
// - after a successful `add` or `replace`, a `test` of the same path and value succeeds;
// - a document made no deeper than 128 stays so, and its text reads back to the same text;
// - escapeToken/parsePointer round-trip a token; and a `Patch` holding the same operations,
//   some as runs of adds, writes the text of its operations.

private let tokens = [
  "a", "b", "", "0", "1", "2", "01", "-1", "-", "~", "/", "~0", "~1", "a/b", "é", "e\u{301}", "10",
  "99999999999999999999",
]

/// The deepest nesting of arrays and objects a patch may build: the parser's.
private let maximumNesting = 128

package func fuzzJSONPatch(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = ByteReader(bytes(data, size))
  var document = value(&input, depth: 0)
  // Deep enough, for one input in four, for a copy or an add to cross the limit.
  let wraps = input.below(4) == 0 ? Int(input.byte()) : 0
  let shapes = input.byte()
  for level in 0..<wraps {
    document =
      shapes >> (level % 8) & 1 == 0 ? .array([document]) : .object(JSONObject(sortedMembers: [("a", document)]))
  }
  let madeNesting = nesting(document)
  let count = input.below(8)
  var patch = Patch()
  var written: [PatchOperation] = []
  for _ in 0..<count {
    let kind = input.pick([PatchOperation.Kind.add, .remove, .replace, .move, .copy, .test])
    var path = ""
    var last: String?
    // A move or copy takes its value from a second generated pointer.
    let from: String? = kind == .move || kind == .copy ? pointer(&input) : nil
    // Now and then down the wrapping, to reach the deep end of a wrapped document.
    if wraps > 0, input.below(4) == 0 {
      // The outermost wrapping is the last one made.
      for level in stride(from: wraps - 1, through: wraps - input.below(wraps + 1), by: -1) {
        path += shapes >> (level % 8) & 1 == 0 ? "/0" : "/a"
      }
    }
    for _ in 0..<input.below(4) {
      let token = input.bool() ? input.pick(tokens) : input.string(limit: 6)
      let escaped = input.bool() ? PatchOperation.escapeToken(token) : token
      if escaped == PatchOperation.escapeToken(token) {
        let parsed = try? JSONPatch.parsePointer("/" + escaped)
        // Compared as scalars: Swift's == would take NFD for NFC.
        require(
          parsed.map { $0.map { Array($0.unicodeScalars) } } == [Array(token.unicodeScalars)],
          "parsePointer(\"/\(escaped)\") = \(String(describing: parsed)), not [\(token.debugDescription)]")
      }
      path += "/" + escaped
      last = token
    }
    let operand: JSONValue? = input.below(4) == 0 ? nil : value(&input, depth: 1)
    let operation = PatchOperation(op: kind, path: path, value: operand, from: from)
    if kind == .add, input.bool() {
      // The same path as a run of adds, of this value and up to two more.
      let values = [operand ?? .null] + (0..<input.below(3)).map { _ in value(&input, depth: 1) }
      patch.append(addsAt: path, elements: values)
      written += values.map { PatchOperation(op: .add, path: path, value: $0) }
    } else {
      patch.append(operation)
      written.append(operation)
    }
    let before = document
    let expected = Model.apply(operation, to: before)
    do {
      try JSONPatch.apply(operation, to: &document)
    } catch {
      let message = String(describing: error)
      // As text when not equal: a NaN is not equal to itself.
      require(
        document == before || document.jsonText == before.jsonText,
        "a failed \(kind) at \(path.debugDescription) changed the document")
      if case .success(let result) = expected {
        require(
          result.tooDeep && message.contains("more than \(maximumNesting) deep"),
          "\(kind) at \(path.debugDescription) from \(from.debugDescription) failed (\(message)) where the model "
            + "gives \(result.document.jsonText.prefix(200))")
      }
      continue
    }
    switch expected {
    case .failure(let reason):
      require(
        false, "\(kind) at \(path.debugDescription) from \(from.debugDescription) succeeded; the model: \(reason)")
    case .success(let result):
      require(
        !result.tooDeep,
        "\(kind) at \(path.debugDescription) from \(from.debugDescription) nested the document \(nesting(document)) deep"
      )
      require(
        document == result.document || document.jsonText == result.document.jsonText,
        "\(kind) at \(path.debugDescription) from \(from.debugDescription) gave \(document.jsonText.prefix(300)), "
          + "the model \(result.document.jsonText.prefix(300))")
    }
    if kind == .add || kind == .replace, last != "-", !containsNaN(operand ?? .null) {
      let check = PatchOperation(op: .test, path: path, value: operand ?? .null)
      do {
        try JSONPatch.apply(check, to: &document)
      } catch {
        require(false, "after \(kind) at \(path.debugDescription), test of the same value fails: \(error)")
      }
    }
  }
  // What the operations built reads back, unless the document was made deeper than the parser reads.
  if madeNesting <= maximumNesting {
    let text = document.jsonText
    require(nesting(document) <= maximumNesting, "the operations nested the document \(nesting(document)) deep")
    let reread = try? JSONValue(parsing: text.utf8)
    require(reread?.jsonText == text, "the text of the document does not read back: \(text.prefix(300))")
  }
  _ = try? JSONPatch.apply([], to: document)
  // Compared as text: a NaN operand is not equal to itself.
  let expected = JSONValue.array(written.map(\.jsonValue)).jsonText
  require(
    patch.count == written.count && JSONValue.array(patch.operations.map(\.jsonValue)).jsonText == expected,
    "a Patch does not hold what was appended")
  var writer = JSONWriter()
  patch.write(to: &writer)
  let text = writer.text
  require(text == expected, "Patch.write gives \(text.debugDescription), its operations \(expected.debugDescription)")
  return 0
}

/// RFC 6902 and 6901 as plainly as they read, to hold `JSONPatch.apply` to: look a location
/// up, or rebuild the containers down to it with one change. No depth limit: it says when the
/// value put somewhere would nest deeper than the limit instead.
private enum Model {
  struct Result {
    var document: JSONValue
    /// The operation put arrays and objects more than 128 deep, which JSONPatch must refuse.
    var tooDeep = false
  }

  struct Failure: Error { var reason: String }

  static func apply(_ operation: PatchOperation, to document: JSONValue) -> Swift.Result<Result, any Error> {
    Swift.Result {
      guard let tokens = try? JSONPatch.parsePointer(operation.path) else { throw Failure(reason: "bad path") }
      // The value's arrays and objects go inside as many as the path has tokens; a scalar adds
      // none, even to a document already deeper than the limit.
      func placed(_ value: JSONValue) -> Bool { nesting(value) > 0 && tokens.count + nesting(value) > maximumNesting }
      switch operation.op {
      case .add:
        guard let value = operation.value else { throw Failure(reason: "no value") }
        return Result(document: try add(value, at: tokens[...], in: document), tooDeep: placed(value))
      case .remove:
        guard !tokens.isEmpty else { throw Failure(reason: "remove of the whole document") }
        return Result(document: try remove(tokens[...], in: document).document)
      case .replace:
        guard let value = operation.value else { throw Failure(reason: "no value") }
        guard lookup(tokens[...], in: document) != nil else { throw Failure(reason: "nothing to replace") }
        return Result(document: try replace(value, at: tokens[...], in: document), tooDeep: placed(value))
      case .move:
        guard let from = operation.from, let source = try? JSONPatch.parsePointer(from) else {
          throw Failure(reason: "bad from")
        }
        guard let value = lookup(source[...], in: document) else { throw Failure(reason: "nothing at from") }
        if source.elementsEqualScalars(tokens) { return Result(document: document) }
        if source.count < tokens.count, source.elementsEqualScalars(Array(tokens.prefix(source.count))) {
          throw Failure(reason: "a move into itself")
        }
        let removed = try remove(source[...], in: document)
        return Result(document: try add(removed.value, at: tokens[...], in: removed.document), tooDeep: placed(value))
      case .copy:
        guard let from = operation.from, let source = try? JSONPatch.parsePointer(from) else {
          throw Failure(reason: "bad from")
        }
        guard let value = lookup(source[...], in: document) else { throw Failure(reason: "nothing at from") }
        return Result(document: try add(value, at: tokens[...], in: document), tooDeep: placed(value))
      case .test:
        guard let value = operation.value else { throw Failure(reason: "no value") }
        guard lookup(tokens[...], in: document) == value else { throw Failure(reason: "test fails") }
        return Result(document: document)
      }
    }
  }

  static func lookup(_ tokens: ArraySlice<String>, in value: JSONValue) -> JSONValue? {
    guard let token = tokens.first else { return value }
    switch value.resolved {
    case .object(let object): return object[token].flatMap { lookup(tokens.dropFirst(), in: $0) }
    case .array(let array):
      guard let index = index(token), index < array.count else { return nil }
      return lookup(tokens.dropFirst(), in: array[index])
    default: return nil
    }
  }

  /// The document with `change` made to the container that holds the location `tokens` names
  /// (its last token passed to `change`), every container above it rebuilt.
  static func changing(
    _ tokens: ArraySlice<String>, in value: JSONValue, _ change: (JSONValue, String) throws -> JSONValue
  ) throws -> JSONValue {
    guard let token = tokens.first else { throw Failure(reason: "no parent") }
    if tokens.count == 1 { return try change(value.resolved, token) }
    switch value.resolved {
    case .object(var object):
      guard let child = object[token] else { throw Failure(reason: "no member \(token)") }
      object[token] = try changing(tokens.dropFirst(), in: child, change)
      return .object(object)
    case .array(var array):
      guard let index = index(token), index < array.count else { throw Failure(reason: "no index \(token)") }
      array[index] = try changing(tokens.dropFirst(), in: array[index], change)
      return .array(array)
    default: throw Failure(reason: "a scalar on the way")
    }
  }

  static func add(_ new: JSONValue, at tokens: ArraySlice<String>, in document: JSONValue) throws -> JSONValue {
    if tokens.isEmpty { return new }
    return try changing(tokens, in: document) { parent, token in
      switch parent {
      case .object(var object):
        object[token] = new
        return .object(object)
      case .array(var array):
        let index = token == "-" ? array.count : index(token)
        guard let index, index <= array.count else { throw Failure(reason: "bad index \(token)") }
        array.insert(new, at: index)
        return .array(array)
      default: throw Failure(reason: "add into a scalar")
      }
    }
  }

  static func replace(_ new: JSONValue, at tokens: ArraySlice<String>, in document: JSONValue) throws -> JSONValue {
    if tokens.isEmpty { return new }
    return try changing(tokens, in: document) { parent, token in
      switch parent {
      case .object(var object):
        object[token] = new
        return .object(object)
      case .array(var array):
        guard let index = index(token), index < array.count else { throw Failure(reason: "bad index \(token)") }
        array[index] = new
        return .array(array)
      default: throw Failure(reason: "replace in a scalar")
      }
    }
  }

  static func remove(_ tokens: ArraySlice<String>, in document: JSONValue) throws -> (
    document: JSONValue, value: JSONValue
  ) {
    guard let value = lookup(tokens, in: document) else { throw Failure(reason: "nothing to remove") }
    let changed = try changing(tokens, in: document) { parent, token in
      switch parent {
      case .object(var object):
        object[token] = nil
        return .object(object)
      case .array(var array):
        guard let index = index(token), index < array.count else { throw Failure(reason: "bad index \(token)") }
        array.remove(at: index)
        return .array(array)
      default: throw Failure(reason: "remove from a scalar")
      }
    }
    return (changed, value)
  }

  /// RFC 6901's array index: `0`, or digits without a leading zero; nil beyond `Int`.
  static func index(_ token: String) -> Int? {
    guard token == "0" || (token.first != "0" && !token.isEmpty),
      token.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) })
    else { return nil }
    return Int(token)
  }
}

extension [String] {
  /// Equal token by token as Unicode scalars (JSON's equality of strings).
  fileprivate func elementsEqualScalars(_ other: [String]) -> Bool {
    count == other.count && zip(self, other).allSatisfy { $0.unicodeScalars.elementsEqual($1.unicodeScalars) }
  }
}

/// How deep arrays and objects nest in `value` (`[[1]]` is 2, a scalar 0).
private func nesting(_ value: JSONValue) -> Int {
  switch value.resolved {
  case .array(let values): 1 + (values.map(nesting).max() ?? 0)
  case .object(let object): 1 + (object.members.map { nesting($0.value) }.max() ?? 0)
  default: 0
  }
}

/// A pointer of up to three tokens, each escaped or not.
private func pointer(_ input: inout ByteReader) -> String {
  var path = ""
  for _ in 0..<input.below(4) {
    let token = input.bool() ? input.pick(tokens) : input.string(limit: 6)
    path += "/" + (input.bool() ? PatchOperation.escapeToken(token) : token)
  }
  return path
}

private func value(_ input: inout ByteReader, depth: Int) -> JSONValue {
  switch input.below(depth >= 3 ? 5 : 7) {
  case 0: return .null
  case 1: return .bool(input.bool())
  case 2: return .int(Int(Int8(bitPattern: input.byte())) << (Int(input.byte()) % 64))
  case 3:
    return .double(input.pick([0.5, -0.0, 1e300, .infinity, -.infinity, .nan, 1e15, 3.0, .leastNonzeroMagnitude]))
  case 4: return .string(input.bool() ? input.pick(tokens) : input.string(limit: 6))
  case 5: return .array((0..<input.below(4)).map { _ in value(&input, depth: depth + 1) })
  default:
    return .object(
      JSONObject(
        (0..<input.below(4)).map { _ in
          (input.bool() ? input.pick(tokens) : input.string(limit: 4), value(&input, depth: depth + 1))
        }))
  }
}

/// NaN is not equal to itself, so a `test` of it fails by design.
private func containsNaN(_ value: JSONValue) -> Bool {
  switch value {
  case .double(let number): number.isNaN
  case .array(let values): values.contains(where: containsNaN)
  case .object(let object): object.members.contains { containsNaN($0.value) }
  default: false
  }
}
