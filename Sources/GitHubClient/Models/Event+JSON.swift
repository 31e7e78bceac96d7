public import ReactorJSON

extension Event: JSONRepresentable {
  /// `createdAt` is seconds since 1970; `detail` is null when the event has none.
  public var jsonValue: JSONValue {
    .object([
      "id": .string(id), "type": .string(type), "actor": .string(actor), "repository": .string(repository),
      "createdAt": .double(createdAt), "detail": detail.jsonValue,
    ])
  }
}
