public import ReactorJSON

// MARK: - One field's JSON

// The import is public, as in every other file here that names ReactorJSON's types: a file
// importing it at package level kept cross-module optimization from offering the store's code
// to clients to specialize (see Benchmarks/README.md).

extension PatchableState {
  /// The JSON of the field named `name` alone, or nil if there is none: what a JSON Pointer
  /// into the state reads without building the whole state's JSON (a watch on `/query` while
  /// the results hold a hundred thousand repositories).
  public func jsonValue(ofField name: String) -> JSONValue? {
    for field in Self.patchFields where field.name == name { return field.json(self) }
    return nil
  }
}
