import Foundation
import GitHubClient
import ReactorCore
import ReactorJSON
import Rendering
import SearchFeature
import Testing

// SearchText over real transitions: a Store<SearchReactor> with a stub client, rendered as the
// session renders them (inside the store's observer, with the state after each change).

private let apple = Repository(
  id: 1, fullName: "apple/swift", description: "The Swift Programming Language", stars: 67100, language: "C++",
  url: "https://github.com/apple/swift")
private let evil = Repository(
  id: 2, fullName: "evil/\u{1B}]52;c;AAAA\u{07}repo", description: "clear \u{1B}[2J screen", stars: 999,
  language: nil, url: "https://github.com/evil/repo")
private let wide = Repository(
  id: 3, fullName: "漢字/ライブラリ", description: "😀 wide", stars: 1_200_000, language: "Swift",
  url: "https://github.com/kanji/library")
private let tabbed = Repository(
  id: 4, fullName: "tab\there/x", description: nil, stars: 5, language: "Go", url: "https://github.com/tab/x")

private let stub = GitHubClient(searchRepositories: { query, page, _ in
  switch query {
  case "boom": throw GitHubError.server(status: 502, message: nil)
  case "none": return Page(items: [], page: 1, nextPage: nil, totalCount: 0)
  case "partial": return Page(items: [apple, evil], page: 1, nextPage: nil, totalCount: 2, incompleteResults: true)
  case "hang":
    try await Task.sleep(for: .seconds(30))
    return Page(items: [], page: 1, nextPage: nil)
  default:
    return page == 1
      ? Page(items: [apple, evil], page: 1, nextPage: 2, totalCount: 4)
      : Page(items: [wide, tabbed], page: 2, nextPage: nil, totalCount: 4)
  }
})

/// A store whose transitions are rendered into lines as they are committed.
private final class Harness: Sendable {
  let store = Store(reactor: SearchReactor(client: stub))
  private let rendered = Locked<[OutputLine]>([])
  private let patches = Locked<[PatchOperation]>([])

  init(mode: RenderOptions.Mode) {
    let renderer = SearchText(options: RenderOptions(mode: mode, width: 80))
    store.observe { [weak self] event, state in
      guard case .transition(let transition) = event else { return }
      self?.record(renderer.render(transition, state: state), transition.patch)
    }
  }

  private func record(_ lines: [OutputLine], _ patch: [PatchOperation]) {
    rendered.withLock { $0 += lines }
    patches.withLock { $0 += patch }
  }

  func run(_ action: SearchReactor.Action) async { await store.send(action).finish() }
  var lines: [OutputLine] { rendered.withLock { $0 } }
  var texts: [String] { lines.map(\.text) }
  var allPatches: [PatchOperation] { patches.withLock { $0 } }
}

private let line1 =
  "   1. apple/swift                    ★ 67.1k  C++         The Swift Programming…"
private let line2 =
  "   2. evil/^[]52;c;AAAA^Grepo        ★ 999                clear ^[[2J screen"
/// 漢字/ライブラリ is 15 columns wide, so 15 spaces pad it to the 30-column name field.
private let line3 =
  "   3. 漢字/ライブラリ" + String(repeating: " ", count: 15) + " ★ 1.2M   Swift       😀 wide"
private let line4 =
  "   4. tab here/x                     ★ 5      Go"

@Suite struct SearchTextTests {
  @Test func textQueryFirstPageAndNextPage() async {
    let harness = Harness(mode: .text)
    await harness.run(.updateQuery("swift"))
    #expect(harness.texts == [#"query: "swift""#, "+ 2 repos (1-2) of 4", line1, line2])
    await harness.run(.loadNextPage)
    #expect(harness.texts.suffix(3) == ["+ 2 repos (3-4)", line3, line4])
    #expect(harness.lines.allSatisfy { $0.stream == .out })
    #expect(harness.lines.allSatisfy { !$0.text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 } })
    #expect(harness.lines.dropFirst().allSatisfy { TerminalText.width($0.text) <= 80 })
  }

  @Test func textNewQueryShowsTheOldOne() async {
    let harness = Harness(mode: .text)
    await harness.run(.updateQuery("swift"))
    await harness.run(.updateQuery("none"))
    #expect(harness.texts.suffix(2) == [#"query: "swift" -> "none""#, #"no results for "none""#])
    await harness.run(.updateQuery("  "))
    #expect(harness.texts.last == #"query: "none" -> (none)"#)
  }

  @Test func textIncompleteResultsAreFlagged() async {
    let harness = Harness(mode: .text)
    await harness.run(.updateQuery("partial"))
    #expect(harness.texts[1] == "+ 2 repos (1-2) of 2 (incomplete: GitHub timed out)")
  }

  @Test func textErrorGoesToStandardError() async {
    let harness = Harness(mode: .text)
    await harness.run(.updateQuery("boom"))
    #expect(harness.lines.map(\.stream) == [.out, .err])
    #expect(harness.texts == [#"query: "boom""#, "error: GitHub had a server error (HTTP 502); try again later."])
    #expect(harness.lines.last?.record?["code"] == .string("server-error"), "a sink reads the code of a text error")
  }

  @Test func textCancelSaysSo() async throws {
    let harness = Harness(mode: .text)
    let loading = harness.store.send(.updateQuery("hang"))
    await harness.run(.cancel)
    await loading.finish()
    #expect(harness.texts == [#"query: "hang""#, "search cancelled"])
  }

  @Test func textListIsNarrowerOnANarrowTerminal() {
    var state = SearchState()
    state.repos.replaceAll(with: [apple])
    let lines = SearchText(options: RenderOptions(width: 60)).list(state, from: 0, count: 1)
    #expect(lines.map(\.text) == ["   1. apple/swift                    ★ 67.1k  C++"])
  }

  // MARK: - JSON mode

  @Test func jsonChangesCarryPatchesThatRebuildTheState() async throws {
    let harness = Harness(mode: .json)
    await harness.run(.updateQuery("swift"))
    await harness.run(.loadNextPage)
    let records = try harness.lines.map { line in
      try #require(try JSONSerialization.jsonObject(with: Data(line.text.utf8)) as? [String: Any])
    }
    #expect(records.allSatisfy { $0["type"] as? String == "change" && $0["feature"] as? String == "search" })
    #expect(records.map { $0["mutation"] as? String } == ["setQuery", "setRepos", "setLoadingNextPage", "appendRepos"])
    #expect(records.map { $0["action"] as? String } == ["query", "query", "next", "next"])
    #expect(records.map { $0["seq"] as? Int } == [1, 2, 3, 4])

    let setRepos = try #require(records[1]["patch"] as? [[String: Any]])
    let repos = try #require(setRepos.first { $0["path"] as? String == "/repos" })
    #expect(repos["op"] as? String == "replace")
    let first = try #require((repos["value"] as? [[String: Any]])?.first)
    #expect(first["fullName"] as? String == "apple/swift" && first["stars"] as? Int == 67100)
    #expect(first["url"] as? String == "https://github.com/apple/swift" && first["language"] as? String == "C++")

    let append = try #require(records[3]["patch"] as? [[String: Any]])
    #expect(append.filter { $0["path"] as? String == "/repos/-" }.count == 2)
    #expect(append.allSatisfy { $0["op"] as? String != "replace" || $0["path"] as? String != "/repos" })

    let rebuilt = try JSONPatch.apply(harness.allPatches, to: SearchState().jsonValue)
    #expect(rebuilt == harness.store.currentState.jsonValue)
  }

  @Test func jsonErrorAddsAnErrorRecord() async throws {
    let harness = Harness(mode: .json)
    await harness.run(.updateQuery("boom"))
    #expect(harness.lines.count == 3)
    let error = try #require(try JSONSerialization.jsonObject(with: Data(harness.texts[2].utf8)) as? [String: Any])
    #expect(error["type"] as? String == "error")
    #expect(error["code"] as? String == "server-error")
    #expect(error["feature"] as? String == "search")
    #expect(error["message"] as? String == "GitHub had a server error (HTTP 502); try again later.")
    let change = try #require(try JSONSerialization.jsonObject(with: Data(harness.texts[1].utf8)) as? [String: Any])
    #expect(change["mutation"] as? String == "setError")
    let patch = try #require(change["patch"] as? [[String: Any]])
    let lastError = try #require(patch.first { $0["path"] as? String == "/lastError" })
    #expect((lastError["value"] as? [String: Any])?["code"] as? String == "server-error")
  }

  @Test func jsonEscapesHostileNames() async {
    let harness = Harness(mode: .json)
    await harness.run(.updateQuery("swift"))
    #expect(harness.texts.allSatisfy { !$0.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 } })
    #expect(harness.texts[1].contains(#"evil/\u001b]52;c;AAAA\u0007repo"#))
  }
}
