import Foundation

/// Compares an expected transcript line with an actual output line.
///
/// Exact by default. A line ending in ` (glob)` matches with `*` (any run of characters) and
/// `?` (one character), `\*` and `\?` literal; one ending in ` (re)` is a regular expression
/// that must match the whole line. Both are opt-in, for volatile output.
public enum LineMatcher {
  public static func matches(expected: String, actual: String) -> Bool {
    if expected.hasSuffix(" (glob)") {
      return glob(String(Transcript.unescape(String(expected.dropLast(7)))), actual)
    }
    if expected.hasSuffix(" (re)") {
      let pattern = "^(?:" + Transcript.unescape(String(expected.dropLast(5))) + ")$"
      guard let regex = try? NSRegularExpression(pattern: pattern) else { return false }
      return regex.firstMatch(in: actual, range: NSRange(actual.startIndex..., in: actual)) != nil
    }
    return Transcript.unescape(expected) == actual
  }

  static func glob(_ pattern: String, _ text: String) -> Bool {
    var tokens: [(literal: Character?, star: Bool)] = []
    var iterator = pattern.makeIterator()
    while let character = iterator.next() {
      switch character {
      case "\\": tokens.append((iterator.next() ?? "\\", false))
      case "*": tokens.append((nil, true))
      case "?": tokens.append((nil, false))
      default: tokens.append((character, false))
      }
    }
    let text = Array(text)
    var memo = [[Bool?]](repeating: [Bool?](repeating: nil, count: text.count + 1), count: tokens.count + 1)
    func match(_ t: Int, _ s: Int) -> Bool {
      if let known = memo[t][s] { return known }
      let result: Bool
      if t == tokens.count {
        result = s == text.count
      } else if tokens[t].star {
        result = match(t + 1, s) || (s < text.count && match(t, s + 1))
      } else if s < text.count, tokens[t].literal == nil || tokens[t].literal == text[s] {
        result = match(t + 1, s + 1)
      } else {
        result = false
      }
      memo[t][s] = result
      return result
    }
    return match(0, 0)
  }
}
