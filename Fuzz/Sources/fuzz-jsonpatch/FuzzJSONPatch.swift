import FuzzSupport
import ReactorJSON

// JSONPatch.apply with operations of all six kinds generated from the input on a small
// generated document: it throws for a bad path or index, never traps. Properties: after a
// successful `add` or `replace`, a `test` of the same path and value succeeds; a failed
// operation leaves the document as it was; every document stays encodable;
// escapeToken/parsePointer round-trip a token; and a `Patch` holding the same operations, some
// as runs of adds, writes the text of its operations.

private let tokens = [
  "a", "b", "", "0", "1", "2", "01", "-1", "-", "~", "/", "~0", "~1", "a/b", "é", "e\u{301}", "10",
  "99999999999999999999",
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONPatch(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = ByteReader(bytes(data, size))
  var document = value(&input, depth: 0)
  let count = input.below(8)
  var patch = Patch()
  var written: [PatchOperation] = []
  for _ in 0..<count {
    let kind = input.pick([PatchOperation.Kind.add, .remove, .replace, .move, .copy, .test])
    var path = ""
    var last: String?
    // A move or copy takes its value from a second generated pointer.
    let from: String? = kind == .move || kind == .copy ? pointer(&input) : nil
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
    do {
      try JSONPatch.apply(operation, to: &document)
    } catch {
      _ = String(describing: error)
      // Compared as text: a NaN is not equal to itself.
      require(document.jsonText == before.jsonText, "a failed \(kind) at \(path.debugDescription) changed the document")
      continue
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
  _ = document.jsonText
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
