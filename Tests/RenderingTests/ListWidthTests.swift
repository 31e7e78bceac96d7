import GitHubClient
import Rendering
import SearchFeature
import Testing

/// The search list's name column at the widths terminals have: names whole when they fit,
/// cut with `…` only when the terminal is too narrow for them.
@Suite("the search list's names follow the terminal's width")
struct ListWidthTests {
  /// 40, 35 and 11 columns.
  static let names = [
    "pointfreeco/swift-composable-architecture", "jwasham/coding-interview-university", "apple/swift",
  ]

  private static func lines(width: Int) -> [String] {
    var state = SearchState()
    state.repos.replaceAll(
      with: names.enumerated().map { index, name in
        Repository(
          id: index, fullName: name, description: "A library for building applications in a consistent way",
          stars: 12_300, language: "Swift", url: "https://github.com/\(name)")
      })
    return SearchText(options: RenderOptions(width: width)).list(state, from: 0, count: names.count).map(\.text)
  }

  @Test("every line fits; a name is whole when the terminal has room for it", arguments: [45, 100, 200])
  func namesFollowTheWidth(width: Int) {
    let lines = Self.lines(width: width)
    for line in lines { #expect(TerminalText.width(line) <= width, "\(width): \(line)") }
    // What each width has room for: at 45 the number, a name of 30 and the stars; at 100 half
    // of what the number, stars and language leave; at 200 any name of GitHub's usual length.
    let room = width >= 200 ? 41 : width >= 100 ? 36 : 30
    for (name, line) in zip(Self.names, lines) {
      if name.count <= room {
        #expect(line.contains(name + " "), "\(width): \(line)")
      } else {
        #expect(line.contains(String(name.prefix(room - 1)) + "…"), "\(width): \(line)")
      }
    }
    #expect(lines.allSatisfy { $0.contains("★ 12.3k") }, "\(width): \(lines)")
    // The columns after the name line up.
    #expect(Set(lines.map { line in line.prefix { $0 != "★" }.count }).count == 1, "\(width): \(lines)")
  }

  @Test("a star count wider than its column is padded to nothing, never cut; a narrower one is padded")
  func starsAreNeverCut() {
    var state = SearchState()
    state.repos.replaceAll(
      with: [1_234_567_890, 7].enumerated().map { index, stars in
        Repository(id: index, fullName: "o/r\(index)", description: "d", stars: stars, language: "Go", url: "")
      })
    let lines = SearchText(options: RenderOptions(width: 80)).list(state, from: 0, count: 2).map(\.text)
    #expect(lines.count == 2)
    #expect(lines.first?.contains("★ 1234.5M Go ") == true, "\(lines)")
    #expect(lines.last?.contains("★ 7      Go ") == true, "\(lines)")
  }
}
