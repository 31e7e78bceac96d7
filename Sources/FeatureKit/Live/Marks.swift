/// The rows `--multi` marked with Tab, in the order they were marked, each with what it is, so
/// that Enter prints them in that order whatever pages loaded since (marks follow a row's id,
/// not its place in the list).
package struct Marks<ID: Hashable & Sendable, Item: Sendable>: Sendable {
  private var order: [ID] = []
  private var items: [ID: Item] = [:]

  package init() {}

  package var count: Int { order.count }
  package var isEmpty: Bool { order.isEmpty }

  package func contains(_ id: ID) -> Bool { items[id] != nil }

  /// The marked items, first marked first.
  package var inOrder: [Item] { order.compactMap { items[$0] } }

  /// Marks `id` if it is not, unmarks it if it is.
  package mutating func toggle(_ id: ID, _ item: Item) {
    if items.removeValue(forKey: id) != nil {
      order.removeAll { $0 == id }
    } else {
      items[id] = item
      order.append(id)
    }
  }

  /// Forgets every mark (the rows they were on are gone); how many there were.
  package mutating func removeAll() -> Int {
    defer {
      order = []
      items = [:]
    }
    return order.count
  }
}

/// Tells a double click from a click: a second press on the same row within
/// ``doubleClickInterval`` of the first, as fzf counts one.
package struct Clicks: Sendable, Equatable {
  package static let doubleClickInterval: Duration = .milliseconds(500)
  private var last: (row: Int, at: Duration)?

  package init() {}

  /// A press on list row `row` at `now`: true when it makes a double click (and the next press
  /// starts afresh).
  package mutating func press(row: Int, at now: Duration) -> Bool {
    if let last, last.row == row, now - last.at <= Self.doubleClickInterval, now >= last.at {
      self.last = nil
      return true
    }
    last = (row, now)
    return false
  }

  package static func == (lhs: Clicks, rhs: Clicks) -> Bool {
    lhs.last?.row == rhs.last?.row && lhs.last?.at == rhs.last?.at
  }
}
