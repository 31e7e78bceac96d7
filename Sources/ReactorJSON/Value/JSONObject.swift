/// A JSON object whose members are stored sorted by key (byte order of UTF-8, which is the
/// order of their Unicode scalars); two keys are the same key when their scalars are, so NFC
/// `é` and NFD `e` + U+0301 are two members.
public struct JSONObject: Sendable, Equatable, ExpressibleByDictionaryLiteral {
  public private(set) var members: [(key: String, value: JSONValue)]

  /// Builds an object from pairs in any order; a later duplicate key replaces an earlier one.
  public init(_ pairs: [(String, JSONValue)]) {
    var sorted: [(key: String, value: JSONValue)] = []
    sorted.reserveCapacity(pairs.count)
    for (key, value) in pairs { sorted.append((key, value)) }
    sorted.sort { $0.key.scalarsPrecede($1.key) }
    var unique: [(key: String, value: JSONValue)] = []
    unique.reserveCapacity(sorted.count)
    for pair in sorted {
      if let last = unique.last, last.key.hasSameScalars(as: pair.key) {
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
      zip(sortedMembers, sortedMembers.dropFirst()).allSatisfy { $0.key.scalarsPrecede($1.key) })
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
          members.firstIndex { key.scalarsPrecede($0.key) } ?? members.endIndex
        members.insert((key, newValue), at: position)
      }
    }
  }

  /// The position of the member `key` in ``members``.
  func index(of key: String) -> Int? { members.firstIndex { $0.key.hasSameScalars(as: key) } }

  /// Calls `body` with the value of the member at `index`, in place.
  mutating func withValue<Result>(at index: Int, _ body: (inout JSONValue) throws -> Result) rethrows -> Result {
    try body(&members[index].value)
  }

  public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    lhs.members.count == rhs.members.count
      && zip(lhs.members, rhs.members).allSatisfy { $0.key.hasSameScalars(as: $1.key) && $0.value == $1.value }
  }
}
