import LiveTerminal
import Rendering
import Testing

// Status and error lines are cut with "…" or wrapped, never cut silently into another meaning.

@Suite struct FrameLineFittingTests {
  private static let rateLimit = FrameLine(
    spans: [
      Span("30 of 1.2k"), Span(" · ", .dim),
      Span("error: GitHub rate limit reached; resets in 42 s. Set GH_TOKEN for a higher limit.", .error),
    ])

  @Test func aLineThatFitsIsLeftAsItIs() {
    #expect(Self.rateLimit.truncated(to: 200) == Self.rateLimit)
    #expect(Self.rateLimit.wrapped(to: 200, rows: 3) == [Self.rateLimit])
    #expect(FrameLine("").wrapped(to: 10, rows: 2).map(\.text) == [""])
  }

  @Test func aCutLineEndsWithAnEllipsisAfterAWholeWord() {
    #expect(FrameLine("Username already taken").truncated(to: 18).text == "Username already…")
    #expect(FrameLine("Username already taken").truncated(to: 12).text == "Username…")
    // A word that fills more than half the row is cut inside it rather than leave the row empty.
    #expect(FrameLine("Supercalifragilistic word").truncated(to: 10).text == "Supercali…")
    for width in 1...30 {
      let cut = Self.rateLimit.truncated(to: width)
      #expect(TerminalText.width(cut.text) <= width, "\(width)")
      #expect(cut.text.hasSuffix("…"), "\(width): \(cut.text)")
    }
  }

  @Test func theEllipsisTakesTheStyleOfWhatItStandsFor() {
    let cut = Self.rateLimit.truncated(to: 40)
    #expect(cut.spans.last?.style == .error)
    #expect(cut.spans.first == Span("30 of 1.2k"))
  }

  @Test func aWrappedLineBreaksAtSpacesKeepingItsStyles() {
    let rows = Self.rateLimit.wrapped(to: 50, rows: 3)
    #expect(
      rows.map(\.text) == [
        "30 of 1.2k · error: GitHub rate limit reached;", "resets in 42 s. Set GH_TOKEN for a higher limit.",
      ])
    #expect(rows.map { $0.spans.map(\.style) } == [[.plain, .dim, .error], [.error]])
    #expect(rows.allSatisfy { TerminalText.width($0.text) <= 50 })
  }

  @Test func aSeparatorWhereARowBreaksIsDropped() {
    #expect(FrameLine("aaaa · bbbb").wrapped(to: 5, rows: 3).map(\.text) == ["aaaa", "bbbb"])
    #expect(Self.rateLimit.wrapped(to: 12, rows: 2).map(\.text) == ["30 of 1.2k", "error:…"])
    #expect(Self.rateLimit.truncated(to: 14).text == "30 of 1.2k…")
  }

  @Test func wrappedToTooFewRowsTheLastEndsWithAnEllipsis() {
    let rows = Self.rateLimit.wrapped(to: 40, rows: 2)
    #expect(rows.count == 2)
    #expect(rows.map(\.text) == ["30 of 1.2k · error: GitHub rate limit", "reached; resets in 42 s. Set GH_TOKEN…"])
  }

  @Test func aWordWiderThanTheRowIsCutWhereTheRowEnds() {
    #expect(FrameLine("abcdefghij kl").wrapped(to: 4, rows: 5).map(\.text) == ["abcd", "efgh", "ij", "kl"])
    // Wide characters are two columns, never split.
    #expect(FrameLine("中文字 ab").wrapped(to: 5, rows: 3).map(\.text) == ["中文", "字 ab"])
    #expect(FrameLine("中").wrapped(to: 1, rows: 2).map(\.text) == [""])
  }
}
