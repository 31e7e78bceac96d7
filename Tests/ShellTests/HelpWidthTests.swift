import GitHubClient
import ReactorCore
import Rendering
import Shell
import Testing

/// `help` fits the terminal: lines wrap at its width, between words.
@Suite("help wraps at the terminal's width on word boundaries")
struct HelpWidthTests {
  private static func help(_ line: String, width: Int) async -> [String] {
    let sink = MemorySink()
    let session = Session(
      configuration: .init(
        client: GitHubClient(searchRepositories: { _, _, _ in throw GitHubError.transport("unused") }),
        options: RenderOptions(width: width), sink: sink))
    #expect(await session.execute(line) == .ok)
    return sink.lines.map(\.text)
  }

  @Test("every line fits", arguments: [30, 40, 52, 60, 80, 100])
  func fits(width: Int) async {
    for topic in ["help", "help query", "help signup", "help sleep"] {
      for line in await Self.help(topic, width: width) {
        #expect(TerminalText.width(line) <= width, "\(topic) at \(width): \(line)")
      }
    }
  }

  @Test("no word is cut: the words are those of the widest layout, in order")
  func wordsIntact() async {
    for topic in ["help", "help query"] {
      let wide = await Self.help(topic, width: 400).joined(separator: " ").split(separator: " ")
      for width in [30, 44, 60, 80] {
        #expect(await Self.help(topic, width: width).joined(separator: " ").split(separator: " ") == wide)
      }
    }
  }

  @Test("a summary goes under its synopsis when the column beside it would be too narrow")
  func underOnNarrowTerminals() async {
    let lines = await Self.help("help", width: 40)
    #expect(lines.contains("  query [<text>...]"))
    #expect(lines.contains("    search GitHub repositories"))
  }
}
