import FeatureKit
import FeatureList
import FeedFeature
import GitHubClient
import LiveTerminal
import ReactorCore
import Rendering
import Shell
import Testing

// The live feed View on the session's stores: the opening refresh, the scroll rule's one load at a
// time, a refresh answered 304, an error on the status line, and what Enter prints.

/// The session's clock, so that every event's age reads the same on every run.
private let start = 1_700_000_000.0

private func event(_ number: Int) -> Event {
  Event(
    id: String(number), type: "PushEvent", actor: "user\(number)", repository: "owner/repo\(number)",
    createdAt: start - 300)
}

/// `page` of a feed of `pages` pages of 30 events.
private func page(_ page: Int, of pages: Int) -> EventsResult {
  .page(
    Page(items: (1...30).map { event((page - 1) * 30 + $0) }, page: page, nextPage: page < pages ? page + 1 : nil),
    etag: "e\(page)")
}

/// A live feed View on a session whose effects run on `executor`; `checkpoints` gets each
/// reason the View gives for a screen.
private func liveFeed(
  _ client: GitHubClient, executor: ManualExecutor, checkpoints: Locked<[String]> = Locked([]),
  clock: VirtualClock = VirtualClock(), context: LiveContext = LiveContext()
) -> FeedLiveView {
  let configuration = Session.Configuration(
    client: client, features: Features.all, options: RenderOptions(mode: .json), sink: MemorySink(),
    time: .virtual(clock, start: start), executor: executor)
  let session = Session(configuration: configuration)
  let host = session.host(forFeature: "feed")!
  return FeedLiveView(host: host, context: context) { reason in
    if let reason { checkpoints.withLock { $0.append(reason) } }
  }
}

private func text(_ view: FeedLiveView, width: Int = 80, height: Int = 12) -> [String] {
  view.frame(width: width, height: height, at: .zero).lines.map(\.text)
}

@Suite struct LiveViewFeedTests {
  @Test("the view opens with a refresh: the newest events, the first selected in reverse video, the count")
  func opening() {
    let requests = Locked<[String]>([])
    let client = GitHubClient(
      searchRepositories: { _, page, _ in Page(items: [], page: page, nextPage: nil) },
      events: { number, _, etag in
        requests.withLock { $0.append("\(number) \(etag ?? "-")") }
        return page(number, of: 3)
      })
    let executor = ManualExecutor()
    let checkpoints = Locked<[String]>([])
    let view = liveFeed(client, executor: executor, checkpoints: checkpoints)
    view.start(at: .zero)
    #expect(text(view).last?.contains("refreshing...") == true)
    _ = executor.runUntilIdle()
    #expect(requests.withLock { $0 } == ["1 -"])
    #expect(checkpoints.withLock { $0 } == ["loaded 30"])
    let frame = view.frame(width: 80, height: 12, at: .zero)
    #expect(frame.lines.count == 12)
    #expect(frame.lines[0].text == "   1. user1 pushed to owner/repo1 · 5 min ago")
    #expect(frame.lines[0].spans.allSatisfy { $0.style == .reverse })
    #expect(frame.lines[1].spans.allSatisfy { $0.style != .reverse })
    #expect(frame.lines.last?.text == "30 events")
    #expect(view.isSecretInput == false)
  }

  @Test("scrolling to the end loads more once, however many keys ask, and says when there is no more")
  func scrollToLoad() {
    let pages = Locked<[Int]>([])
    let client = GitHubClient(
      searchRepositories: { _, page, _ in Page(items: [], page: page, nextPage: nil) },
      events: { number, _, _ in
        pages.withLock { $0.append(number) }
        return page(number, of: 2)
      })
    let executor = ManualExecutor()
    let checkpoints = Locked<[String]>([])
    let view = liveFeed(client, executor: executor, checkpoints: checkpoints)
    view.start(at: .zero)
    _ = executor.runUntilIdle()
    _ = view.frame(width: 80, height: 12, at: .zero)
    for _ in 0..<5 { _ = view.handle(.end, at: .milliseconds(10)) }
    #expect(text(view).last == "30 events · loading more...")
    _ = executor.runUntilIdle()
    #expect(pages.withLock { $0 } == [1, 2])
    #expect(checkpoints.withLock { $0 } == ["loaded 30", "loaded 60"])
    for key in [Key.end, .pageDown, .wheelDown, .down] { _ = view.handle(key, at: .milliseconds(20)) }
    _ = executor.runUntilIdle()
    #expect(pages.withLock { $0 } == [1, 2])
    let lines = text(view)
    #expect(lines.last == "60 events · no more events", "\(lines)")
    #expect(lines[lines.count - 2].hasPrefix("  60. user60 pushed"), "\(lines)")
  }

  @Test("r refreshes with the last ETag: a 304 says no new events; Ctrl-R during a refresh is refused")
  func refresh() {
    let requests = Locked<[String]>([])
    let client = GitHubClient(
      searchRepositories: { _, page, _ in Page(items: [], page: page, nextPage: nil) },
      events: { number, _, etag in
        requests.withLock { $0.append("\(number) \(etag ?? "-")") }
        return etag == nil ? page(number, of: 3) : .notModified
      })
    let executor = ManualExecutor()
    let checkpoints = Locked<[String]>([])
    let view = liveFeed(client, executor: executor, checkpoints: checkpoints)
    view.start(at: .zero)
    _ = executor.runUntilIdle()
    _ = view.frame(width: 80, height: 12, at: .zero)
    _ = view.handle(.down, at: .milliseconds(10))
    _ = view.handle(.text("r"), at: .milliseconds(20))
    _ = view.handle(.control("r"), at: .milliseconds(30))
    #expect(text(view).last == "30 events · refreshing... · a refresh is already in flight")
    _ = executor.runUntilIdle()
    #expect(requests.withLock { $0 } == ["1 -", "1 e1"])
    #expect(checkpoints.withLock { $0 } == ["loaded 30", "no new events"])
    let frame = view.frame(width: 80, height: 12, at: .zero)
    // The refusal stays said until the next key.
    #expect(frame.lines.last?.text == "30 events · no new events · a refresh is already in flight")
    // The refresh put the selection back on the newest event.
    #expect(frame.lines[0].spans.allSatisfy { $0.style == .reverse })
  }

  @Test("a failed page is shown on the status line, is a checkpoint, and stops the scroll rule")
  func failure() {
    let pages = Locked<[Int]>([])
    let client = GitHubClient(
      searchRepositories: { _, page, _ in Page(items: [], page: page, nextPage: nil) },
      events: { number, _, _ in
        pages.withLock { $0.append(number) }
        if number == 2 { throw GitHubError.transport("the network is down") }
        return page(number, of: 3)
      })
    let executor = ManualExecutor()
    let checkpoints = Locked<[String]>([])
    let view = liveFeed(client, executor: executor, checkpoints: checkpoints)
    view.start(at: .zero)
    _ = executor.runUntilIdle()
    _ = view.frame(width: 80, height: 12, at: .zero)
    _ = view.handle(.end, at: .milliseconds(10))
    _ = executor.runUntilIdle()
    let reasons = checkpoints.withLock { $0 }
    #expect(reasons.count == 2 && reasons[1].hasPrefix("error: "), "\(reasons)")
    let status = text(view).last ?? ""
    #expect(status.hasPrefix("30 events · error: "), "\(status)")
    #expect(status.contains("the network is down"), "\(status)")
    _ = view.handle(.up, at: .milliseconds(20))
    _ = view.handle(.end, at: .milliseconds(30))
    view.tick(at: .milliseconds(30))
    _ = executor.runUntilIdle()
    #expect(pages.withLock { $0 } == [1, 2])
  }

  @Test("Enter prints the selected event's line and exits 0; Esc and Ctrl-C exit 130; nothing selected stays")
  func leaving() {
    let fail = Locked(true)
    let client = GitHubClient(
      searchRepositories: { _, page, _ in Page(items: [], page: page, nextPage: nil) },
      events: { number, _, _ in
        if fail.withLock({ $0 }) { throw GitHubError.transport("down") }
        return page(number, of: 3)
      })
    let executor = ManualExecutor()
    let view = liveFeed(client, executor: executor)
    view.start(at: .zero)
    _ = executor.runUntilIdle()
    #expect(view.handle(.enter, at: .zero) == .stay)
    #expect(text(view).last?.hasSuffix("nothing selected") == true)
    fail.withLock { $0 = false }
    _ = view.handle(.text("r"), at: .zero)
    _ = executor.runUntilIdle()
    _ = view.handle(.down, at: .zero)
    _ = view.handle(.down, at: .zero)
    #expect(view.handle(.enter, at: .zero) == .exit(status: 0, output: "user3 pushed to owner/repo3"))
    #expect(view.handle(.escape, at: .zero) == .exit(status: 130, output: nil))
    #expect(view.handle(.control("c"), at: .zero) == .exit(status: 130, output: nil))
  }

  @Test(
    "every row fits the width: the summary is cut, then the age dropped",
    arguments: [
      // All of it; the summary cut, its age kept; the age dropped for the summary; what fits.
      (80, "   1. user1 pushed to owner/repo1 · 5 min ago"), (40, "   1. user1 pushed to owner… · 5 min ago"),
      (24, "   1. user1 pushed to o…"), (8, "   1. u…"), (1, "…"),
    ])
  func narrow(width: Int, first: String) {
    let client = GitHubClient(
      searchRepositories: { _, page, _ in Page(items: [], page: page, nextPage: nil) },
      events: { number, _, _ in page(number, of: 1) })
    let executor = ManualExecutor()
    let view = liveFeed(client, executor: executor)
    view.start(at: .zero)
    _ = executor.runUntilIdle()
    let lines = text(view, width: width)
    #expect(lines.allSatisfy { TerminalText.width($0) <= width }, "\(lines)")
    #expect(lines.first == first, "\(lines)")
  }

  @Test("an age changes at 10 s, then each second, minute, hour and day, as it is counted in")
  func ageChanges() {
    let cases: [(age: Double, next: Double)] = [
      (-30, 10), (0, 10), (9.5, 10), (10, 11), (59.2, 60), (60, 120), (3599, 3600), (3600, 7200), (86_399, 86_400),
      (86_400, 172_800),
    ]
    let event = Event(id: "1", type: "PushEvent", actor: "a", repository: "o/r", createdAt: start)
    for (age, next) in cases {
      let changes = FeedText.ageChanges(of: event, now: start + age)
      #expect(changes == start + next, "at \(age) s")
      // Just before, the age reads as now; at the change it reads otherwise.
      if let changes {
        #expect(FeedText.age(of: event, now: changes - 0.001) == FeedText.age(of: event, now: start + age))
        #expect(FeedText.age(of: event, now: changes) != FeedText.age(of: event, now: changes - 0.001))
      }
    }
    #expect(FeedText.ageChanges(of: event, now: .infinity) == nil)
  }

  @Test("the ages on screen tick while nothing happens: the view asks to be drawn when the first one changes")
  func agesTick() {
    let young = Event(id: "1", type: "PushEvent", actor: "new", repository: "o/young", createdAt: start - 5)
    let old = Event(id: "2", type: "PushEvent", actor: "old", repository: "o/old", createdAt: start - 7200)
    let client = GitHubClient(
      searchRepositories: { _, page, _ in Page(items: [], page: page, nextPage: nil) },
      events: { number, _, _ in .page(Page(items: [young, old], page: number, nextPage: nil), etag: "e") })
    let executor = ManualExecutor()
    let clock = VirtualClock()
    let view = liveFeed(client, executor: executor, clock: clock)
    view.start(at: .zero)
    _ = executor.runUntilIdle()
    #expect(view.deadline == nil, "no frame drawn yet: no age on screen")
    #expect(view.frame(width: 80, height: 6, at: .zero).lines[0].text.hasSuffix("just now"))
    // 5 s old: "10 s ago" in 5 s.
    #expect(view.deadline == .seconds(5))
    clock.advance(by: .seconds(5))
    view.tick(at: .seconds(5))
    #expect(view.frame(width: 80, height: 6, at: .seconds(5)).lines[0].text.hasSuffix("10 s ago"))
    #expect(view.deadline == .seconds(6))
    clock.advance(by: .seconds(50))
    #expect(view.frame(width: 80, height: 6, at: .seconds(55)).lines[0].text.hasSuffix("1 min ago"))
    #expect(view.deadline == .seconds(115))
    // The young event scrolled away (a screen of one row): the old one's next change, in an hour.
    _ = view.handle(.down, at: .seconds(55))
    #expect(view.frame(width: 80, height: 2, at: .seconds(55)).lines[0].text.hasSuffix("2 h ago"))
    #expect(view.deadline == .seconds(3600))
  }
}

extension LiveViewFeedTests {
  @Test("an age that ticks while idle redraws only its own cells")
  func tickRedrawsTheAgeOnly() {
    let young = Event(id: "1", type: "PushEvent", actor: "new", repository: "o/young", createdAt: start - 5)
    let old = Event(id: "2", type: "PushEvent", actor: "old", repository: "o/old", createdAt: start - 7200)
    let client = GitHubClient(
      searchRepositories: { _, page, _ in Page(items: [], page: page, nextPage: nil) },
      events: { number, _, _ in .page(Page(items: [young, old], page: number, nextPage: nil), etag: "e") })
    let executor = ManualExecutor()
    let clock = VirtualClock()
    let view = liveFeed(client, executor: executor, clock: clock)
    var screen = LiveScreen(view: view, width: 80, height: 6, color: true)
    view.start(at: .zero)
    _ = executor.runUntilIdle()
    let full = screen.open(at: .zero).count
    #expect(screen.model.lines[0].hasSuffix("just now"), "\(screen.model.lines)")
    // Nothing typed, the time the view asked for comes: the driver ticks and draws.
    let deadline = view.deadline ?? .zero
    #expect(deadline == .seconds(5))
    clock.advance(by: deadline)
    view.tick(at: deadline)
    let bytes = screen.draw(at: deadline)
    #expect(screen.model.lines[0].hasSuffix("10 s ago"), "\(screen.model.lines)")
    let text = String(decoding: bytes, as: UTF8.self)
    // Only the row whose age changed, from where it changed: not the event, not the other rows.
    #expect(!text.contains("new") && !text.contains("o/young") && !text.contains("2 h ago"), "\(text.debugDescription)")
    #expect(bytes.count * 5 < full, "\(bytes.count) bytes against \(full) drawn at first")
  }
}

// i38-keys' marks and pane on i38-screen's feed: the ages tick in the pane too.
extension LiveViewFeedTests {
  @Test(
    "--multi --preview at 60 columns: the pane below the list, its age ticking with the row's, only those cells redrawn"
  )
  func paneAgeTicks() throws {
    let young = Event(id: "1", type: "PushEvent", actor: "new", repository: "o/young", createdAt: start - 5)
    let old = Event(id: "2", type: "PushEvent", actor: "old", repository: "o/old", createdAt: start - 7200)
    let client = GitHubClient(
      searchRepositories: { _, page, _ in Page(items: [], page: page, nextPage: nil) },
      events: { number, _, _ in .page(Page(items: [young, old], page: number, nextPage: nil), etag: "e") })
    let executor = ManualExecutor()
    let clock = VirtualClock()
    let view = liveFeed(client, executor: executor, clock: clock, context: LiveContext(multi: true, preview: true))
    var screen = LiveScreen(view: view, width: 60, height: 16, color: true)
    view.start(at: .zero)
    _ = executor.runUntilIdle()
    // Tab marks the young event and moves down; Up goes back to it, so the pane shows it.
    _ = view.handle(.tab, at: .zero)
    _ = view.handle(.up, at: .zero)
    let full = screen.open(at: .zero).count
    var lines = screen.model.lines
    #expect(lines[0].hasPrefix("+") && lines[0].hasSuffix("just now"), "\(lines)")
    let rule = try #require(lines.firstIndex(of: String(repeating: "─", count: 60)), "\(lines)")
    let created = try #require(lines[rule...].firstIndex { $0.hasPrefix("Created") }, "\(lines)")
    #expect(lines[created].hasSuffix("(just now)"), "\(lines)")
    #expect(lines.last?.hasPrefix("2 events · no more events · 1 marked") == true, "\(lines)")
    let deadline = try #require(view.deadline)
    #expect(deadline == .seconds(5))
    clock.advance(by: deadline)
    view.tick(at: deadline)
    let bytes = screen.draw(at: deadline)
    lines = screen.model.lines
    #expect(lines[0].hasPrefix("+") && lines[0].hasSuffix("10 s ago"), "\(lines)")
    #expect(lines[created].hasSuffix("(10 s ago)"), "\(lines)")
    #expect(lines.allSatisfy { TerminalText.width($0) <= 60 })
    // The two ages, from where each changed: not the event, its record or the other rows.
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(
      !text.contains("o/young") && !text.contains("PushEvent") && !text.contains("2 h ago"), "\(text.debugDescription)")
    #expect(bytes.count * 5 < full, "\(bytes.count) bytes against \(full) drawn at first")
  }
}
