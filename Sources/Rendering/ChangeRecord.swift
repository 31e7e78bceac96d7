import ReactorJSON

/// What a `change` record's line was written from, kept beside its bytes so that the record's
/// object is built only if someone asks for it (a daemon adding a request id, a test).
struct ChangeRecord: Sendable {
  let feature: String
  let seq: UInt64
  let action: String
  let mutation: String
  let patch: Patch

  /// The object the line encodes.
  var object: JSONObject {
    JSONObject(sortedMembers: [
      ("action", .string(action)), ("feature", .string(feature)), ("mutation", .string(mutation)),
      ("patch", .array(patch.operations.map(\.jsonValue))), ("seq", .int(Int(seq))), ("type", .string("change")),
    ])
  }
}
