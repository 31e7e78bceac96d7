import FeatureList
import Shell
import Testing

// Inputs found by fuzzing TranscriptParser (Fuzz/, `scripts/fuzz transcript`). For a new bug
// not fixed yet, wrap its test in withKnownIssue so the suite stays green, and drop the
// wrapper with the fix.

@Suite("Fuzz regressions: transcripts")
struct FuzzRegressionTranscriptTests {
  /// The parser split the text on the Character "\n", but "\r\n" is a single Character (one
  /// grapheme cluster), so a file with CRLF line endings was one long line: the parser's own
  /// "strip a trailing \r" never ran, and the error named a directive that does not exist.
  @Test("a transcript with CRLF line endings parses like the LF one")
  func crlfLineEndings() throws {
    let lf = "%offline\n> query swift\nquery: nil -> \"swift\"\n"
    let expected = try TranscriptParser.parse(lf, features: Features.all.settings)
    let crlf = try TranscriptParser.parse(
      "%offline\r\n> query swift\r\nquery: nil -> \"swift\"\r\n", features: Features.all.settings)
    #expect(crlf == expected)
  }

  /// An output line that still ends in "\r" after the parser drops a CRLF's "\r" (the file
  /// has "line\r\r\n"): text() writes it back as "line\r\n", and the next parse drops that
  /// "\r" too, so parse(text()) is not the transcript any more (`replay --update` would
  /// rewrite the file into a different one). Fixed: text() doubles a trailing "\r".
  @Test("an expected line that ends in a carriage return survives text() and parse()")
  func trailingCarriageReturn() throws {
    let transcript = try TranscriptParser.parse("%offline\n> help\nline\r\r\n", features: Features.all.settings)
    #expect(transcript.commands.first?.expected == ["line\r"])
    #expect((try? TranscriptParser.parse(transcript.text(), features: Features.all.settings)) == transcript)
  }

  /// fuzz-transcript skipped every transcript with a line ending in "\r" while the bug above
  /// was open; it checks them again. The same round trip for each kind of line that can end
  /// in one: a comment before the first command and after one, a command, expected output
  /// (also on standard error and escaped), a blank CRLF line, and a file with CRLF line endings
  /// throughout.
  @Test(
    "every kind of line that ends in a carriage return survives text() and parse()",
    arguments: [
      "# note\r\r\n%offline\n> help\n", "%offline\n> help\r\r\n", "%offline\n> help\n# note\r\r\n",
      "%offline\n> help\nline\r\r\r\n", "%offline\n> help\n! error\r\r\n", "%offline\n\r\n> help\n",
      "%offline\r\n> help\r\nline\r\r\n%status 1\r\n", "%offline\n> help\n\\!x\r\r\n",
    ])
  func carriageReturnsOnEveryKindOfLine(_ text: String) throws {
    let transcript = try TranscriptParser.parse(text, features: Features.all.settings)
    let written = transcript.text()
    #expect(
      (try? TranscriptParser.parse(written, features: Features.all.settings)) == transcript,
      "\(written.debugDescription)")
    #expect(
      (try? TranscriptParser.parse(written, features: Features.all.settings))?.text() == written,
      "text() is a fixed point")
  }
}
