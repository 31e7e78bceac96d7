// MARK: - Reflection

/// A tracked array reflects as its elements: its identity is bookkeeping, not content, so a
/// dump (a test store's state diff) shows two equal arrays the same way.
extension TrackedArray: CustomReflectable {
  public var customMirror: Mirror { Mirror(self, unlabeledChildren: elements, displayStyle: .collection) }
}
