import LiveTerminal
import Testing

// The model is what the writer's tests trust, so it is checked on its own against xterm's rules.

private func model(_ width: Int, _ height: Int, _ text: String) -> TerminalModel {
  var model = TerminalModel(width: width, height: height)
  model.feed(Array(text.utf8))
  return model
}

@Suite struct TerminalModelTests {
  @Test func theLastColumnWrapsOnlyWhenTheNextCharacterComes() {
    var screen = model(5, 3, "abcde")
    #expect(screen.lines == ["abcde", "", ""])
    #expect(screen.cursor == Position(row: 0, column: 4))
    screen.feed(Array("\r\nx".utf8))
    #expect(screen.lines == ["abcde", "x", ""], "CR LF after a full line leaves no blank line")
    #expect(model(5, 3, "abcdefg").lines == ["abcde", "fg", ""])
    #expect(model(5, 3, "abcde\u{1B}[1;1Hz").lines == ["zbcde", "", ""], "a move cancels the pending wrap")
  }

  @Test func wideCharactersTakeTwoCellsAndWrapWhole() {
    let screen = model(5, 2, "a中b")
    #expect(screen.lines == ["a中b", ""])
    #expect(screen.cursor == Position(row: 0, column: 4))
    #expect(screen.cell(at: Position(row: 0, column: 2)).isContinuation)
    #expect(model(5, 2, "abcd中").lines == ["abcd", "中"])
    #expect(model(5, 2, "e\u{301}x").lines == ["e\u{301}x", ""], "a combining mark joins the cell before it")
  }

  @Test func graphemesAreDrawnWholeInTheColumnsTheirFirstScalarTakes() {
    // A flag and a family are one grapheme two columns wide; the cursor goes on after it.
    let flag = model(8, 1, "a🇯🇵b")
    #expect(flag.lines == ["a🇯🇵b"])
    #expect(flag.cursor == Position(row: 0, column: 4))
    #expect(flag.cell(at: Position(row: 0, column: 1)).text == "🇯🇵")
    let family = model(8, 1, "a👨\u{200D}👩\u{200D}👧b")
    #expect(family.cursor == Position(row: 0, column: 4))
    #expect(family.cell(at: Position(row: 0, column: 1)).text == "👨\u{200D}👩\u{200D}👧")
    #expect(family.cell(at: Position(row: 0, column: 3)).text == "b")
    // VS16 widens the heart it follows, and the cursor with it; a skin tone joins its hand.
    let heart = model(8, 1, "a❤\u{FE0F}b")
    #expect(heart.cell(at: Position(row: 0, column: 2)).isContinuation)
    #expect(heart.cell(at: Position(row: 0, column: 3)).text == "b")
    #expect(model(8, 1, "👍🏽x").cursor == Position(row: 0, column: 3))
    #expect(model(8, 1, "1\u{FE0F}\u{20E3}x").cursor == Position(row: 0, column: 3))
    // Three regional indicators: a flag and the start of another.
    #expect(model(8, 1, "🇯🇵🇫").cursor == Position(row: 0, column: 4))
    // Hangul jamo make one syllable.
    #expect(model(8, 1, "\u{1100}\u{1161}\u{11A8}x").cursor == Position(row: 0, column: 3))
  }

  @Test func aMoveOrAnEscapeSequenceEndsTheGrapheme() {
    // A second regional indicator after a move begins a flag of its own.
    #expect(model(8, 1, "🇯\u{1B}[1;5H🇵").lines == ["🇯  🇵"])
    // VS16 after a colour change does not widen the heart: it joins it, as a mark joins.
    let heart = model(8, 1, "❤\u{1B}[1m\u{FE0F}x")
    #expect(heart.lines == ["❤\u{FE0F}x"])
    #expect(heart.cursor == Position(row: 0, column: 2))
    // VS16 at the last column: no room to widen, the heart stays one column.
    #expect(model(3, 2, "ab❤\u{FE0F}").lines == ["ab❤\u{FE0F}", ""])
  }

  @Test func overwritingHalfAWideCharacterBlanksBoth() {
    #expect(model(6, 1, "中文\u{1B}[1;2Hx").lines == [" x文"])
    #expect(model(6, 1, "中文\u{1B}[1;3Hx").lines == ["中x"])
    #expect(model(6, 1, "中文\u{1B}[1;2H\u{1B}[K").lines == [""])
    #expect(model(6, 1, "中文\u{1B}[1;3H\u{1B}[1K").lines == [""], "erasing a lead erases its right half")
  }

  @Test func lineFeedScrollsAtTheBottom() {
    #expect(model(10, 2, "one\r\ntwo\r\nthree").lines == ["two", "three"])
    #expect(model(10, 2, "one\ntwo").lines == ["one", "   two"], "LF keeps the column")
  }

  @Test func cursorMovesAndClampsAtTheEdges() {
    var screen = model(10, 5, "\u{1B}[3;4H")
    #expect(screen.cursor == Position(row: 2, column: 3))
    let moves: [(String, Position)] = [
      ("\u{1B}[A", Position(row: 1, column: 3)), ("\u{1B}[2B", Position(row: 3, column: 3)),
      ("\u{1B}[3C", Position(row: 3, column: 6)), ("\u{1B}[D", Position(row: 3, column: 5)),
      ("\u{1B}[9G", Position(row: 3, column: 8)), ("\u{1B}[99C", Position(row: 3, column: 9)),
      ("\u{1B}[99A", Position(row: 0, column: 9)), ("\u{1B}[H", Position(row: 0, column: 0)),
      ("\u{1B}[;5H", Position(row: 0, column: 4)), ("\u{1B}[0;0f", Position(row: 0, column: 0)),
      ("ab\u{08}", Position(row: 0, column: 1)), ("\t", Position(row: 0, column: 8)),
      ("\t", Position(row: 0, column: 9)),
      ("\u{1B}7\u{1B}[5;1H\u{1B}8", Position(row: 0, column: 9)),
    ]
    for (input, position) in moves {
      screen.feed(Array(input.utf8))
      #expect(screen.cursor == position, "\(input.debugDescription)")
    }
  }

  @Test func eraseInLineAndDisplay() {
    let full = "abcdef\r\nghijkl\r\nmnopqr\u{1B}[2;3H"
    #expect(model(6, 3, full + "\u{1B}[K").lines == ["abcdef", "gh", "mnopqr"])
    #expect(model(6, 3, full + "\u{1B}[0K").lines == ["abcdef", "gh", "mnopqr"])
    #expect(model(6, 3, full + "\u{1B}[1K").lines == ["abcdef", "   jkl", "mnopqr"])
    #expect(model(6, 3, full + "\u{1B}[2K").lines == ["abcdef", "", "mnopqr"])
    #expect(model(6, 3, full + "\u{1B}[J").lines == ["abcdef", "gh", ""])
    #expect(model(6, 3, full + "\u{1B}[1J").lines == ["", "   jkl", "mnopqr"])
    #expect(model(6, 3, full + "\u{1B}[2J").lines == ["", "", ""])
    #expect(model(6, 3, full + "\u{1B}[2J").cursor == Position(row: 1, column: 2), "ED 2 does not move the cursor")
  }

  @Test func unknownSequencesAreConsumedNotPrinted() {
    let input =
      "a\u{1B}[?2026hb\u{1B}]0;title\u{07}c\u{1B}(Bd\u{1B}[5 qe\u{1B}P1$r\u{1B}\\f\u{1B}[38;5;208mg\u{1B}[99Zh"
    #expect(model(20, 1, input).lines == ["abcdefgh"])
  }

  @Test func attributesAreParsed() {
    let screen = model(10, 1, "\u{1B}[1;36mA\u{1B}[22;7mB\u{1B}[0mC\u{1B}[38;2;1;2;3;4mD\u{1B}[mE")
    var bold = TerminalModel.Attributes()
    bold.bold = true
    bold.foreground = [36]
    var reverse = TerminalModel.Attributes()
    reverse.reverse = true
    reverse.foreground = [36]
    var direct = TerminalModel.Attributes()
    direct.foreground = [38, 2, 1, 2, 3]
    direct.underline = true
    let expected = [bold, reverse, TerminalModel.Attributes(), direct, TerminalModel.Attributes()]
    for (column, attributes) in expected.enumerated() {
      #expect(screen.cell(at: Position(row: 0, column: column)).attributes == attributes, "column \(column)")
    }
    #expect(model(3, 1, "\u{1B}[1mx").modesLeftOn == ["attributes"])
  }

  @Test func theAlternateScreenIsSeparateAndTheMainOneComesBack() {
    var screen = model(10, 3, "main\r\nscreen")
    screen.feed(Array("\u{1B}[?1049h".utf8))
    #expect(screen.isAlternateScreen)
    #expect(screen.lines == ["", "", ""])
    screen.feed(Array("\u{1B}[Halt\u{1B}[?25l\u{1B}[?2004h\u{1B}[?1002h".utf8))
    #expect(screen.lines == ["alt", "", ""])
    #expect(screen.modesLeftOn == ["alternate screen", "hidden cursor", "mouse 1002", "bracketed paste"])
    screen.feed(Array("\u{1B}[?1049l\u{1B}[?25h\u{1B}[?2004l\u{1B}[?1002l".utf8))
    #expect(screen.lines == ["main", "screen", ""])
    #expect(screen.cursor == Position(row: 1, column: 6))
    #expect(screen.modesLeftOn.isEmpty)
  }

  @Test func resizeCutsAndGrowsWithoutReflowing() {
    var screen = model(6, 3, "abcdef\r\na中文\r\nxyz")
    screen.resize(width: 4, height: 3)
    #expect(screen.lines == ["abcd", "a中", "xyz"])
    screen.resize(width: 4, height: 2)
    #expect(screen.lines == ["a中", "xyz"], "lines leave at the top to keep the cursor's row")
    #expect(screen.cursor == Position(row: 1, column: 3))
    screen.resize(width: 8, height: 4)
    #expect(screen.lines == ["a中", "xyz", "", ""])
    screen.feed(Array("\u{1B}[1;8Hq".utf8))
    #expect(screen.lines[0] == "a中    q")
  }

  /// Five rows a to e, the cursor home.
  private static let rows = "a\r\nb\r\nc\r\nd\r\ne\u{1B}[H"

  @Test func aScrollRegionBoundsWhatLineFeedAndReverseIndexMove() {
    // Rows 2 to 4: a line feed at row 4 moves b to d up, the rows outside stay.
    #expect(model(4, 5, Self.rows + "\u{1B}[2;4r\u{1B}[4;1H\n").lines == ["a", "c", "d", "", "e"])
    #expect(model(4, 5, Self.rows + "\u{1B}[2;4r\u{1B}[2;1H\u{1B}M").lines == ["a", "", "b", "c", "e"])
    // Below the region, a line feed at the last row does nothing; above it, reverse index at row 1 neither.
    #expect(model(4, 5, Self.rows + "\u{1B}[2;4r\u{1B}[5;1H\n").lines == ["a", "b", "c", "d", "e"])
    #expect(model(4, 5, Self.rows + "\u{1B}[2;4r\u{1B}[1;1H\u{1B}M").lines == ["a", "b", "c", "d", "e"])
    // DECSTBM homes the cursor; one row, or an upside-down region, is refused.
    var screen = model(4, 5, Self.rows + "\u{1B}[3;3H\u{1B}[2;4r")
    #expect(screen.cursor == Position(row: 0, column: 0))
    #expect(screen.modesLeftOn == ["scroll region"])
    screen.feed(Array("\u{1B}[r".utf8))
    #expect(screen.modesLeftOn.isEmpty)
    #expect(model(4, 5, Self.rows + "\u{1B}[3;3r").modesLeftOn.isEmpty)
    #expect(model(4, 5, Self.rows + "\u{1B}[4;2r").modesLeftOn.isEmpty)
    #expect(model(4, 5, Self.rows + "\u{1B}[2;99r").modesLeftOn == ["scroll region"], "the bottom clamps to the screen")
  }

  @Test func insertAndDeleteLineMoveTheRowsBelowTheCursorWithinTheRegion() {
    #expect(model(4, 5, Self.rows + "\u{1B}[2;4r\u{1B}[2;1H\u{1B}[M").lines == ["a", "c", "d", "", "e"])
    #expect(model(4, 5, Self.rows + "\u{1B}[2;4r\u{1B}[2;1H\u{1B}[2L").lines == ["a", "", "", "b", "e"])
    #expect(
      model(4, 5, Self.rows + "\u{1B}[3;1H\u{1B}[L").lines == ["a", "b", "", "c", "d"], "the whole screen by default")
    #expect(model(4, 5, Self.rows + "\u{1B}[2;4r\u{1B}[2;1H\u{1B}[9M").lines == ["a", "", "", "", "e"])
    // Outside the region, nothing moves; the cursor keeps its column, as tmux keeps it.
    #expect(model(4, 5, Self.rows + "\u{1B}[2;4r\u{1B}[5;1H\u{1B}[M").lines == ["a", "b", "c", "d", "e"])
    let screen = model(4, 5, Self.rows + "\u{1B}[2;3H\u{1B}[M")
    #expect(screen.cursor == Position(row: 1, column: 2))
  }

  @Test func scrollUpAndDownMoveTheRegionWhereverTheCursorIs() {
    #expect(model(4, 5, Self.rows + "\u{1B}[2;4r\u{1B}[5;1H\u{1B}[S").lines == ["a", "c", "d", "", "e"])
    #expect(model(4, 5, Self.rows + "\u{1B}[2;4r\u{1B}[2T").lines == ["a", "", "", "b", "e"])
    #expect(model(4, 5, Self.rows + "\u{1B}[1;2;3;4;5T").lines == ["a", "b", "c", "d", "e"], "mouse tracking, not SD")
  }

  @Test func aResizeResetsTheScrollRegion() {
    var screen = model(4, 5, Self.rows + "\u{1B}[2;4r")
    screen.resize(width: 4, height: 6)
    #expect(screen.modesLeftOn.isEmpty)
  }
}
