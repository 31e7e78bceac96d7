@testable import Shell
import Testing

// TranscriptParser.lines(of:) splits with memchr; it must split exactly as the generic split.

@Suite("Transcript lines")
struct TranscriptLinesTests {
  /// The old definition, kept as the oracle.
  static func reference(_ text: String) -> [String] {
    text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { String(Substring($0)) }
  }

  @Test("the same lines as the generic split", arguments: [
    "", "\n", "\n\n", "a", "a\n", "a\nb", "a\nb\n", "\na", "a\n\nb\n\n",
    "> query swift\r\nquery: nil -> \"swift\"\r\n", "é\n漢字\n🙂\r\n", "\u{0}\n\u{0}", "e\u{301}\n\u{301}",
  ])
  func sameAsSplit(text: String) {
    let lines = TranscriptParser.lines(of: text)
    #expect(lines == Self.reference(text))
    // `==` on String is canonical equivalence: compare the bytes too.
    #expect(lines.map { Array($0.utf8) } == Self.reference(text).map { Array($0.utf8) })
  }

  @Test("random texts of newlines, carriage returns and multi-byte scalars")
  func randomTexts() {
    let pieces = ["\n", "\r", "\r\n", "a", "é", "🙂", "> ", "\\", " ", "\u{301}"]
    var state: UInt64 = 0x5EED
    for _ in 0..<2_000 {
      var text = ""
      state = state &* 6364136223846793005 &+ 1442695040888963407
      for _ in 0..<Int(state >> 59) {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        text += pieces[Int(state >> 33) % pieces.count]
      }
      #expect(TranscriptParser.lines(of: text).map { Array($0.utf8) } == Self.reference(text).map { Array($0.utf8) }, "\(Array(text.utf8))")
    }
  }

  @Test("a substring's text (not native at offset 0) splits the same")
  func sliceOfALargerString() {
    let whole = "prefix\nmiddle é\nend\n"
    let text = String(whole.dropFirst(3))
    #expect(TranscriptParser.lines(of: text) == Self.reference(text))
  }
}
