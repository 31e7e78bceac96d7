import FeedFeature
import GitHubClient
import ReactorCore
import Rendering
import Testing

// FeedText over real transitions: a Store<FeedReactor> with a stub /events, rendered inside
// the store's observer, with "now" fixed so ages are exact.

private let now = 1_700_000_000.0

private func event(
  _ id: String, _ type: String, _ actor: String = "torvalds", _ repository: String = "torvalds/linux",
  age: Double = 180, detail: String? = nil
) -> Event {
  Event(id: id, type: type, actor: actor, repository: repository, createdAt: now - age, detail: detail)
}

private let page1 = [
  event("9", "PushEvent", detail: "master"),
  event("8", "WatchEvent", "octocat", "apple/swift", age: 5),
  event("7", "ForkEvent", "mk", "ReactiveX/RxSwift", age: 42, detail: "mk/RxSwift"),
  event("6", "CreateEvent", "devxoul", "ReactorKit/ReactorKit", age: 7200, detail: "branch fix/pulse"),
  event("5", "DeleteEvent", "mbrandonw", "pointfreeco/tca", age: 3 * 86_400, detail: "branch beta"),
  event("4", "IssuesEvent", "pj", "vapor/vapor", age: 59, detail: "Body fails"),
]
private let page2 = [
  event("4", "IssuesEvent", "pj", "vapor/vapor", age: 59, detail: "Body fails"),
  event("3", "CreateEvent", "mk", "mk/playground", age: 3599, detail: "repository"),
  event("2", "PushEvent", "evil\u{1B}[2J", "o/\u{1B}]52;c;AAAA\u{07}r\tx", age: 60),
  event("1", "GollumEvent", "wiki", "o/w", age: 86_399, detail: "Home\npage"),
]

private let stub = GitHubClient(
  searchRepositories: { _, _, _ in throw GitHubError.transport("unused") },
  events: { page, _, etag in
    if etag == "boom" { throw GitHubError.server(status: 502, message: nil) }
    if etag != nil { return .notModified }
    return page == 1
      ? .page(Page(items: page1, page: 1, nextPage: 2), etag: "\"v1\"")
      : .page(Page(items: page == 2 ? page2 : [page1[0]], page: page, nextPage: page + 1), etag: nil)
  })

/// A store whose transitions are rendered into lines as they are committed.
private final class FeedHarness: Sendable {
  let store = Store(reactor: FeedReactor(client: stub))
  private let rendered = Locked<[OutputLine]>([])

  init(mode: RenderOptions.Mode, width: Int = 80) {
    let renderer = FeedText(options: RenderOptions(mode: mode, width: width), now: { now })
    store.observe { [weak self] event, state in
      guard case .transition(let transition) = event else { return }
      let lines = renderer.render(transition, state: state)
      self?.rendered.withLock { $0 += lines }
    }
  }

  func run(_ actions: FeedReactor.Action...) async {
    for action in actions { await store.send(action).finish() }
  }

  var lines: [OutputLine] { rendered.withLock { $0 } }
  var texts: [String] { lines.map(\.text) }
}

@Suite struct FeedTextTests {
  @Test func textRefreshMoreAndNotModified() async {
    let harness = FeedHarness(mode: .text)
    await harness.run(.refresh, .loadMore, .loadMore, .refresh)
    #expect(
      harness.texts == [
        "+ 6 events (1-6)",
        "   1. torvalds pushed to torvalds/linux · 3 min ago",
        "   2. octocat starred apple/swift · just now",
        "   3. mk forked ReactiveX/RxSwift to mk/RxSwift · 42 s ago",
        "   4. devxoul created branch fix/pulse in ReactorKit/ReactorKit · 2 h ago",
        "   5. mbrandonw deleted branch beta in pointfreeco/tca · 3 d ago",
        #"   6. pj updated an issue in vapor/vapor: "Body fails" · 59 s ago"#,
        "+ 3 events (7-9)",
        "   7. mk created repository mk/playground · 59 min ago",
        "   8. evil^[[2J pushed to o/^[]52;c;AAAA^Gr x · 1 min ago",
        #"   9. wiki GollumEvent in o/w: "Home^Jpage" · 23 h ago"#,
        "no new events on this page (all already shown)",
        "no new events",
      ])
    #expect(!harness.texts.joined().unicodeScalars.contains { $0.value < 0x20 })
  }

  @Test func textTruncatesToTheWidthButKeepsTheAge() async {
    let harness = FeedHarness(mode: .text, width: 40)
    await harness.run(.refresh)
    #expect(harness.texts[6] == "   6. pj updated an issue in… · 59 s ago")
    #expect(harness.texts.allSatisfy { TerminalText.width($0) <= 40 })
  }

  @Test func ages() {
    let cases: [(Double, String)] = [
      (-5, "just now"), (0, "just now"), (9.9, "just now"), (10, "10 s ago"), (59, "59 s ago"), (60, "1 min ago"),
      (3599, "59 min ago"), (3600, "1 h ago"), (86_399, "23 h ago"), (86_400, "1 d ago"), (30 * 86_400, "30 d ago"),
    ]
    for (age, text) in cases {
      #expect(FeedText.age(of: event("1", "PushEvent", age: age), now: now) == text, "\(age)")
    }
  }

  @Test func jsonRecordsAndErrors() async {
    let harness = FeedHarness(mode: .json)
    await harness.run(.refresh)
    #expect(
      harness.texts.first
        == #"{"action":"refresh","feature":"feed","mutation":"setRefreshing","patch":[{"op":"replace","path":"/isRefreshing","value":true}],"seq":1,"type":"change"}"#
    )
    #expect(harness.texts.count == 2)
    #expect(harness.texts[1].contains(#""path":"/items","value":[{"actor":"torvalds","createdAt":1699999820,"#))
    let failing = Store(
      reactor: FeedReactor(
        client: GitHubClient(
          searchRepositories: { _, _, _ in throw GitHubError.transport("unused") },
          events: { _, _, _ in throw GitHubError.server(status: 502, message: nil) })))
    let renderer = FeedText(options: RenderOptions(mode: .json), now: { now })
    let lines = Locked<[OutputLine]>([])
    failing.observe { event, state in
      guard case .transition(let transition) = event else { return }
      lines.withLock { $0 += renderer.render(transition, state: state) }
    }
    await failing.send(.refresh).finish()
    #expect(
      lines.withLock { $0.last?.text }
        == #"{"code":"server-error","feature":"feed","message":"GitHub had a server error (HTTP 502); try again later.","type":"error"}"#
    )
    #expect(lines.withLock { $0.count } == 3)
  }

  @Test func textErrorGoesToStandardError() async {
    let failing = Store(
      reactor: FeedReactor(
        client: GitHubClient(
          searchRepositories: { _, _, _ in throw GitHubError.transport("unused") },
          events: { _, _, _ in throw GitHubError.timeout(seconds: nil) })))
    let renderer = FeedText(options: RenderOptions(mode: .text), now: { now })
    let lines = Locked<[OutputLine]>([])
    failing.observe { event, state in
      guard case .transition(let transition) = event else { return }
      lines.withLock { $0 += renderer.render(transition, state: state) }
    }
    await failing.send(.refresh).finish()
    #expect(
      lines.withLock { $0 }.map { [$0.stream == .err ? "err" : "out", $0.text] } == [
        ["err", "error: GitHub did not answer in time; try again, or allow longer with --timeout."]
      ])
  }
}
