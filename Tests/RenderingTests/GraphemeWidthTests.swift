import Rendering
import Testing

// Graphemes as a terminal that draws them whole gives them columns: the width of the first
// scalar's presentation, whatever joins it. Which scalar is wide comes from the Unicode data
// (UnicodeWidthDataTests); these are the rules that make a grapheme of them.

@Suite struct GraphemeWidthTests {
  @Test(arguments: [
    ("flag", "🇯🇵", 2),
    ("two flags", "🇯🇵🇫🇷", 4),
    ("a lone regional indicator", "🇯", 2),
    ("three regional indicators: a flag and a lone one", "🇯🇵🇫", 4),
    ("family (ZWJ)", "👨\u{200D}👩\u{200D}👧", 2),
    ("technologist (ZWJ)", "🧑\u{200D}💻", 2),
    ("rainbow flag: a text emoji with VS16, then ZWJ", "🏳\u{FE0F}\u{200D}🌈", 2),
    ("England: black flag and tags", "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}", 2),
    ("skin tone", "👍🏽", 2),
    ("skin tone alone", "🏽", 2),
    ("woman with a skin tone, ZWJ, laptop", "👩🏽\u{200D}💻", 2),
    ("keycap", "1\u{FE0F}\u{20E3}", 2),
    ("keycap without VS16", "1\u{20E3}", 1),
    ("digit with VS16", "1\u{FE0F}", 2),
    ("heart", "❤", 1),
    ("heart with VS16", "❤\u{FE0F}", 2),
    ("heart with VS15", "❤\u{FE0E}", 1),
    ("watch (Emoji_Presentation)", "⌚", 2),
    ("watch with VS15: still East Asian Wide", "⌚\u{FE0E}", 2),
    ("star: not an emoji, VS16 does nothing", "★\u{FE0F}", 1),
    ("letter with VS16: not an emoji", "a\u{FE0F}", 1),
    ("combining acute", "e\u{301}", 1),
    ("combining stack", "a\u{301}\u{323}\u{308}", 1),
    ("a lone combining mark", "\u{301}", 0),
    ("Hangul syllable", "한", 2),
    ("Hangul jamo L V T: one syllable", "\u{1100}\u{1161}\u{11A8}", 2),
    ("Hangul jamo L V", "\u{1100}\u{1161}", 2),
    ("a lone Hangul vowel", "\u{1161}", 0),
    ("CJK", "中文", 4),
    ("fullwidth", "ＡＢ", 4),
    ("Devanagari with a spacing vowel sign: one grapheme", "\u{915}\u{93E}", 1),
    ("soft hyphen", "a\u{AD}b", 3),
    ("zero width space", "a\u{200B}b", 2),
    ("row", "x🇯🇵y👨\u{200D}👩\u{200D}👧z", 7),
    ("ASCII, then an accent on its last letter", "cafe\u{301}", 4),
    ("ASCII, then a keycap of its last digit", "ab1\u{FE0F}\u{20E3}", 4),
    ("ASCII after the rest", "中a\u{301}bc", 5),
  ])
  func graphemeWidth(_ name: String, _ text: String, _ columns: Int) {
    #expect(TerminalText.width(text) == columns, "\(name)")
    #expect(text.reduce(0) { $0 + TerminalText.width(of: $1) } == columns, "\(name), grapheme by grapheme")
  }

  @Test func truncateAndPadCountGraphemes() {
    #expect(TerminalText.truncate("🇯🇵🇫🇷🇩🇪", to: 5) == "🇯🇵🇫🇷…")
    #expect(TerminalText.truncate("👨\u{200D}👩\u{200D}👧 family", to: 4) == "👨\u{200D}👩\u{200D}👧 …")
    #expect(TerminalText.pad("❤\u{FE0F}", to: 3) == "❤\u{FE0F} ")
  }

  @Test func colourEscapesTakeNoRoomAndGraphemesStayWhole() {
    #expect(TerminalText.visibleWidth("\u{1B}[36m🇯🇵\u{1B}[0m x") == 4)
    // A word wider than the line is cut between graphemes, never inside one.
    let lines = TerminalText.wrap("🇯🇵🇯🇵🇯🇵🇯🇵", width: 5)
    #expect(lines == ["🇯🇵🇯🇵", "🇯🇵🇯🇵"], "\(lines)")
  }
}
