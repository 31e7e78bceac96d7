import GitHubClient
import ReactorCore
import Rendering
import SearchFeature
import Testing

/// The search list at every width a terminal may have: a line never wraps, and what a narrow
/// terminal drops is the least useful column first.
@Suite("rendering on narrow and resized terminals")
struct NarrowTerminalTests {
  private static let repositories = [
    Repository(
      id: 1, fullName: "jwasham/coding-interview-university", description: "A complete computer science study plan",
      stars: 310_000, language: "Objective-C", url: "https://github.com/jwasham/coding-interview-university"),
    Repository(
      id: 2, fullName: "漢字/ライブラリ", description: "😀 wide", stars: 1_200_000, language: "Swift",
      url: "https://github.com/kanji/library"),
    Repository(id: 3, fullName: "a/b", description: nil, stars: 5, language: nil, url: "https://github.com/a/b"),
  ]

  private static func lines(width: Int, live: LiveWidth? = nil) -> [String] {
    var state = SearchState()
    state.repos.replaceAll(with: repositories)
    return SearchText(options: RenderOptions(width: width, live: live)).list(state, from: 0, count: 3).map(\.text)
  }

  @Test("no line is wider than the terminal", arguments: 20...120)
  func neverWraps(width: Int) {
    for line in Self.lines(width: width) {
      #expect(TerminalText.width(line) <= width, "\(width) columns: \(line)")
    }
  }

  @Test("from 40 columns up the stars stay; the language goes before the name gets short", arguments: 40...57)
  func narrowLayout(width: Int) {
    let lines = Self.lines(width: width)
    #expect(lines.allSatisfy { $0.contains("★") })
    #expect(lines[0].contains("jwasham/coding-inte"))
    #expect(lines[0].contains("Objective-C") == (width >= 47))
  }

  @Test("a wide terminal keeps every column, the whole name and the description")
  func wideLayout() {
    #expect(
      Self.lines(width: 100)[0]
        == "   1. jwasham/coding-interview-university ★ 310k   Objective-C A complete computer science study pl…")
  }

  @Test("a live width is read at each rendering: a resize takes effect from the next output")
  func liveWidth() {
    let live = LiveWidth(110)
    var state = SearchState()
    state.repos.replaceAll(with: Self.repositories)
    let renderer = SearchText(options: RenderOptions(width: 110, live: live))
    #expect(renderer.list(state, from: 0, count: 1)[0].text.contains("study plan"))
    live.set(45)
    let narrow = renderer.list(state, from: 0, count: 1)[0].text
    #expect(TerminalText.width(narrow) <= 45 && !narrow.contains("study plan"), "\(narrow)")
  }

  @Test("wrapping breaks at spaces only, within the width; only a word wider than the width is cut")
  func wrap() {
    let text = "Searches repositories with GitHub's query syntax; a new query cancels the one in flight."
    for width in 20...90 {
      let lines = TerminalText.wrap(text, width: width, first: "  ", indent: "    ")
      #expect(lines.allSatisfy { TerminalText.width($0) <= width }, "\(width): \(lines)")
      #expect(lines.flatMap { $0.split(separator: " ") }.joined(separator: " ") == text)
    }
    #expect(TerminalText.wrap("a-very-long-word x", width: 5) == ["a-ver", "y-lon", "g-wor", "d x"])
    #expect(TerminalText.wrap("a-very-long-word x", width: 5, cutLongWords: false) == ["a-very-long-word", "x"])
    // A word the width holds is not cut: it is indented less.
    #expect(TerminalText.wrap("ab abcdef", width: 7, indent: "    ") == ["ab", " abcdef"])
  }
}
