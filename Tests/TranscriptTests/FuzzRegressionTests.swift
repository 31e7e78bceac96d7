import Shell
import Testing

// Inputs found by fuzzing TranscriptParser (Fuzz/, `scripts/fuzz transcript`). Each known bug
// is wrapped in withKnownIssue so the suite stays green; once it is fixed, withKnownIssue
// reports "Known issue was not recorded": remove it then.

@Suite("Fuzz regressions: transcripts")
struct FuzzRegressionTranscriptTests {
  /// The parser splits the text on the Character "\n", but "\r\n" is a single Character
  /// (one grapheme cluster), so a file with CRLF line endings is one long line: the parser's
  /// own "strip a trailing \r" never runs, and the error names a directive that does not exist.
  @Test("a transcript with CRLF line endings parses like the LF one")
  func crlfLineEndings() throws {
    let lf = "%offline\n> query swift\nquery: nil -> \"swift\"\n"
    let expected = try TranscriptParser.parse(lf)
    let crlf = try TranscriptParser.parse("%offline\r\n> query swift\r\nquery: nil -> \"swift\"\r\n")
    #expect(crlf == expected)
  }
}
