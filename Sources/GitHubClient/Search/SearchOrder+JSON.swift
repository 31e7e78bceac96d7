public import ReactorJSON

extension SearchOrder: JSONRepresentable {
  public var jsonValue: JSONValue { .string(rawValue) }
}
