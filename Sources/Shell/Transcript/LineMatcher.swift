import FoundationEssentials

/// Compares an expected transcript line with an actual output line.
///
/// Exact (the same bytes) by default. A line ending in ` (glob)` matches with `*` (any run of characters) and
/// `?` (one character), `\*` and `\?` literal; one ending in ` (re)` is a regular expression
/// that must match the whole line. Both are opt-in, for volatile output.
package enum LineMatcher {
  /// - Parameter escaped: the expected text may start with the backslash of an escaped line
  ///   (standard output); a standard error line's text, after its `! `, is taken as it stands.
  package static func matches(expected: String, actual: String, escaped: Bool = true) -> Bool {
    func plain(_ text: String) -> String { escaped ? Transcript.unescape(text) : text }
    if isPattern(expected, kind: .glob) {
      return glob(plain(String(expected.dropLast(7))), actual)
    }
    if isPattern(expected, kind: .regex) {
      guard let regex = pattern(plain(String(expected.dropLast(5)))) else { return false }
      return (try? regex.wholeMatch(in: actual)) != nil
    }
    return Transcript.sameBytes(plain(expected), actual)
  }

  /// A `(re)` line's or `--filter`'s regular expression, nil when it is not one. Matching is
  /// on Unicode scalars, as the ICU expressions of `NSRegularExpression` that came before.
  package static func pattern(_ text: String) -> Regex<AnyRegexOutput>? {
    (try? Regex(text))?.matchingSemantics(.unicodeScalar)
  }

  /// The two kinds of pattern line.
  package enum Kind: String, Sendable {
    case glob
    case regex = "re"
  }

  /// Whether an expected line (its text after any stream marker) is a pattern of `kind`.
  package static func isPattern(_ expected: some StringProtocol, kind: Kind) -> Bool {
    expected.hasSuffix(" (\(kind.rawValue))")
  }

  /// The kind of pattern an expected line is, if any.
  package static func kind(of expected: some StringProtocol) -> Kind? {
    isPattern(expected, kind: .glob) ? .glob : isPattern(expected, kind: .regex) ? .regex : nil
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
