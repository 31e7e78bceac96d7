import Foundation
import GitHubClient
import ReactorCore
import Rendering
import SearchFeature
import Testing

// SearchText over both effect styles: one session, one stub client, rendered as the session
// renders them (transitions inside the store's observer, notices as info records). Text must
// match line by line; NDJSON must match except for the answers' `mutation` names.

private let apple = Repository(
  id: 1, fullName: "apple/swift", description: "The Swift Programming Language", stars: 67100,
  language: "C++",
  url: "https://github.com/apple/swift")
private let evil = Repository(
  id: 2, fullName: "evil/\u{1B}]52;c;AAAA\u{07}repo", description: "clear \u{1B}[2J screen",
  stars: 999,
  language: nil, url: "https://github.com/evil/repo")
private let wide = Repository(
  id: 3, fullName: "漢字/ライブラリ", description: "😀 wide", stars: 1_200_000, language: "Swift",
  url: "https://github.com/kanji/library")

/// "swift" has two pages; "other" fails on its second; the rest as their names say.
private let stub = GitHubClient(searchRepositories: { query, page, _ in
  switch (query, page) {
  case ("boom", _): throw GitHubError.server(status: 502, message: nil)
  case ("none", _): return Page(items: [], page: 1, nextPage: nil, totalCount: 0)
  case ("partial", _):
    return Page(items: [apple], page: 1, nextPage: nil, totalCount: 1, incompleteResults: true)
  case ("hang", _):
    try await Task.sleep(for: .seconds(30))
    return Page(items: [], page: 1, nextPage: nil)
  case ("other", 2): throw GitHubError.timeout(seconds: nil)
  case (_, 1): return Page(items: [apple, evil], page: 1, nextPage: 2, totalCount: 3)
  default: return Page(items: [wide], page: page, nextPage: nil, totalCount: 3)
  }
})

/// A store in either style whose mutations are rendered into lines as they are committed.
private final class Rendered: Sendable {
  let store: Store<SearchReactor>
  private let lines = Locked<[OutputLine]>([])

  init(_ style: SearchEffectStyle, mode: RenderOptions.Mode) {
    store = Store(reactor: SearchReactor(client: stub, style: style))
    let text = SearchText(options: RenderOptions(mode: mode, width: 80))
    store.observe { [weak self] event, state in
      switch event {
      case .transition(let transition):
        self?.append(text.render(transition, state: state))
      case .notice(let notice, _, _):
        self?.append([text.records.info(notice.message, feature: "search")])
      case .failure(let error, _, _): Issue.record("unexpected effect failure \(error)")
      }
    }
  }

  private func append(_ new: [OutputLine]) { lines.withLock { $0 += new } }

  var output: [OutputLine] { lines.withLock { $0 } }

  /// The session both styles run, with the same actions: pages, the end, no results,
  /// incomplete results, errors, a cancel while loading, and an empty query.
  func runSession() async {
    await store.send(.updateQuery("swift")).finish()
    await store.send(.loadNextPage).finish()
    await store.send(.loadNextPage).finish()
    for text in ["none", "partial", "boom", "other"] { await store.send(.updateQuery(text)).finish() }
    await store.send(.loadNextPage).finish()
    let hanging = store.send(.updateQuery("hang"))
    await store.send(.cancel).finish()
    await hanging.finish()
    await store.send(.updateQuery("  ")).finish()
  }
}

private func session(_ mode: RenderOptions.Mode) async -> (
  reactor: [OutputLine], feedback: [OutputLine]
) {
  let reactor = Rendered(.reactor, mode: mode)
  let feedback = Rendered(.feedback, mode: mode)
  await reactor.runSession()
  await feedback.runSession()
  return (reactor.output, feedback.output)
}

private func object(_ line: OutputLine) throws -> [String: Any] {
  try #require(try JSONSerialization.jsonObject(with: Data(line.text.utf8)) as? [String: Any])
}

@Suite struct SearchTextStylesTests {
  @Test func textIsTheSameLineByLine() async {
    let (expected, actual) = await session(.text)
    #expect(actual.count == expected.count)
    for (index, pair) in zip(expected, actual).enumerated() {
      #expect(pair.1 == pair.0, "line \(index + 1)")
    }
    let texts = actual.map(\.text)
    #expect(texts.first == #"query: "swift""#)
    #expect(texts.contains("+ 1 repo (3-3)"))
    #expect(
      actual.contains {
        $0.stream == .err
          && $0.text == "error: GitHub did not answer in time; try again, or allow longer with --timeout."
      })
    #expect(texts.contains("no more results"))
    #expect(texts.contains(#"no results for "none""#))
    #expect(texts.contains("+ 1 repo (1-1) of 1 (incomplete: GitHub timed out)"))
    #expect(
      actual.contains {
        $0.stream == .err && $0.text == "error: GitHub had a server error (HTTP 502); try again later."
      })
    #expect(texts.contains("search cancelled"))
    #expect(texts.last == #"query: "hang" -> (none)"#)
  }

  @Test func jsonDiffersOnlyInMutationNames() async throws {
    let (expected, actual) = await session(.json)
    #expect(actual.count == expected.count)
    var names: [String] = []
    for (index, pair) in zip(expected, actual).enumerated() {
      let (reactor, feedback) = (try object(pair.0), try object(pair.1))
      var (reactorText, feedbackText) = (pair.0.text, pair.1.text)
      if let old = reactor["mutation"] as? String, let new = feedback["mutation"] as? String, old != new {
        names.append("\(old)=\(new)")
        reactorText = reactorText.replacing(#""mutation":"\#(old)""#, with: "")
        feedbackText = feedbackText.replacing(#""mutation":"\#(new)""#, with: "")
      }
      #expect(feedbackText == reactorText, "record \(index + 1)")
    }
    #expect(
      Set(names) == ["setRepos=response", "appendRepos=response", "setError=failed"])
    #expect(actual.filter { $0.text.contains(#""type":"error""#) }.count == 2)
    #expect(actual.filter { $0.text.contains(#""type":"info""#) }.count == 1)
  }

  /// The store drops the answers of a cancelled load, so only the reducer and the renderer
  /// meet a stale one: reduced, it changes nothing, and rendered, it prints nothing but an
  /// empty change record, with no error.
  @Test func aStaleAnswerPrintsNothing() throws {
    let reactor = SearchReactor(client: stub, style: .feedback)
    var state = reactor.initialState
    reactor.reduce(state: &state, mutation: .setQuery("swift"))
    let stale = SearchReactor.Request(query: "old", page: 1, load: 1)
    let text = SearchText(options: RenderOptions(mode: .text, width: 80))
    let json = SearchText(options: RenderOptions(mode: .json, width: 80))
    let events: [SearchReactor.Mutation] = [
      .response(Page(items: [wide], page: 1, nextPage: nil), for: stale), .failed(.timeout(seconds: nil), for: stale),
    ]
    for event in events {
      let before = state
      reactor.reduce(state: &state, mutation: event)
      #expect(state == before && !state.applied(stale))
      #expect(text.render(event, seq: 2, changes: [], state: state, command: "query").isEmpty)
      let records = try json.render(event, seq: 2, changes: [], state: state, command: "query").map(object)
      #expect(records.count == 1)
      let record = try #require(records.first)
      #expect(record["type"] as? String == "change")
      #expect((record["patch"] as? [Any])?.isEmpty == true)
      #expect(!record.keys.contains("error"), "\(record)")
    }
  }
}
