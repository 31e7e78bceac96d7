public import ReactorJSON

extension GitHubFailure: JSONRepresentable {
  public var jsonValue: JSONValue { .object(["code": .string(code), "message": .string(message)]) }
}
