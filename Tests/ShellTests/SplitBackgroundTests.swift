import CommandLanguage
import ReactorCore
import TestSupport
import Testing

@testable import Shell

// Tokenizer.splitBackground answers most lines from their last byte; the Character-based rule
// below (its only definition before) is the oracle.

@Suite("Splitting a trailing &")
struct SplitBackgroundTests {
  static func reference(_ line: String) -> (String, Bool) {
    var trimmed = Substring(line)
    while trimmed.last?.isWhitespace == true { trimmed.removeLast() }
    guard trimmed.hasSuffix("&"), trimmed.dropLast().last?.isWhitespace ?? false, !trimmed.hasSuffix("\\&") else {
      return (line, false)
    }
    var command = String(trimmed.dropLast())
    while command.last?.isWhitespace == true { command.removeLast() }
    return (command, true)
  }

  @Test(
    "examples",
    arguments: [
      ("query swift", "query swift", false), ("query swift &", "query swift", true),
      ("query swift&", "query swift&", false),
      ("query swift & ", "query swift", true), ("query swift \\&", "query swift \\&", false), ("&", "&", false),
      ("query \u{3000}&\u{3000}", "query", true), ("query a\u{301} &\t", "query a\u{301}", true), ("", "", false),
    ])
  func examples(line: String, command: String, background: Bool) {
    let (split, inBackground) = Tokenizer.splitBackground(line)
    #expect(split == command && inBackground == background)
  }

  @Test("random lines split as the Character-based rule splits them")
  func randomLines() {
    // Whitespace of every kind, `&`, `\`, combining marks and prepended marks (U+0600 does not
    // break from what follows), in every order.
    let pieces = [
      " ", "\t", "\r", "\n", "\r\n", "&", "\\", "a", "é", "e\u{301}", "\u{301}", "\u{600}", "\u{A0}", "\u{3000}",
      "\u{85}", "🙂", "\u{200D}", "x",
    ]
    let generator = SeededGenerator(seed: 0xB0A7)
    var mismatches: [String] = []
    for _ in 0..<20_000 {
      let line = generator.text(of: pieces, maxPieces: 15)
      let (command, background) = Tokenizer.splitBackground(line)
      let (expectedCommand, expectedBackground) = Self.reference(line)
      if Array(command.utf8) != Array(expectedCommand.utf8) || background != expectedBackground {
        mismatches.append(line)
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5).map { Array($0.unicodeScalars) })")
  }
}
