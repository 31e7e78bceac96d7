public import ReactorJSON

extension RateLimit: JSONRepresentable {
  /// `{"limit":30,"remaining":28,"resetAt":"...","resource":"search","used":2}`; the same
  /// names as the fields of rate-limit errors.
  public var jsonValue: JSONValue {
    var object: JSONObject = [
      "resource": .string(resource), "limit": .int(limit), "remaining": .int(remaining), "resetAt": .string(resetAt),
    ]
    if let used { object["used"] = .int(used) }
    return .object(object)
  }
}
