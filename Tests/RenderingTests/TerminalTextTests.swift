import Rendering
import Testing

// TerminalText: sanitizing untrusted text, column widths, truncation, padding and numbers.

@Suite struct TerminalTextTests {
  // MARK: - sanitize

  @Test(arguments: [
    ("OSC 52 clipboard write", "a\u{1B}]52;c;ZWNobyBwd25lZA==\u{07}b", "a^[]52;c;ZWNobyBwd25lZA==^Gb"),
    ("CSI clear screen", "\u{1B}[2J\u{1B}[Hhello", "^[[2J^[[Hhello"),
    ("CSI colour", "\u{1B}[31mred\u{1B}[0m", "^[[31mred^[[0m"),
    ("C1 CSI", "x\u{9B}2Jy", "x^[[2Jy"),
    ("C1 OSC and ST", "\u{9D}0;title\u{9C}", "^[]0;title^[\\"),
    ("carriage return", "safe\rEVIL", "safe^MEVIL"),
    ("line feed", "one\ntwo", "one^Jtwo"),
    ("CRLF", "one\r\ntwo", "one^M^Jtwo"),
    ("bell", "ding\u{07}", "ding^G"),
    ("NUL", "a\u{0}b", "a^@b"),
    ("backspace", "abc\u{08}\u{08}", "abc^H^H"),
    ("DEL", "a\u{7F}b", "a^?b"),
    ("bidi override", "evil\u{202E}txt.exe", "evil<U+202E>txt.exe"),
    ("bidi isolates", "\u{2066}x\u{2069}", "<U+2066>x<U+2069>"),
    ("line separator", "a\u{2028}b", "a<U+2028>b"),
    ("left-to-right mark", "a\u{200E}b", "a<U+200E>b"),
  ])
  func sanitizeEscapesControls(_ name: String, _ input: String, _ expected: String) {
    #expect(TerminalText.sanitize(input) == expected, "\(name)")
    #expect(!TerminalText.sanitize(input).unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B })
  }

  @Test func codePointsAreWrittenWithAtLeastFourDigits() {
    // U+061C ARABIC LETTER MARK is a direction mark like U+200E; Unicode notation pads to 4 digits.
    #expect(TerminalText.sanitize("a\u{061C}b") == "a<U+061C>b")
    #expect(TerminalText.sanitize("a\u{061C}b").hasPrefix("a<U+"))
  }

  @Test(arguments: ["plain text", "漢字 ✨ 🚀 café", "tab\tinside", "", "emoji 👨‍👩‍👧 family"])
  func sanitizeLeavesPrintableTextAlone(_ text: String) {
    #expect(TerminalText.sanitize(text) == text)
  }

  @Test func tabIsKeptOrReplaced() {
    #expect(TerminalText.sanitize("a\tb") == "a\tb")
    #expect(TerminalText.sanitize("a\tb", keepTab: true) == "a\tb")
    #expect(TerminalText.sanitize("a\tb", keepTab: false) == "a b")
    #expect(TerminalText.sanitize("\t\u{1B}", keepTab: false) == " ^[")
  }

  @Test func quotedSanitizesAndNamesNil() {
    #expect(TerminalText.quoted("swift") == "\"swift\"")
    #expect(TerminalText.quoted(nil) == "(none)", "never Swift's nil in user text")
    #expect(TerminalText.quoted("a\u{1B}[2Jb\tc") == "\"a^[[2Jb c\"")
  }

  // MARK: - width

  @Test(arguments: [
    ("ascii", "hello", 5),
    ("empty", "", 0),
    ("CJK", "漢字", 4),
    ("hangul", "한국어", 6),
    ("kana", "カタカナ", 8),
    ("fullwidth", "ＡＢ", 4),
    ("emoji face", "😀", 2),
    ("combining acute", "e\u{301}", 1),
    ("precomposed", "é", 1),
    ("combining stack", "a\u{301}\u{323}\u{308}", 1),
    ("zero-width joiner", "a\u{200D}b", 2),
    ("control", "a\u{07}b", 2),
    ("CR LF", "a\r\nb", 2),
    ("DEL", "a\u{7F}", 1),
    ("ASCII then wide", "abc漢", 5),
    ("star", "★", 1),
    ("mixed", "Swift 漢字 😀!", 14),
  ])
  func width(_ name: String, _ text: String, _ columns: Int) {
    #expect(TerminalText.width(text) == columns, "\(name)")
  }

  @Test func emojiOutsideTheListedBlocksAreWide() {
    // All East Asian Width W, as terminals draw them: U+1F680 ROCKET, U+1FA84 MAGIC WAND,
    // U+26A1 HIGH VOLTAGE, U+2728 SPARKLES, U+2B50 STAR; common in repository descriptions.
    #expect(TerminalText.width("🚀") == 2)
    #expect(TerminalText.width("🪄") == 2)
    #expect(TerminalText.width("⚡") == 2)
    #expect(TerminalText.width("✨") == 2)
    #expect(TerminalText.width("⭐") == 2)
    #expect(TerminalText.width("🤖") == 2)
  }

  // MARK: - truncate and pad

  @Test(arguments: [
    ("hello world", 5, "hell…"),
    ("hello", 5, "hello"),
    ("hello", 10, "hello"),
    ("hello", 1, "…"),
    ("hello", 0, ""),
    ("hello", -3, ""),
    ("漢字漢字", 5, "漢字…"),
    ("漢字漢字", 4, "漢…"),
    ("漢字", 4, "漢字"),
    ("cafe\u{301} au lait", 5, "cafe\u{301}…"),
    ("abcdefghij", 10, "abcdefghij"),
    ("abcdefghijk", 10, "abcdefghi…"),
    ("a\u{07}bcdef", 3, "a\u{07}b…"),
    ("ab\r\ncd", 3, "ab\r\n…"),
    ("ab\tcd", 4, "ab\tcd"),
  ])
  func truncate(_ text: String, _ columns: Int, _ expected: String) {
    let result = TerminalText.truncate(text, to: columns)
    #expect(result == expected)
    #expect(TerminalText.width(result) <= max(0, columns))
  }

  @Test func padFillsToColumnsAndNeverCuts() {
    #expect(TerminalText.pad("ab", to: 5) == "ab   ")
    #expect(TerminalText.pad("漢字", to: 6) == "漢字  ")
    #expect(TerminalText.pad("e\u{301}", to: 3) == "e\u{301}  ")
    #expect(TerminalText.pad("toolong", to: 3) == "toolong")
    #expect(TerminalText.pad("", to: 0) == "")
    #expect(TerminalText.width(TerminalText.pad("😀x", to: 8)) == 8)
  }

  @Test(
    "a cell appended is the text sanitized, cut and padded, on the fast path for ASCII or not",
    arguments: [
      "", "a", "hello", "hello world, a longer description of a repository", "ab\tcd", "a\u{1B}[2Jb",
      "漢字漢字", "cafe\u{301} au lait", "😀x", "a\u{202E}b", "\u{600}", String(repeating: "x", count: 150),
    ])
  func appendCellIsSanitizeTruncatePad(text: String) {
    for columns in [-1, 0, 1, 2, 5, 11, 30, 100] {
      let composed = TerminalText.truncate(TerminalText.sanitize(text, keepTab: false), to: columns)
      for pads in [true, false] {
        var line = "12. "
        TerminalText.appendCell(text, columns: columns, pads: pads, to: &line)
        let expected = "12. " + (pads ? TerminalText.pad(composed, to: columns) : composed)
        #expect(line == expected, "columns \(columns), pads \(pads)")
      }
    }
    #expect(TerminalText.cellWidth(text) == TerminalText.width(TerminalText.sanitize(text, keepTab: false)))
  }

  @Test func appendSpacesAppendsThatManyOrNone() {
    for count in [-2, 0, 1, 63, 64, 65, 200] {
      var line = "x"
      TerminalText.appendSpaces(count, to: &line)
      #expect(line == "x" + String(repeating: " ", count: max(0, count)))
    }
  }

  // MARK: - compactNumber

  @Test(arguments: [
    (0, "0"), (7, "7"), (999, "999"), (1000, "1k"), (1050, "1k"), (1099, "1k"), (1100, "1.1k"), (1234, "1.2k"),
    (9999, "9.9k"), (67100, "67.1k"), (405_000, "405k"), (999_999, "999.9k"), (1_000_000, "1M"),
    (1_200_000, "1.2M"), (12_345_678, "12.3M"),
  ])
  func compactNumber(_ value: Int, _ expected: String) {
    #expect(TerminalText.compactNumber(value) == expected)
  }
}
