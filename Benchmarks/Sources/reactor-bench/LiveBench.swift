import FeatureKit
import FeatureList
import GitHubClient
import LiveTerminal
import ReactorCore
import Rendering
import SearchFeature
import Shell

/// Scenario `live`: what `reactor live search` writes and spends a frame. A `SearchLiveView` on a
/// `Session` whose effects run on a `ManualExecutor`, drained after every key, with a client
/// answering at once in 30-result pages; drawn by `LiveScreen`, as the terminal loop draws it.
enum LiveBench {
  /// A search view with `total` results to load (30 a page, a next page until `total`) and
  /// the session that holds its store.
  struct Loaded {
    let view: SearchLiveView
    let session: Session
    let executor: ManualExecutor
  }

  static func makeView(total: Int, throttle: Duration) -> Loaded {
    let client = GitHubClient(searchRepositories: { _, page, _ in
      let start = (page - 1) * 30
      let count = max(0, min(30, total - start))
      return Page(
        items: Fixtures.repositories(start: start, count: count), page: page,
        nextPage: start + count < total ? page + 1 : nil, totalCount: total)
    })
    let executor = ManualExecutor()
    let session = Session(
      configuration: Session.Configuration(
        client: client, features: Features.all, options: RenderOptions(mode: .json), sink: NullSink(),
        executor: executor))
    guard let host = session.host(forFeature: "search") else { fatalError("no search feature") }
    let context = LiveContext(arguments: ["swift"], throttle: throttle)
    let view = SearchLiveView(host: host, context: context, changed: { _ in })
    return Loaded(view: view, session: session, executor: executor)
  }

  /// Opens on the query `swift` (sent at 0) and loads every page by pressing End, as a person
  /// scrolls to the bottom.
  static func load(_ loaded: Loaded, total: Int, width: Int, height: Int) {
    loaded.view.start(at: .zero)
    loaded.executor.runUntilIdle()
    // The first frame tells the view how many rows a screen holds, which the scroll rule reads.
    _ = loaded.view.frame(width: width, height: height, at: .zero)
    for _ in 0..<(total / 30 + 2) {
      _ = loaded.view.handle(.end, at: .zero)
      loaded.executor.runUntilIdle()
    }
    // The live view's store is its own, not the REPL's: its status line says what it holds.
    let status = loaded.view.frame(width: width, height: height, at: .zero).lines.last?.text ?? ""
    guard status.hasPrefix("\(total) of ") else { fatalError("the live view did not load \(total) results: \(status)") }
  }

  /// Bytes `LiveScreen.draw` writes for the frame right after one character typed into the
  /// query of a full list, and bytes of a full redraw of that frame.
  static func keystroke(throttle: Duration, at now: Duration) -> (diff: Int, full: Int) {
    let (width, height) = (120, 40)
    let loaded = makeView(total: 1_000, throttle: throttle)
    load(loaded, total: 1_000, width: width, height: height)
    var screen = LiveScreen(view: loaded.view, width: width, height: height, color: true)
    _ = screen.open(at: now)
    _ = loaded.view.handle(.text("x"), at: now)
    let diff = screen.draw(at: now)
    var writer = FrameWriter(color: true)
    let full = writer.draw(loaded.view.frame(width: width, height: height, at: now))
    // The diff must leave the screen a full redraw would.
    var model = TerminalModel(width: width, height: height)
    model.feed(full)
    precondition(model.lines == screen.model.lines, "the diff left another screen than a full redraw")
    return (diff.count, full.count)
  }

  /// Bytes `LiveScreen.draw` writes when Down at the last row on screen moves the window by one
  /// row (1,000 results, 120x40), bytes of a full redraw of that frame, and bytes of the same
  /// move on a terminal without scroll regions.
  static func scroll() -> (diff: Int, full: Int, unscrolled: Int) {
    let (width, height) = (120, 40)
    let loaded = makeView(total: 1_000, throttle: .zero)
    load(loaded, total: 1_000, width: width, height: height)
    var screen = LiveScreen(view: loaded.view, width: width, height: height, color: true)
    _ = loaded.view.handle(.home, at: .zero)
    _ = screen.open(at: .zero)
    // Down to the last row on screen: the selection moves, the window stays.
    var before = screen.model.lines
    for _ in 0..<height {
      _ = loaded.view.handle(.down, at: .zero)
      _ = screen.draw(at: .zero)
      if screen.model.lines[1] != before[1] { break }
      before = screen.model.lines
    }
    precondition(screen.model.lines[1] != before[1], "the window never moved")
    // One more Down: the window moves by a row.
    before = screen.model.lines
    var unscrolledWriter = FrameWriter(color: true, scrolls: false)
    _ = unscrolledWriter.draw(loaded.view.frame(width: width, height: height, at: .zero))
    _ = loaded.view.handle(.down, at: .zero)
    let diff = screen.draw(at: .zero)
    let unscrolled = unscrolledWriter.draw(loaded.view.frame(width: width, height: height, at: .zero)).count
    precondition(screen.model.lines[1] == before[2], "the window did not move by one row")
    var writer = FrameWriter(color: true)
    let full = writer.draw(loaded.view.frame(width: width, height: height, at: .zero))
    var model = TerminalModel(width: width, height: height)
    model.feed(full)
    precondition(model.lines == screen.model.lines, "the scroll left another screen than a full redraw")
    precondition(loaded.executor.runUntilIdle() == 0, "a move loaded a page")
    return (diff.count, full.count, unscrolled)
  }

  /// Microseconds per frame (`view.frame`, then the writer's diff) after a key that moves the
  /// selection one row (two lines change), with `total` results loaded.
  static func frames(total: Int, count: Int) -> Double {
    // 30 result rows: a screen as tall for both, so only the rows loaded differ.
    let (width, height) = (120, 32)
    let loaded = makeView(total: total, throttle: .zero)
    load(loaded, total: total, width: width, height: height)
    var screen = LiveScreen(view: loaded.view, width: width, height: height, color: true)
    _ = screen.open(at: .zero)
    _ = loaded.view.handle(.home, at: .zero)
    _ = screen.draw(at: .zero)
    var elapsed: UInt64 = 0
    var written = 0
    for index in 0..<count {
      _ = loaded.view.handle(index % 2 == 0 ? .down : .up, at: .zero)
      let start = nanoseconds()
      let bytes = screen.draw(at: .zero)
      elapsed += nanoseconds() - start
      written += bytes.count
    }
    precondition(written > 0 && loaded.executor.runUntilIdle() == 0, "a move drew nothing, or loaded a page")
    return Double(elapsed) / Double(count) / 1e3
  }

  /// Nanoseconds per `Throttle.offer` of a query typed a character every 100 ms against a
  /// 300 ms interval (some go at once, most wait), and per call of an opaque closure instead.
  static func throttle(count: Int) -> (offer: Double, closure: Double) {
    let queries = (1...8).map { String("swiftpm!".prefix($0)) }
    var throttle = Throttle<String>(interval: .milliseconds(300))
    var sent = 0
    let offer = seconds {
      for index in 0..<count {
        if throttle.offer(queries[index % queries.count], at: .milliseconds(100 * index)) != nil { sent += 1 }
      }
    }
    let bare: (String, Duration) -> String? = opaque { value, _ in value }
    var called = 0
    let closure = seconds {
      for index in 0..<count where bare(queries[index % queries.count], .milliseconds(100 * index)) != nil {
        called += 1
      }
    }
    precondition(sent > 0 && sent < count && called == count)
    return (offer / Double(count) * 1e9, closure / Double(count) * 1e9)
  }

  static func run(_ context: Context) -> [Row] {
    let frames = context.count(full: 2_000, quick: 300)
    let offers = context.count(full: 1_000_000, quick: 200_000)
    progress("live: 1,000 results, \(frames) frames per run, best of \(context.runs)")
    // 100 ms after the query went, a 300 ms throttle holds the key: the list stays on screen.
    let held = keystroke(throttle: .milliseconds(300), at: .milliseconds(100))
    // A key that goes at once starts a new search; the list stays, marked as the older query's.
    let sent = keystroke(throttle: .zero, at: .zero)
    let sentNote =
      "a key sent at once (throttle 0), the list kept and marked stale: \(sent.diff) bytes, "
      + String(format: "%.3fx its full redraw", Double(sent.diff) / Double(sent.full))
    let scrolled = scroll()
    // Alternated, so that a burst of load on the machine falls on both sides.
    var (few, many) = (Double.infinity, Double.infinity)
    for _ in 0..<context.runs {
      few = min(few, Self.frames(total: 30, count: frames))
      many = min(many, Self.frames(total: 1_000, count: frames))
    }
    let throttle = (0..<context.runs).map { _ in Self.throttle(count: offers) }
    let offer = throttle.map(\.offer).min() ?? .nan
    let closure = throttle.map(\.closure).min() ?? .nan
    return [
      Row(
        id: "live.keystroke.bytes", scenario: "live: a key held by the throttle, 1,000 results, 120x40",
        ours: Double(held.diff), baseline: Double(held.full), baselineName: "full redraw of the same frame",
        unit: "bytes", target: .atMost(0.2, on: .ratio), note: sentNote),
      Row(
        id: "live.scroll.bytes", scenario: "live: Down at the last row moves the window one row, 1,000 results, 120x40",
        ours: Double(scrolled.diff), baseline: Double(scrolled.full), baselineName: "full redraw of the same frame",
        unit: "bytes", target: .atMost(0.1, on: .ratio),
        note: "without a scroll region (TERM=vt100): \(scrolled.unscrolled) bytes, "
          + String(format: "%.2fx the full redraw", Double(scrolled.unscrolled) / Double(scrolled.full))),
      Row(
        id: "live.frame.1000", scenario: "live: frame + diff after a move, 1,000 results, 120x32", ours: many,
        baseline: few, baselineName: "the same with 30 results", unit: "us/frame", target: .atMost(1.2, on: .ratio)),
      Row(
        id: "live.throttle", scenario: "live: Throttle.offer per keystroke", ours: offer, baseline: closure,
        baselineName: "an opaque closure call", unit: "ns/key", target: nil),
    ] + WidthBench.rows(context)
  }
}
