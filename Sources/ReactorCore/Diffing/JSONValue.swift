internal import CByteScan

/// A JSON value with object keys kept in sorted order, so encoding is deterministic and cheap.
public enum JSONValue: Sendable, Equatable {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case array([JSONValue])
  case object(JSONObject)
  /// A value that wrote its own JSON text once, when it was made: encoding copies those bytes,
  /// and everything that looks inside it sees ``PreencodedJSON/jsonTree``. Equal to any value
  /// with the same tree.
  case encoded(any PreencodedJSON)

  /// A member of an object, or nil.
  public subscript(key: String) -> JSONValue? {
    if case .object(let object) = resolved { return object[key] }
    return nil
  }

  /// This value with an ``encoded(_:)`` value replaced by its tree (one level deep: the tree's
  /// own members may be encoded too).
  public var resolved: JSONValue {
    if case .encoded(let value) = self { return value.jsonTree }
    return self
  }

  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.int(let a), .int(let b)): a == b
    case (.double(let a), .double(let b)): a == b
    case (.string(let a), .string(let b)): a == b
    case (.array(let a), .array(let b)): a == b
    case (.object(let a), .object(let b)): a == b
    case (.encoded(let a), .encoded(let b)): a === b || a.hasSameJSON(as: b)
    case (.encoded(let a), _): a.jsonTree == rhs
    case (_, .encoded(let b)): lhs == b.jsonTree
    default: false
    }
  }
}

/// An immutable value that keeps its canonical JSON text: compact, keys sorted, strings escaped
/// exactly as ``JSONValue/jsonText`` escapes them (write it with ``JSONWriter``).
///
/// For values that are rendered many times or in bulk, such as the repositories of a search:
/// the text is written once, when the value is made, and every patch, NDJSON line and state
/// dump after that copies bytes instead of building and encoding a tree.
public protocol PreencodedJSON: AnyObject, Sendable {
  /// Calls `body` with the JSON text, as UTF-8, in place.
  func withEncodedJSON<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R
  /// The same value as a tree, built when something looks inside it.
  var jsonTree: JSONValue { get }
}

extension PreencodedJSON {
  /// A copy of the JSON text, as UTF-8.
  public var encodedJSON: [UInt8] { withEncodedJSON { Array($0) } }

  /// Whether `other` holds the same JSON text, byte for byte.
  public func hasSameJSON(as other: any PreencodedJSON) -> Bool {
    withEncodedJSON { mine in
      other.withEncodedJSON { theirs in
        mine.count == theirs.count
          && (mine.count == 0 || rc_bytes_equal(mine.baseAddress!, theirs.baseAddress!, mine.count) != 0)
      }
    }
  }
}

/// A JSON object whose members are stored sorted by key (byte order of UTF-8).
public struct JSONObject: Sendable, Equatable, ExpressibleByDictionaryLiteral {
  public private(set) var members: [(key: String, value: JSONValue)]

  /// Builds an object from pairs in any order; a later duplicate key replaces an earlier one.
  public init(_ pairs: [(String, JSONValue)]) {
    var sorted: [(key: String, value: JSONValue)] = []
    sorted.reserveCapacity(pairs.count)
    for (key, value) in pairs { sorted.append((key, value)) }
    sorted.sort { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
    var unique: [(key: String, value: JSONValue)] = []
    unique.reserveCapacity(sorted.count)
    for pair in sorted {
      if let last = unique.last, last.key == pair.key {
        unique[unique.count - 1] = pair
      } else {
        unique.append(pair)
      }
    }
    members = unique
  }

  public init(dictionaryLiteral elements: (String, JSONValue)...) { self.init(elements) }

  /// Builds an object from pairs already sorted by key with no duplicates (checked in debug
  /// builds); the fast path for types that encode themselves many times.
  public init(sortedMembers: [(key: String, value: JSONValue)]) {
    assert(
      zip(sortedMembers, sortedMembers.dropFirst()).allSatisfy { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) })
    members = sortedMembers
  }

  public var count: Int { members.count }

  public subscript(key: String) -> JSONValue? {
    get { index(of: key).map { members[$0].value } }
    set {
      if let index = index(of: key) {
        if let newValue { members[index].value = newValue } else { members.remove(at: index) }
      } else if let newValue {
        let position =
          members.firstIndex { key.utf8.lexicographicallyPrecedes($0.key.utf8) } ?? members.endIndex
        members.insert((key, newValue), at: position)
      }
    }
  }

  private func index(of key: String) -> Int? { members.firstIndex { $0.key == key } }

  public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    lhs.members.count == rhs.members.count
      && zip(lhs.members, rhs.members).allSatisfy { $0.key == $1.key && $0.value == $1.value }
  }
}

/// A value that has a JSON form, used for state dumps and patch values.
public protocol JSONRepresentable: SendableMetatype {
  var jsonValue: JSONValue { get }
  /// Appends the text of ``jsonValue``; a type that keeps its JSON text copies it.
  func writeJSON(to writer: inout JSONWriter)
  /// About how many bytes ``writeJSON(to:)`` appends, to size a writer's buffer once; a type
  /// that keeps its JSON text knows it exactly.
  var jsonSizeHint: Int { get }
}

extension JSONRepresentable {
  public func writeJSON(to writer: inout JSONWriter) { writer.value(jsonValue) }
  public var jsonSizeHint: Int { 32 }
}

extension String: JSONRepresentable { public var jsonValue: JSONValue { .string(self) } }
extension Int: JSONRepresentable { public var jsonValue: JSONValue { .int(self) } }
extension Bool: JSONRepresentable { public var jsonValue: JSONValue { .bool(self) } }
extension Double: JSONRepresentable { public var jsonValue: JSONValue { .double(self) } }
extension JSONValue: JSONRepresentable { public var jsonValue: JSONValue { self } }

extension Optional: JSONRepresentable where Wrapped: JSONRepresentable {
  @inlinable
  public var jsonValue: JSONValue { self?.jsonValue ?? .null }
}

extension Array: JSONRepresentable where Element: JSONRepresentable {
  @inlinable
  public var jsonValue: JSONValue { .array(map { $0.jsonValue }) }
}
