import ReactorJSON

/// `replay --update` and a `(glob)` NDJSON line that no longer matches: rather than the literal
/// line, which would pin what the wildcards left open (a version, a mutation name), the actual
/// line with each wildcard string of the pattern kept where it still matches the string at the
/// same path (`"version":"*"` survives a ready record that gained a feature).
enum GlobLineUpdate {
  /// The updated `(glob)` line, or nil when there is none to make: either line is not JSON, no
  /// wildcard string still matches, or the actual line has a `*`, `?` or `\` of its own (a
  /// pattern would read it as a wildcard or an escape).
  static func updated(pattern: Substring, actual: String) -> String? {
    guard LineMatcher.isPattern(pattern, kind: .glob), actual.utf8.first == UInt8(ascii: "{") else { return nil }
    guard
      !actual.utf8.contains(where: { $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "\\") })
    else { return nil }
    let body = pattern.dropLast(" (glob)".count)
    guard let old = try? JSONValue(parsing: body.utf8), let new = try? JSONValue(parsing: actual.utf8) else {
      return nil
    }
    var kept = 0
    let merged = keep(old, in: new, kept: &kept).jsonText
    // Written back, the JSON must be the actual line's text wherever no wildcard stands.
    guard kept > 0, LineMatcher.glob(merged, actual) else { return nil }
    return merged + " (glob)"
  }

  private static func keep(_ pattern: JSONValue, in actual: JSONValue, kept: inout Int) -> JSONValue {
    switch (pattern.resolved, actual.resolved) {
    case (.string(let wildcard), .string(let text))
    where wildcard.contains(where: { $0 == "*" || $0 == "?" }) && LineMatcher.glob(wildcard, text):
      kept += 1
      return .string(wildcard)
    case (.array(let old), .array(let new)):
      return .array(new.indices.map { $0 < old.count ? keep(old[$0], in: new[$0], kept: &kept) : new[$0] })
    case (.object(let old), .object(let new)):
      return .object(
        JSONObject(
          sortedMembers: new.members.map { member in
            (member.key, old[member.key].map { keep($0, in: member.value, kept: &kept) } ?? member.value)
          }))
    default:
      return actual
    }
  }
}
