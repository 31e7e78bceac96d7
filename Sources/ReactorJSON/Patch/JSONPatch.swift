/// Applies RFC 6902 patches to JSON values; the other half of the state differ, used to check
/// the invariant that a feature's patches, applied in order, rebuild its state.
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

  /// Applies one operation in place.
  public static func apply(_ operation: PatchOperation, to document: inout JSONValue) throws {
    let tokens = try parsePointer(operation.path)
    switch operation.op {
    case .add:
      try update(&document, tokens[...], operation.path) { target, last in
        try insert(operation.value ?? .null, into: &target, at: last, path: operation.path)
      }
    case .remove:
      try update(&document, tokens[...], operation.path) { target, last in
        try remove(from: &target, at: last, path: operation.path)
      }
    case .replace:
      try update(&document, tokens[...], operation.path) { target, last in
        try remove(from: &target, at: last, path: operation.path)
        try insert(operation.value ?? .null, into: &target, at: last, path: operation.path)
      }
    case .test:
      guard try value(at: tokens, in: document) == (operation.value ?? .null) else {
        throw Failure(description: "test failed at \(operation.path)")
      }
    }
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

  private static func value(at tokens: [String], in document: JSONValue) throws -> JSONValue {
    var current = document
    for token in tokens {
      switch current.resolved {
      case .object(let object):
        guard let next = object[token] else { throw Failure(description: "no member \(token)") }
        current = next
      case .array(let array):
        guard let index = Int(token), array.indices.contains(index) else {
          throw Failure(description: "no index \(token)")
        }
        current = array[index]
      default: throw Failure(description: "cannot descend into a scalar at \(token)")
      }
    }
    return current
  }

  private static func update(
    _ document: inout JSONValue, _ tokens: ArraySlice<String>, _ path: String,
    _ body: (inout JSONValue, String) throws -> Void
  ) throws {
    guard let first = tokens.first else { throw Failure(description: "cannot patch the root: \(path)") }
    document = document.resolved
    if tokens.count == 1 { return try body(&document, first) }
    switch document {
    case .object(var object):
      guard var child = object[first] else { throw Failure(description: "no member \(first) in \(path)") }
      document = .null
      try update(&child, tokens.dropFirst(), path, body)
      object[first] = child
      document = .object(object)
    case .array(var array):
      guard let index = Int(first), array.indices.contains(index) else {
        throw Failure(description: "no index \(first) in \(path)")
      }
      document = .null
      try update(&array[index], tokens.dropFirst(), path, body)
      document = .array(array)
    default: throw Failure(description: "cannot descend into a scalar in \(path)")
    }
  }

  private static func insert(_ value: JSONValue, into target: inout JSONValue, at token: String, path: String) throws {
    target = target.resolved
    switch target {
    case .object(var object):
      target = .null
      object[token] = value
      target = .object(object)
    case .array(var array):
      target = .null
      if token == "-" {
        array.append(value)
      } else if let index = Int(token), index >= 0, index <= array.count {
        array.insert(value, at: index)
      } else {
        throw Failure(description: "bad index \(token) in \(path)")
      }
      target = .array(array)
    default: throw Failure(description: "cannot add into a scalar: \(path)")
    }
  }

  private static func remove(from target: inout JSONValue, at token: String, path: String) throws {
    target = target.resolved
    switch target {
    case .object(var object):
      guard object[token] != nil else { throw Failure(description: "no member to remove: \(path)") }
      target = .null
      object[token] = nil
      target = .object(object)
    case .array(var array):
      guard let index = Int(token), array.indices.contains(index) else {
        throw Failure(description: "no index to remove: \(path)")
      }
      target = .null
      array.remove(at: index)
      target = .array(array)
    default: throw Failure(description: "cannot remove from a scalar: \(path)")
    }
  }
}
