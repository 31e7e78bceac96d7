import Foundation
import LiveTerminal
import Rendering
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The writer, the terminal model and the writer's property test all measure graphemes with
/// `TerminalText.width`, so a width no terminal draws would pass them all. Here each class of
/// grapheme is drawn into a real terminal, tmux, and what it does is compared with ours: the
/// cursor's column after it, and the rows a sequence of diff-drawn frames leaves.
///
/// tmux (3.3a, Debian 12) measures scalar by scalar with the C library's wcwidth, but joins a
/// pair of regional indicators and what a zero-width joiner joins: it agrees with the Unicode 15
/// data, and with terminals that draw graphemes whole, on flags, families, marks, Hangul, CJK and
/// emoji presentation. Where it differs, `tmux` below says what it draws and why; the test holds it
/// to either that or our width, never a third, and the writer's cursor moves after such a grapheme
/// keep the rest of its row where it belongs.
@Suite(
  "graphemes drawn into a real terminal (tmux) take the columns we give them",
  .enabled(if: ReflowingTerminal.tmux != nil, "tmux is not installed (scripts/setup installs it)"))
struct GraphemeWidthTerminalTests {
  /// How tmux 3.3a draws a grapheme where it is not our width.
  struct Difference: Sendable {
    let columns: Int
    /// What a row shows of it once the text after it, put at our width, wrote over what is wider.
    let kept: String?
    let why: String
  }

  struct Sample: Sendable, CustomStringConvertible {
    let name: String
    let text: String
    let tmux: Difference?

    init(_ name: String, _ text: String, tmux: Difference? = nil) {
      self.name = name
      self.text = text
      self.tmux = tmux
    }

    var description: String { name }
  }

  static let samples: [Sample] = [
    Sample("ASCII", "abc"),
    Sample("CJK", "中文"),
    Sample("fullwidth", "ＡＢ"),
    Sample("Hangul syllable", "한"),
    Sample("Hangul jamo L V T", "\u{1100}\u{1161}\u{11A8}"),
    Sample("combining mark", "e\u{301}"),
    Sample("combining marks stacked", "a\u{301}\u{323}\u{308}"),
    Sample("star (not an emoji)", "★"),
    Sample("emoji presentation", "😀"),
    Sample("flag", "🇯🇵"),
    Sample("family (ZWJ)", "👨\u{200D}👩\u{200D}👧"),
    Sample("technologist (ZWJ)", "🧑\u{200D}💻"),
    Sample("England (tags)", "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}"),
    Sample("heart", "❤"),
    Sample("heart with VS15", "❤\u{FE0E}"),
    Sample("watch with VS15", "⌚\u{FE0E}"),
    Sample("soft hyphen", "a\u{AD}"),
    Sample("zero width space", "a\u{200B}"),
    Sample(
      "heart with VS16", "❤\u{FE0F}",
      tmux: Difference(columns: 1, kept: nil, why: "VS16 takes no column in wcwidth; tmux 3.3a never widens")),
    Sample(
      "keycap", "1\u{FE0F}\u{20E3}",
      tmux: Difference(columns: 1, kept: nil, why: "VS16 and the enclosing keycap take no column in wcwidth")),
    Sample(
      "rainbow flag", "🏳\u{FE0F}\u{200D}🌈",
      tmux: Difference(columns: 1, kept: nil, why: "the white flag is a text emoji, and VS16 does not widen it")),
    Sample(
      "skin tone", "👍🏽",
      tmux: Difference(columns: 4, kept: "👍", why: "a modifier is wide in wcwidth, and tmux 3.3a does not join it")),
    Sample(
      "Devanagari with a spacing vowel sign", "\u{915}\u{93E}",
      tmux: Difference(columns: 2, kept: "\u{915}", why: "a spacing mark is a column of its own in wcwidth")),
    // One scalar, so the writer cannot tell it from any other wide one: a row shifts after it
    // in tmux. Flags come in pairs.
    Sample(
      "a lone regional indicator", "🇯",
      tmux: Difference(columns: 1, kept: nil, why: "wcwidth gives a regional indicator 1; only a pair is 2")),
  ]

  @Test("each grapheme moves tmux's cursor as far as our width, or as tmux 3.3a is known to differ")
  func theCursorMovesByOurWidth() async throws {
    try await TmuxPane.with(width: 40, height: 4) { pane in
      var differences: [String] = []
      for sample in Self.samples {
        let ours = TerminalText.width(sample.text)
        let drawn = try await pane.columns(of: sample.text)
        if let tmux = sample.tmux {
          #expect(drawn == tmux.columns || drawn == ours, "\(sample.name): tmux \(drawn), ours \(ours)")
          if drawn != ours { differences.append("\(sample.name): tmux \(drawn), ours \(ours) (\(tmux.why))") }
        } else {
          #expect(drawn == ours, "\(sample.name): tmux draws \(drawn) columns, we count \(ours)")
        }
      }
      if !differences.isEmpty {
        print("where this tmux is not the Unicode data:\n" + differences.joined(separator: "\n"))
      }
    }
  }

  /// Each row: the text before the grapheme, the grapheme, the text after it.
  typealias Row = (before: String, grapheme: String, after: String)

  /// Rows of `x`, the grapheme, then text after it; then the text after it changed, the grapheme
  /// changed, and everything moved a column: each frame drawn as a diff of the one before.
  static func frames(_ graphemes: [String]) -> [[Row]] {
    let others = graphemes.map { $0 == "🇯🇵" ? "🇫🇷" : $0 == "中文" ? "漢字" : "Q" + $0 }
    return [
      graphemes.map { ("x", $0, "y|end") },
      graphemes.map { ("x", $0, "Y|tail") },
      others.map { ("x", $0, "Y|tail") },
      graphemes.map { ("", $0, "Y|tail!") },
      graphemes.map { ("ab", $0, "") },
      graphemes.map { ("ab", $0, "|") },
    ]
  }

  @Test("frames of every grapheme show in tmux as in the terminal model, or shifted nowhere where tmux differs")
  func framesShowAsTheModelSays() async throws {
    // The lone regional indicator is left out: rows do shift after it in tmux.
    let samples = Self.samples.filter { $0.tmux == nil || $0.text.unicodeScalars.count > 1 }
    let (width, height) = (24, samples.count + 1)
    try await TmuxPane.with(width: width, height: height) { pane in
      // How wide this tmux draws each: a newer one may agree with us where 3.3a does not.
      var drawn: [String: Int] = [:]
      for sample in samples where sample.tmux != nil { drawn[sample.name] = try await pane.columns(of: sample.text) }
      var writer = FrameWriter(color: false)
      var model = TerminalModel(width: width, height: height)
      try await pane.write(FrameWriter.enter)
      model.feed(FrameWriter.enter)
      for (index, rows) in Self.frames(samples.map(\.text)).enumerated() {
        let frame = Frame(
          width: width, height: height,
          lines: rows.map { FrameLine(spans: [Span($0.before), Span($0.grapheme, .reverse), Span($0.after, .bold)]) },
          cursor: Position(row: height - 1, column: 3))
        let bytes = writer.draw(frame)
        model.feed(bytes)
        try await pane.write(bytes)
        let shown = try await pane.rows()
        for (row, sample) in samples.enumerated() {
          let (before, grapheme, after) = rows[row]
          let modelRow = Self.withoutTags(model.lines[row])
          #expect(modelRow == Self.withoutTags(before + grapheme + after), "frame \(index), \(sample.name): the model")
          let ours = TerminalText.width(sample.text)
          guard let tmux = sample.tmux, let columns = drawn[sample.name], columns != ours else {
            #expect(Self.withoutTags(shown[row]) == modelRow, "frame \(index), \(sample.name)")
            continue
          }
          // `grapheme` is the sample, or the sample after a letter.
          let prefix = String(grapheme.dropLast())
          if columns > ours, let kept = tmux.kept {
            // Wider: what follows starts at our width, over the rest of it.
            let expected = after.isEmpty ? [modelRow, before + prefix + kept] : [before + prefix + kept + after]
            #expect(expected.contains(shown[row]), "frame \(index), \(sample.name): tmux shows \(shown[row])")
          } else {
            // Narrower: its cells were erased first, so the rest of the row stays where it is.
            let padding = String(repeating: " ", count: max(0, ours - columns))
            let expected = after.isEmpty ? before + grapheme : before + grapheme + padding + after
            #expect(shown[row] == expected, "frame \(index), \(sample.name): tmux shows \(shown[row])")
          }
        }
        let blank = shown[samples.count...].allSatisfy { $0.isEmpty }
        #expect(blank, "frame \(index): the blank rows")
        #expect(try await pane.cursor() == model.cursor, "frame \(index): the cursor")
      }
    }
  }

  /// The row without tag characters: tmux keeps at most 21 bytes of a cell (UTF8_SIZE), so of a
  /// flag of tags (England, 28 bytes) it drops the last tags, in its place and width.
  static func withoutTags(_ row: String) -> String {
    String(String.UnicodeScalarView(row.unicodeScalars.filter { !(0xE0020...0xE007F).contains($0.value) }))
  }
}

/// A detached tmux session of a private server whose pane runs `sleep`: bytes written to the
/// pane's terminal are drawn as a program's output is. Each write ends with a title change
/// (OSC 2), which tmux applies after the bytes before it: once the pane's title is the write's
/// mark, the screen shows the write.
struct TmuxPane {
  let terminal: ReflowingTerminal
  let tty: Int32
  private let writes = Counter()

  private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func next() -> Int {
      lock.withLock {
        value += 1
        return value
      }
    }
  }

  /// Runs `body` on a new pane of `width` x `height`, and stops the server however it ends.
  static func with(width: Int, height: Int, _ body: (TmuxPane) async throws -> Void) async throws {
    let terminal = ReflowingTerminal(socket: NSTemporaryDirectory() + "gwt-" + UUID().uuidString.prefix(8), log: "")
    try await terminal.tmux(
      ["-f", "/dev/null", "new-session", "-d", "-s", "r", "-x", "\(width)", "-y", "\(height)", "exec sleep 100000"],
      capture: false)
    do {
      let path = try await terminal.tmux(["display-message", "-p", "-t", "r", "#{pane_tty}"])
        .trimmingCharacters(in: .whitespacesAndNewlines)
      let tty = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC)
      guard tty >= 0 else { throw TerminalSession.Failure("cannot open the pane's terminal \(path): errno \(errno)") }
      defer { close(tty) }
      try await body(TmuxPane(terminal: terminal, tty: tty))
    } catch {
      await terminal.stop()
      throw error
    }
    await terminal.stop()
  }

  /// Writes `bytes` to the pane and waits until tmux has drawn them.
  func write(_ bytes: [UInt8]) async throws {
    let mark = "w\(writes.next())"
    var left = bytes + Array("\u{1B}]2;\(mark)\u{07}".utf8)
    while !left.isEmpty {
      let count = left.withUnsafeBytes { Glibc.write(tty, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { throw TerminalSession.Failure("writing to the pane: errno \(errno)") }
      left.removeFirst(count)
    }
    let deadline = ContinuousClock.now + TimingSlack.seconds(60)
    while try await terminal.tmux(["display-message", "-p", "-t", "r", "#{pane_title}"])
      .trimmingCharacters(in: .newlines) != mark
    {
      if ContinuousClock.now > deadline { throw TerminalSession.Failure("tmux did not draw write \(mark)") }
      try await Task.sleep(for: .milliseconds(5))
    }
  }

  /// How many columns tmux moves the cursor for `text`, drawn alone at the top left.
  func columns(of text: String) async throws -> Int {
    try await write(Array("\u{1B}[H\u{1B}[2K\(text)".utf8))
    return try await cursor().column
  }

  /// The visible rows, trailing blanks dropped.
  func rows() async throws -> [String] { try await terminal.rows().dropLast() }

  func cursor() async throws -> Position {
    let text = try await terminal.tmux(["display-message", "-p", "-t", "r", "#{cursor_y} #{cursor_x}"])
    let numbers = text.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
    guard numbers.count == 2 else { throw TerminalSession.Failure("no cursor in \(text.debugDescription)") }
    return Position(row: numbers[0], column: numbers[1])
  }
}
