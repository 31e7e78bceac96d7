import CommandLanguage
import GitHubClient
import ReactorCore
import Rendering
import Shell
import Testing

// history, why and diff at the widths terminals have: no line wider than the terminal, no
// word cut across lines, and what fits shown whole.

private let longDescription =
  "A server-side framework whose description goes on and on about routing, templating, persistence, "
  + "queues and testing"

/// Results whose first description is long; two queries of one length get the same results.
private let client = GitHubClient(searchRepositories: { query, page, perPage in
  let items = (1...perPage).map { number in
    Repository(
      id: query.count * 1000 + number, fullName: "owner/repository-\(query.count)-\(number)",
      description: number == 1 ? longDescription : "Repository \(number)", stars: 1000 - number, language: "Swift",
      url: "https://github.com/owner/repository-\(number)")
  }
  return Page(items: items, page: page, nextPage: page < 2 ? page + 1 : nil, totalCount: 2 * perPage)
})

/// The text lines a session prints for `commands`' last one, at `width` columns.
private func output(_ commands: [String], width: Int) async -> [String] {
  let sink = MemorySink()
  let session = Session(configuration: .init(client: client, options: RenderOptions(width: width), sink: sink))
  for command in commands.dropLast() {
    _ = await session.execute(command)
  }
  _ = sink.drain()
  _ = await session.execute(commands.last!)
  return sink.lines.map(\.text)
}

/// The words of `lines`, one space apart.
private func words(_ lines: [String]) -> [Substring] { lines.joined(separator: " ").split(separator: " ") }

/// Checks that every line fits and that every word of `lines` is one of `wide` (the same
/// output on a terminal wide enough for all of it) or a cell or value cut with `…`: a word
/// split across two lines would leave pieces that are neither.
private func expectFits(_ lines: [String], width: Int, wide: [String], _ what: String) {
  #expect(!lines.isEmpty, "\(what): no output")
  for line in lines {
    #expect(TerminalText.width(line) <= width, "\(what) at \(width): \(line)")
  }
  let vocabulary = Set(words(wide))
  for word in words(lines) where !vocabulary.contains(word) && !word.contains("…") {
    Issue.record("\(what) at \(width): '\(word)' is not a whole word of \(wide)")
  }
}

private let longQuery = "query swift server frameworks with routing"

@Suite("history, why and diff follow the terminal's width")
struct TableWidthTests {
  @Test("history: every line fits, words whole, the command whole when there is room", arguments: [45, 100, 200])
  func history(width: Int) async {
    let commands = [longQuery, "next", "history"]
    let lines = await output(commands, width: width)
    expectFits(lines, width: width, wide: await output(commands, width: 1000), "history")
    if width >= 200 {
      #expect(lines.contains { $0.contains(String(longQuery)) }, "\(lines)")
    }
  }

  @Test("why: every line fits, words whole, the value whole when there is room", arguments: [45, 100, 200])
  func why(width: Int) async {
    let commands = [longQuery, "why search /repos/0/description"]
    let lines = await output(commands, width: width)
    expectFits(lines, width: width, wide: await output(commands, width: 1000), "why")
    if width >= 200 {
      #expect(words(lines).joined(separator: " ").contains(longDescription), "\(lines)")
    }
  }

  @Test("diff: every line fits, words whole, the values whole when there is room", arguments: [45, 100, 200])
  func diff(width: Int) async {
    let first = "swift server frameworks with routing, templating, persistence, queues, testing and deployment"
    let second = "rust web frameworks with async routing, templating, persistence, queues, testing and deployment"
    let commands = ["query " + first, "query " + second, "diff 2 4"]
    let lines = await output(commands, width: width)
    expectFits(lines, width: width, wide: await output(commands, width: 1000), "diff")
    if width >= 200 {
      let text = words(lines).joined(separator: " ")
      #expect(text.contains(first) && text.contains(second), "\(lines)")
    }
  }
}
