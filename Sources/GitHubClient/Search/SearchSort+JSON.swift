public import ReactorJSON

extension SearchSort: JSONRepresentable {
  public var jsonValue: JSONValue { .string(rawValue) }
}
