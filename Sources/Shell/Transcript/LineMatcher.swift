import Foundation

/// Compares an expected transcript line with an actual output line.
///
/// Exact (the same bytes) by default. A line ending in ` (glob)` matches with `*` (any run of characters) and
/// `?` (one character), `\*` and `\?` literal; one ending in ` (re)` is a regular expression
/// that must match the whole line. Both are opt-in, for volatile output.
package enum LineMatcher {
  package static func matches(expected: String, actual: String) -> Bool {
    if expected.hasSuffix(" (glob)") {
      return glob(String(Transcript.unescape(String(expected.dropLast(7)))), actual)
    }
    if expected.hasSuffix(" (re)") {
      let pattern = "^(?:" + Transcript.unescape(String(expected.dropLast(5))) + ")$"
      guard let regex = try? NSRegularExpression(pattern: pattern) else { return false }
      return regex.firstMatch(in: actual, range: NSRange(actual.startIndex..., in: actual)) != nil
    }
    return Transcript.sameBytes(Transcript.unescape(expected), actual)
  }

  /// Classic wildcard matching: linear in practice, constant memory (a star remembers where
  /// to resume), so long NDJSON lines with a `*` or two stay cheap.
  static func glob(_ pattern: String, _ text: String) -> Bool {
    enum Token: Equatable {
      case literal(Character)
      case any
      case star
    }
    var tokens: [Token] = []
    var iterator = pattern.makeIterator()
    while let character = iterator.next() {
      switch character {
      case "\\": tokens.append(.literal(iterator.next() ?? "\\"))
      case "*": tokens.append(.star)
      case "?": tokens.append(.any)
      default: tokens.append(.literal(character))
      }
    }
    let text = Array(text)
    var t = 0
    var s = 0
    var starToken = -1
    var starText = 0
    while s < text.count {
      if t < tokens.count, tokens[t] == .any || tokens[t] == .literal(text[s]) {
        t += 1
        s += 1
      } else if t < tokens.count, tokens[t] == .star {
        starToken = t
        starText = s
        t += 1
      } else if starToken >= 0 {
        t = starToken + 1
        starText += 1
        s = starText
      } else {
        return false
      }
    }
    while t < tokens.count, tokens[t] == .star { t += 1 }
    return t == tokens.count
  }
}
