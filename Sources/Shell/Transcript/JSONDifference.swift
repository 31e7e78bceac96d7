import FoundationEssentials
import ReactorJSON

/// The differing JSON paths of an expected and an actual NDJSON line, with both values, so a
/// failure of a long `%mode json` line says what changed (`/patch/3/value/stars: 85000 ->
/// 85001`) instead of leaving two long lines to compare by eye.
package enum JSONDifference {
  /// At most this many paths per line; a list longer than a screen helps nobody.
  static let limit = 20

  /// The differences of two JSON texts, `path: expected -> actual`, with RFC 6901 pointers
  /// (`(absent)` for a missing member); nil when either is not JSON or both are the same.
  /// With `glob`, the expected line was a `(glob)` line: a string that matches as a glob
  /// pattern (`"mutation":"*"`) is no difference.
  package static func paths(expected: String, actual: String, glob: Bool = false) -> [String]? {
    guard let old = parse(expected), let new = parse(actual) else { return nil }
    var found: [String] = []
    compare(old, new, path: "", glob: glob, into: &found)
    return found.isEmpty ? nil : found
  }

  /// The block a failure shows under its diff: for each changed line of a command that is
  /// JSON in both texts, its line number and its differing paths.
  static func report(transcript: Transcript, actual: [[Substring]]) -> String {
    var report = ""
    let numbers = transcript.expectedLineNumbers()
    for (index, command) in transcript.commands.enumerated() where index < actual.count {
      for (line, pair) in zip(command.expected, actual[index]).enumerated() {
        let (expected, got) = pair
        guard !Transcript.sameBytes(expected, got) else { continue }
        let old = Transcript.stream(of: expected)
        let new = Transcript.stream(of: got)
        let kind = LineMatcher.kind(of: old.body)
        guard old.stream == new.stream, kind != .regex else { continue }
        let plain = { (body: Substring) in old.stream == .out ? Transcript.unescape(String(body)) : String(body) }
        // A (glob) line that no longer matches comes back updated, a (glob) line too (GlobLineUpdate).
        func pattern(_ body: Substring) -> Substring {
          LineMatcher.isPattern(body, kind: .glob) ? body.dropLast(" (glob)".count) : body
        }
        guard
          let paths = paths(expected: plain(pattern(old.body)), actual: plain(pattern(new.body)), glob: kind == .glob)
        else {
          continue
        }
        report += "\nJSON differences at line \(numbers[index] + line):"
        for path in paths.prefix(limit) { report += "\n  " + path }
        if paths.count > limit { report += "\n  ... and \(paths.count - limit) more" }
      }
    }
    return report
  }

  private static func parse(_ text: String) -> JSONValue? {
    let trimmed = text.drop { $0 == " " }
    guard trimmed.first == "{" || trimmed.first == "[" else { return nil }
    return try? JSONValue(parsing: text.utf8)
  }

  private static func compare(
    _ old: JSONValue?, _ new: JSONValue?, path: String, glob: Bool, into found: inout [String]
  ) {
    switch (old?.resolved, new?.resolved) {
    case (.object(let a), .object(let b)):
      for key in Set(a.members.map(\.key)).union(b.members.map(\.key)).sorted(by: {
        $0.utf8.lexicographicallyPrecedes($1.utf8)
      }) {
        compare(a[key], b[key], path: path + "/" + escape(key), glob: glob, into: &found)
      }
    case (.array(let a), .array(let b)):
      for index in 0..<max(a.count, b.count) {
        let pair = (index < a.count ? a[index] : nil, index < b.count ? b[index] : nil)
        compare(pair.0, pair.1, path: "\(path)/\(index)", glob: glob, into: &found)
      }
    case (.string(let a), .string(let b)) where glob && LineMatcher.glob(a, b):
      return
    default:
      let a = text(old)
      let b = text(new)
      if a != b { found.append("\(path.isEmpty ? "/" : path): \(a) -> \(b)") }
    }
  }

  /// A value as JSON, cut short when long; `(absent)` for a missing one.
  private static func text(_ value: JSONValue?) -> String {
    guard let value else { return "(absent)" }
    let text = value.jsonText
    return text.count > 60 ? text.prefix(59) + "…" : text
  }

  /// A member name in a JSON pointer (RFC 6901): `~` and `/` escaped.
  private static func escape(_ key: String) -> String {
    key.replacing("~", with: "~0").replacing("/", with: "~1")
  }
}
