import Foundation
import GitHubClient
import Testing

/// The trims that replaced Foundation's `trimmingCharacters(in:)` give the same strings.
@Suite struct TrimmingTests {
  @Test(arguments: [
    "", "  ", "\t a b \t", "\u{00A0}x\u{3000}", "\n x \n", "\r\n\u{2028}y\u{0085}", "é ", " ​zero-width​ ",
    "\u{1680}ogham\u{202F}",
  ])
  func sameAsFoundation(_ text: String) {
    #expect(text.trimmingBlanks == text.trimmingCharacters(in: .whitespaces), "\(text.debugDescription)")
    #expect(
      text.trimmingWhiteSpaceAndNewlines == text.trimmingCharacters(in: .whitespacesAndNewlines),
      "\(text.debugDescription)")
  }
}
