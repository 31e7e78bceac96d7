public import ReactorJSON
import Synchronization

/// An array whose history a differ can read in O(1): appends keep its identity, every other
/// change gives it a new one.
///
/// Reading is the full `RandomAccessCollection` API. Writing is limited to operations whose
/// patch is cheap to describe: `append(contentsOf:)` (an `add` per new element) and
/// ``replaceAll(with:)`` / ``removeAll()`` (one `replace`).
public struct TrackedArray<Element: Sendable>: Sendable, RandomAccessCollection {
  /// The elements, read-only.
  public private(set) var elements: [Element]
  /// Changes whenever the array changes in a way other than appending.
  public private(set) var identity: UInt64
  /// The array last appended whole, which the elements end with; empty after any other change.
  /// A differ takes the new elements of a patch from it, sharing that array rather than
  /// copying them out of this one.
  private(set) var lastAppended: [Element] = []

  public init(_ elements: [Element] = []) {
    self.elements = elements
    self.identity = TrackedArrayIdentity.next()
  }

  public var startIndex: Int { elements.startIndex }
  public var endIndex: Int { elements.endIndex }
  public subscript(position: Int) -> Element { elements[position] }

  /// Appends elements, keeping the identity.
  public mutating func append(contentsOf newElements: some Sequence<Element>) {
    elements.append(contentsOf: newElements)
    lastAppended = []
  }

  /// Appends an array's elements, keeping the identity (and the array, for a differ).
  public mutating func append(contentsOf newElements: [Element]) {
    elements.append(contentsOf: newElements)
    lastAppended = newElements
  }

  /// Appends one element, keeping the identity.
  public mutating func append(_ element: Element) {
    elements.append(element)
    lastAppended = []
  }

  /// Replaces every element and takes a new identity.
  public mutating func replaceAll(with newElements: [Element]) {
    elements = newElements
    identity = TrackedArrayIdentity.next()
    lastAppended = []
  }

  /// Removes every element and takes a new identity.
  public mutating func removeAll() { replaceAll(with: []) }

  /// Reserves room for appends.
  public mutating func reserveCapacity(_ capacity: Int) { elements.reserveCapacity(capacity) }
}

extension TrackedArray: JSONRepresentable where Element: JSONRepresentable {
  /// A closure rather than a key path: the `replace` of a list in a patch (a new search's first
  /// page) then maps a specialized loop instead of an unspecialized `map` projecting a key path
  /// per element.
  public var jsonValue: JSONValue { .array(elements.map { $0.jsonValue }) }
}

extension TrackedArray: Equatable where Element: Equatable {
  /// Equal when the elements are equal; identity is bookkeeping, not content.
  public static func == (lhs: TrackedArray, rhs: TrackedArray) -> Bool {
    lhs.elements == rhs.elements
  }
}

private enum TrackedArrayIdentity {
  static let counter = Atomic<UInt64>(0)
  static func next() -> UInt64 { counter.wrappingAdd(1, ordering: .relaxed).newValue }
}
