// MARK: - The elements of a run

/// The elements of a ``Patch`` run, whatever their type.
protocol RunElements: Sendable {
  /// Each element's value.
  func values() -> [JSONValue]
  /// Writes each element as `head`, its JSON and, when `closing`, a `}`, with a comma between two.
  func write(to writer: inout JSONWriter, each head: borrowing JSONWriter, closing: Bool)
}

/// An array of elements of one type: one word, which an existential holds without a box.
struct TypedElements<Element: JSONRepresentable & Sendable>: RunElements {
  let elements: [Element]

  func values() -> [JSONValue] { elements.map { $0.jsonValue } }

  func write(to writer: inout JSONWriter, each head: borrowing JSONWriter, closing: Bool) {
    elements.withUnsafeBufferPointer { Element.writeJSON($0, each: head, closing: closing, to: &writer) }
  }
}
