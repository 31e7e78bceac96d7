/// Applies RFC 6902 patches to JSON values; the other half of the state differ, used to check
/// the invariant that a feature's patches, applied in order, rebuild its state, and by clients of
/// the NDJSON patch stream.
///
/// All six operations, on any location including the whole document (`""`); JSON Pointers
/// (RFC 6901) are read strictly: `~` only as `~0` or `~1`, array indexes only as `0` or digits
/// without a leading zero.
///
/// An operation that would nest arrays and objects more than 128 deep fails: reactor reads no
/// JSON text deeper than that, and a value nested tens of thousands deep (which a few hundred
/// shallow `copy` and `remove` operations build) would overflow the stack of everything that
/// walks it, writing or freeing it.
public enum JSONPatch {
  /// Why a patch could not be applied.
  public struct Failure: Error, Equatable, CustomStringConvertible {
    public var description: String
  }

  /// Applies every operation in order.
  public static func apply(_ operations: [PatchOperation], to document: JSONValue) throws -> JSONValue {
    var document = document
    for operation in operations { try apply(operation, to: &document) }
    return document
  }

  /// Applies one operation in place; when it fails, `document` keeps its value.
  public static func apply(_ operation: PatchOperation, to document: inout JSONValue) throws {
    let path = operation.path
    let tokens = try parsePointer(path)
    switch operation.op {
    case .add:
      let value = try operation.requiredValue()
      try checkNesting(of: value, at: tokens, operation)
      try add(value, at: tokens, path, in: &document)
    case .remove:
      guard !tokens.isEmpty else { throw Failure(description: "cannot remove the whole document") }
      _ = try withParent(&document, tokens[...], path) { parent, token in try remove(token, from: &parent, path) }
    case .replace:
      let value = try operation.requiredValue()
      try checkNesting(of: value, at: tokens, operation)
      guard !tokens.isEmpty else {
        document = value
        return
      }
      try withParent(&document, tokens[...], path) { parent, token in
        try replace(token, in: &parent, with: value, path)
      }
    case .move:
      let from = try operation.requiredFrom()
      let source = try parsePointer(from)
      // Checked before anything moves: the value must be there, even to stay where it is.
      let moved = try value(at: source, in: document, from)
      if from.hasSameScalars(as: path) { return }
      if source.count < tokens.count, zip(source, tokens).allSatisfy({ $0.hasSameScalars(as: $1) }) {
        throw Failure(description: "cannot move \(from) into itself, to \(path)")
      }
      try checkNesting(of: moved, at: tokens, operation)
      let value = try withParent(&document, source[...], from) { parent, token in
        try remove(token, from: &parent, from)
      }
      do {
        try add(value, at: tokens, path, in: &document)
      } catch {
        // Put back where it was, which the removal has just shown to be a valid place.
        try? add(value, at: source, from, in: &document)
        throw error
      }
    case .copy:
      let from = try operation.requiredFrom()
      let copied = try value(at: try parsePointer(from), in: document, from)
      try checkNesting(of: copied, at: tokens, operation)
      try add(copied, at: tokens, path, in: &document)
    case .test:
      let expected = try operation.requiredValue()
      guard try value(at: tokens, in: document, path) == expected else {
        throw Failure(description: "test failed at \(path.isEmpty ? "the whole document" : path)")
      }
    }
  }

  /// The operations of a JSON Patch document: an array of operation objects, read as
  /// ``PatchOperation/init(jsonValue:)`` reads each.
  public static func operations(of patch: JSONValue) throws -> [PatchOperation] {
    guard case .array(let elements) = patch.resolved else {
      throw Failure(description: "a JSON Patch is an array of operations")
    }
    return try elements.map(PatchOperation.init(jsonValue:))
  }

  /// Splits a JSON Pointer into unescaped reference tokens, reading its Unicode scalars (a
  /// `/` before a combining mark is a Character of its own only as a scalar). A pointer is
  /// empty or starts with `/`; `~` is only `~0` (`~`) or `~1` (`/`).
  public static func parsePointer(_ pointer: String) throws -> [String] {
    var scalars = pointer.unicodeScalars.makeIterator()
    guard let first = scalars.next() else { return [] }
    guard first == "/" else { throw Failure(description: "bad pointer \(pointer): not empty, nor starting with /") }
    var tokens: [String] = []
    var token = String.UnicodeScalarView()
    while let scalar = scalars.next() {
      switch scalar {
      case "/":
        tokens.append(String(token))
        token = String.UnicodeScalarView()
      case "~":
        switch scalars.next() {
        case "0": token.append("~")
        case "1": token.append("/")
        default: throw Failure(description: "bad pointer \(pointer): ~ is only ~0 or ~1")
        }
      default: token.append(scalar)
      }
    }
    tokens.append(String(token))
    return tokens
  }

  /// The index an array reference token names: `0`, or decimal digits without a leading zero
  /// (RFC 6901); nil for anything else (`01`, `+1`, `-0`, `1e0`) and for an index beyond `Int`.
  static func index(_ token: String) -> Int? {
    let digits = token.utf8
    guard let first = digits.first, first != UInt8(ascii: "0") || digits.count == 1,
      digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
    else { return nil }
    return Int(token)
  }

  private static func value(at tokens: [String], in document: JSONValue, _ path: String) throws -> JSONValue {
    var current = document
    for token in tokens {
      switch current.resolved {
      case .object(let object):
        guard let next = object[token] else { throw Failure(description: "no member \(token) in \(path)") }
        current = next
      case .array(let array):
        guard let index = index(token), array.indices.contains(index) else {
          throw Failure(description: "no index \(token) in \(path)")
        }
        current = array[index]
      default: throw Failure(description: "cannot descend into a scalar at \(token) in \(path)")
      }
    }
    return current
  }

  /// Fails when `value`, put at the location `tokens` names (inside as many arrays and objects
  /// as it has tokens), would nest arrays and objects deeper than ``JSONScanner/maximumNesting``.
  private static func checkNesting(of value: JSONValue, at tokens: [String], _ operation: PatchOperation) throws {
    guard !value.nests(within: JSONScanner.maximumNesting - tokens.count) else { return }
    let at = operation.path.isEmpty ? "the whole document" : operation.path
    throw Failure(
      description:
        "\(operation.op.rawValue) at \(at) would nest arrays and objects more than \(JSONScanner.maximumNesting) deep, "
        + "deeper than JSON text is read")
  }

  private static func add(_ value: JSONValue, at tokens: [String], _ path: String, in document: inout JSONValue) throws
  {
    guard !tokens.isEmpty else {
      document = value
      return
    }
    try withParent(&document, tokens[...], path) { parent, token in try insert(value, into: &parent, at: token, path) }
  }

  /// Calls `body` with the value that holds the location `tokens` (not empty) names (its
  /// parent), in place, and the location's last token. Each container on the way is taken out of its own
  /// parent while `body` runs, so that changing it copies nothing, and put back after, also
  /// when `body` throws (having changed nothing).
  private static func withParent<Result>(
    _ document: inout JSONValue, _ tokens: ArraySlice<String>, _ path: String,
    _ body: (inout JSONValue, String) throws -> Result
  ) throws -> Result {
    let first = tokens[tokens.startIndex]
    document = document.resolved
    if tokens.count == 1 { return try body(&document, first) }
    switch document {
    case .object(var object):
      guard let index = object.index(of: first) else { throw Failure(description: "no member \(first) in \(path)") }
      document = .null
      defer { document = .object(object) }
      return try object.withValue(at: index) { try withParent(&$0, tokens.dropFirst(), path, body) }
    case .array(var array):
      guard let index = index(first), array.indices.contains(index) else {
        throw Failure(description: "no index \(first) in \(path)")
      }
      document = .null
      defer { document = .array(array) }
      return try withParent(&array[index], tokens.dropFirst(), path, body)
    default: throw Failure(description: "cannot descend into a scalar at \(first) in \(path)")
    }
  }

  private static func insert(_ value: JSONValue, into target: inout JSONValue, at token: String, _ path: String) throws
  {
    target = target.resolved
    switch target {
    case .object(var object):
      target = .null
      object[token] = value
      target = .object(object)
    case .array(var array):
      let index = token == "-" ? array.count : index(token)
      guard let index, index <= array.count else { throw Failure(description: "bad index \(token) in \(path)") }
      target = .null
      array.insert(value, at: index)
      target = .array(array)
    default: throw Failure(description: "cannot add into a scalar: \(path)")
    }
  }

  private static func replace(_ token: String, in target: inout JSONValue, with value: JSONValue, _ path: String) throws
  {
    target = target.resolved
    switch target {
    case .object(var object):
      guard let index = object.index(of: token) else { throw Failure(description: "no member to replace: \(path)") }
      target = .null
      object.withValue(at: index) { $0 = value }
      target = .object(object)
    case .array(var array):
      guard let index = index(token), array.indices.contains(index) else {
        throw Failure(description: "no index to replace: \(path)")
      }
      target = .null
      array[index] = value
      target = .array(array)
    default: throw Failure(description: "cannot replace in a scalar: \(path)")
    }
  }

  /// Removes the value at `token` of `target` and returns it.
  private static func remove(_ token: String, from target: inout JSONValue, _ path: String) throws -> JSONValue {
    target = target.resolved
    switch target {
    case .object(var object):
      guard let removed = object[token] else { throw Failure(description: "no member to remove: \(path)") }
      target = .null
      object[token] = nil
      target = .object(object)
      return removed
    case .array(var array):
      guard let index = index(token), array.indices.contains(index) else {
        throw Failure(description: "no index to remove: \(path)")
      }
      target = .null
      let removed = array.remove(at: index)
      target = .array(array)
      return removed
    default: throw Failure(description: "cannot remove from a scalar: \(path)")
    }
  }
}

extension PatchOperation {
  /// The value an `add`, `replace` or `test` needs: a missing one is an error, not null.
  fileprivate func requiredValue() throws -> JSONValue {
    guard let value else { throw JSONPatch.Failure(description: "\(op.rawValue) at \(path) has no value") }
    return value
  }

  /// The `from` a `move` or `copy` needs.
  fileprivate func requiredFrom() throws -> String {
    guard let from else { throw JSONPatch.Failure(description: "\(op.rawValue) to \(path) has no from") }
    return from
  }
}

extension JSONValue {
  /// Whether this value's arrays and objects are nested at most `levels` deep (`[[1]]` is 2,
  /// a scalar 0). Looks no deeper than `levels`, so a hostile value costs no deep recursion.
  fileprivate func nests(within levels: Int) -> Bool {
    switch self {
    case .array(let values): levels > 0 && values.allSatisfy { $0.nests(within: levels - 1) }
    case .object(let object): levels > 0 && object.members.allSatisfy { $0.value.nests(within: levels - 1) }
    case .encoded(let value):
      // Its text, scanned as if inside the arrays and objects that the levels taken leave.
      value.withEncodedJSON { text in
        var scanner = JSONScanner(bytes: text)
        return (try? scanner.skipValue(depth: JSONScanner.maximumNesting - levels)) != nil
      }
    default: true
    }
  }
}
