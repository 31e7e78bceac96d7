public import ReactorJSON

extension GitHubFailure: JSONRepresentable {
  public var jsonValue: JSONValue {
    var object: JSONObject = ["code": .string(code), "message": .string(message)]
    for member in details.members { object[member.key] = member.value }
    return .object(object)
  }
}
