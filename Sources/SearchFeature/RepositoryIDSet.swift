import GitHubClient

/// The ids of the repositories a search has listed, to drop the ones a later page repeats.
///
/// Open addressing with linear probing and a Fibonacci (multiplicative) hash of the id, kept
/// at most three quarters full: `Set<Int>` hashes every id with SipHash, which made the
/// check cost as much as the rest of a page's reduce. The ids are GitHub's, so they are not
/// chosen to collide; a server that did choose them could only slow its own results down.
/// Clearing keeps the capacity, so a new query reuses the table.
struct RepositoryIDSet: Sendable {
  /// `empty` marks a free slot; an id equal to it is kept in ``holdsEmptyMarker``.
  private var slots: [Int] = []
  private var count = 0
  /// log2 of `slots.count`.
  private var bits = 0
  private var holdsEmptyMarker = false
  private static let empty = Int.min

  var isEmpty: Bool { count == 0 && !holdsEmptyMarker }

  /// Adds `id`; false when it was there already.
  mutating func insert(_ id: Int) -> Bool {
    if id == Self.empty {
      defer { holdsEmptyMarker = true }
      return !holdsEmptyMarker
    }
    reserve(count + 1)
    let bits = bits
    let inserted = slots.withUnsafeMutableBufferPointer { Self.insert(id, into: $0, bits: bits) }
    if inserted { count += 1 }
    return inserted
  }

  /// Adds the ids of a page of results, in order; nil when every one was new (almost every
  /// page), else which of them were (a repeat within the page counts once).
  mutating func insert(idsOf items: [Repository]) -> [Bool]? {
    reserve(count + items.count)
    let bits = bits
    var added = 0
    var kept: [Bool]?
    var sawEmptyMarker = holdsEmptyMarker
    slots.withUnsafeMutableBufferPointer { slots in
      for index in items.indices {
        let id = items[index].id
        let inserted: Bool
        if id == Self.empty {
          inserted = !sawEmptyMarker
          sawEmptyMarker = true
        } else {
          inserted = Self.insert(id, into: slots, bits: bits)
          if inserted { added += 1 }
        }
        if !inserted {
          if kept == nil { kept = Array(repeating: true, count: items.count) }
          kept?[index] = false
        }
      }
    }
    count += added
    holdsEmptyMarker = sawEmptyMarker
    return kept
  }

  /// Forgets every id and keeps the table's capacity.
  mutating func removeAll() {
    guard !isEmpty else { return }
    slots.withUnsafeMutableBufferPointer { $0.update(repeating: Self.empty) }
    count = 0
    holdsEmptyMarker = false
  }

  /// Puts `id` (not the empty marker) in the table of `2^bits` slots, which has room; false
  /// when it is there already.
  private static func insert(_ id: Int, into slots: UnsafeMutableBufferPointer<Int>, bits: Int) -> Bool {
    let mask = slots.count - 1
    // The top bits of the product with 2^64 divided by the golden ratio, which spreads
    // consecutive ids across the table.
    var index = Int(truncatingIfNeeded: (UInt64(bitPattern: Int64(id)) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - bits))
    while true {
      let held = slots[index]
      if held == empty {
        slots[index] = id
        return true
      }
      if held == id { return false }
      index = (index + 1) & mask
    }
  }

  /// Makes room for `total` ids at most three quarters full: doubles the table (64 slots at
  /// first) as often as needed and puts every id back.
  private mutating func reserve(_ total: Int) {
    guard total * 4 > slots.count * 3 else { return }
    var newBits = max(6, bits)
    while total * 4 > (1 << newBits) * 3 { newBits += 1 }
    let old = slots
    bits = newBits
    slots = Array(repeating: Self.empty, count: 1 << newBits)
    let bits = bits
    slots.withUnsafeMutableBufferPointer { slots in
      for id in old where id != Self.empty { _ = Self.insert(id, into: slots, bits: bits) }
    }
  }
}

/// A value `==` passes over: bookkeeping derived from fields that are compared, so that the
/// owner's `Equatable` conformance can be the compiler's.
struct Uncompared<Value: Sendable>: Sendable, Equatable {
  var value: Value

  init(_ value: Value) { self.value = value }

  static func == (lhs: Self, rhs: Self) -> Bool { true }
}
