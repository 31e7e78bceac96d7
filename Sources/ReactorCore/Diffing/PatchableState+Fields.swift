package import ReactorJSON

// MARK: - One field's JSON

extension PatchableState {
  /// The JSON of the field named `name` alone, or nil if there is none: what a JSON Pointer
  /// into the state reads without building the whole state's JSON (a watch on `/query` while
  /// the results hold a hundred thousand repositories).
  package func jsonValue(ofField name: String) -> JSONValue? {
    for field in Self.patchFields where field.name == name { return field.json(self) }
    return nil
  }
}
