import ReactorJSON

/// A value someone asked to see change (`watch`), with the value it had last.
struct Watch: Sendable {
  let feature: String
  let pointer: String
  let tokens: [String]
  var last: JSONValue?
}
