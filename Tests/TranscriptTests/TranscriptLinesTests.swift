import ReactorCore
import ReactorJSON
import Rendering
import TestSupport
import Testing

@testable import Shell

// TranscriptParser.lines(of:) splits with memchr; it must split exactly as the generic split.

@Suite("Transcript lines")
struct TranscriptLinesTests {
  /// The old definition, kept as the oracle.
  static func reference(_ text: String) -> [String] {
    text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { String(Substring($0)) }
  }

  @Test(
    "the same lines as the generic split",
    arguments: [
      "", "\n", "\n\n", "a", "a\n", "a\nb", "a\nb\n", "\na", "a\n\nb\n\n",
      "> query swift\r\nquery: nil -> \"swift\"\r\n", "é\n漢字\n🙂\r\n", "\u{0}\n\u{0}", "e\u{301}\n\u{301}",
    ])
  func sameAsSplit(text: String) {
    let lines = TranscriptParser.lines(of: text)
    #expect(lines.map(String.init) == Self.reference(text))
    // `==` on String is canonical equivalence: compare the bytes too.
    #expect(lines.map { Array($0.utf8) } == Self.reference(text).map { Array($0.utf8) })
  }

  @Test("random texts of newlines, carriage returns and multi-byte scalars")
  func randomTexts() {
    let pieces = ["\n", "\r", "\r\n", "a", "é", "🙂", "> ", "\\", " ", "\u{301}"]
    let generator = SeededGenerator(seed: 0x5EED)
    for _ in 0..<2_000 {
      let text = generator.text(of: pieces, maxPieces: 31)
      #expect(
        TranscriptParser.lines(of: text).map { Array($0.utf8) } == Self.reference(text).map { Array($0.utf8) },
        "\(Array(text.utf8))")
    }
  }

  @Test("a substring's text (not native at offset 0) splits the same")
  func sliceOfALargerString() {
    let whole = "prefix\nmiddle é\nend\n"
    let text = String(whole.dropFirst(3))
    #expect(TranscriptParser.lines(of: text).map(String.init) == Self.reference(text))
  }
}

// The replayer compares an output line with its expected line on bytes, without making a
// String of the line; `Transcript.written` (escape of the text) is the oracle.

@Suite("Comparing output lines with expected lines")
struct WrittenLineTests {
  /// The same text as a plain line and as a record line (UTF-8 kept as a writer wrote it).
  static func lines(_ text: String) -> [OutputLine] {
    var writer = JSONWriter()
    writer.append(text)
    return [OutputLine(.out, text), OutputLine(record: writer, deferred: { [:] })]
  }

  @Test(
    "a line matches how it is written, and nothing else",
    arguments: [
      "", ">", "> query", "#", "# x", "%", "%mode json", "\\", "\\\\x", "plain", "é", "{\"a\":1}", " >", "\u{301}#",
    ])
  func matchesItsWrittenForm(text: String) {
    for line in Self.lines(text) {
      let written = Transcript.written(line)
      #expect(Transcript.isWritten(line, as: Substring(written)))
      // Unescaped where it needs the backslash, escaped where it does not, one byte more or less.
      #expect(!Transcript.isWritten(line, as: Substring("\\" + written)))
      #expect(written == text || !Transcript.isWritten(line, as: Substring(text)))
      #expect(!Transcript.isWritten(line, as: Substring(written + " ")))
      if !written.isEmpty { #expect(!Transcript.isWritten(line, as: Substring(written.utf8.dropLast()))) }
    }
  }

  @Test("random lines and random expected slices agree with comparing the written text")
  func randomLines() {
    let pieces = [">", "#", "%", "\\", " ", "a", "é", "\r", "{", "\u{301}"]
    let generator = SeededGenerator(seed: 0x11E5)
    func randomText() -> String { generator.text(of: pieces, maxPieces: 4) }
    var mismatches: [String] = []
    for _ in 0..<5_000 {
      let text = randomText()
      // The expected line, as a slice of a larger text (as the parser makes it).
      let expected = randomText()
      let whole = "x\n" + expected + "\ny"
      let slice = whole.split(separator: "\n", omittingEmptySubsequences: false)[1]
      for line in Self.lines(text)
      where Transcript.isWritten(line, as: slice) != Transcript.sameBytes(slice, Transcript.written(line)) {
        mismatches.append("\(text.debugDescription) vs \(expected.debugDescription)")
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }
}

// Replayer.replay tells a live transcript by its header alone (LiveTranscript.isLive).

@Suite("Telling a live transcript")
struct LiveTranscriptDetectionTests {
  @Test(
    "a %live directive among the header's lines makes a live transcript",
    arguments: [
      "%live search\n@0ms key a\n", "# recorded\n\n%offline\n%live search language:rust\n%size 80x24\n@0ms key a\n",
      "%offline\r\n%live search\r\n@0ms key a\r\n", "%offline\n%live feed\n",
    ])
  func live(text: String) {
    #expect(LiveTranscript.isLive(text))
  }

  @Test(
    "without one before the first command or event, it is not",
    arguments: [
      "", "%offline\n> query swift\n", "%offline\n> help\n%live search\n", "%offline\n@0ms key a\n%live search\n",
      "%offline\n%lively\n> help\n", "%offline\n# %live search\n> help\n", "%offline\n> help\n  %live search\n",
    ])
  func notLive(text: String) {
    #expect(!LiveTranscript.isLive(text))
  }
}
