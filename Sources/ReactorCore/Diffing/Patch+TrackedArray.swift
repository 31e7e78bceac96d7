public import ReactorJSON

// MARK: - A field's change, for states that diff themselves

extension Patch {
  /// Adds the `replace` of the value at `path` when it changed from `old` to `new`: what a
  /// ``PatchField/value(_:_:)`` field adds, for a state that writes its own
  /// ``PatchableState/changes(since:)``.
  ///
  /// The operation is added when the values' JSON differs, as the field list's differ decides.
  /// Swift's equality spares building that JSON only for a trivial type (a number, a flag, an
  /// enum without payloads): a type that holds a `String` may be equal in Swift, whose `==` is
  /// canonical equivalence, and differ in JSON, whose strings are scalars (NFC and NFD `é`).
  public mutating func appendReplace<Value: JSONRepresentable & Equatable>(
    at path: PatchPath, from old: Value, to new: Value
  ) {
    if _isPOD(Value.self), old == new { return }
    let newJSON = new.jsonValue
    let oldJSON = old.jsonValue
    if newJSON == oldJSON { return }
    append(replacing: path, with: newJSON, was: oldJSON)
  }

  /// Adds what a ``PatchField/list(_:_:)`` field adds for `list`, summarised before the change
  /// by its `identity` and `count`: nothing, the `add`s of an append at `end` (the list's
  /// `/name/-`), or one `replace` of the list at `path`.
  public mutating func appendChanges<Element: JSONRepresentable & Sendable>(
    of list: TrackedArray<Element>, at path: PatchPath, end: PatchPath, since identity: UInt64, count: Int
  ) {
    if list.identity == identity && list.count == count { return }
    if list.identity == identity && list.count > count {
      // The array appended last when it is all that was added (a page, as it came);
      // otherwise a copy of the new elements: a slice would keep the whole array shared,
      // and the next append would copy it while the transition is alive.
      let added = list.count - count
      let elements = list.lastAppended.count == added ? list.lastAppended : Array(list.elements[count...])
      append(addsAt: end, elements: elements)
    } else {
      // The array itself, shared: kept alive with the patch, it costs the next append one
      // copy of the list at most, no more than writing this replace.
      append(replacingListAt: path, with: list.elements)
    }
  }
}
