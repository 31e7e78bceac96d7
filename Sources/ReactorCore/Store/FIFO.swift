/// A first-in, first-out queue with amortised O(1) append and removal at the front.
struct FIFO<Element> {
  private var storage: [Element?] = []
  private var head = 0

  var isEmpty: Bool { head == storage.count }

  mutating func append(_ element: consuming Element) { storage.append(element) }

  /// Calls `body` with each element, first to last.
  func visit(_ body: (Element) -> Void) {
    for index in head..<storage.count {
      if let element = storage[index] { body(element) }
    }
  }

  /// Removes the first element; the queue must not be empty.
  mutating func removeFirst() -> Element {
    let element = storage[head].take()!
    head += 1
    if head == storage.count {
      storage.removeAll(keepingCapacity: true)
      head = 0
    } else if head >= 1024 && head * 2 >= storage.count {
      storage.removeFirst(head)
      head = 0
    }
    return element
  }
}
