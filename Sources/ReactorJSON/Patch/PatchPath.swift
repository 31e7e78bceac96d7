/// A JSON Pointer a differ writes again and again (a state's field), with the heads of its
/// operations written once: `{"op":"replace","path":"/isLoading","value":` and the `add`
/// head, copied into every line instead of escaping the path each time.
///
/// Made once per field (a `static let`, or when a field list is built), not per change.
public final class PatchPath: Sendable {
  /// The pointer, as ``PatchOperation/path`` holds it.
  public let pointer: String
  // Written here and only read after that.
  nonisolated(unsafe) let replaceHead: JSONWriter
  nonisolated(unsafe) let addHead: JSONWriter
  /// Nothing: what each element of a list replaced whole is preceded by.
  nonisolated(unsafe) let noHead = JSONWriter(capacity: 0)

  public init(_ pointer: String) {
    self.pointer = pointer
    var replace = JSONWriter(capacity: 40 + pointer.utf8.count)
    Patch.writeHead(.replace, pointer, to: &replace)
    replace.raw(#","value":"#)
    replaceHead = replace
    var add = JSONWriter(capacity: 40 + pointer.utf8.count)
    Patch.writeHead(.add, pointer, to: &add)
    add.raw(#","value":"#)
    addHead = add
  }
}
