package import FeatureKit
import GitHubClient
package import LiveTerminal
import ReactorCore
import Rendering

/// The event feed as the news feed sample's screen: the events, newest first, a selection, a
/// refresh on `r`, and the next page as the bottom of the list comes near. The same reactor and
/// state as the REPL's `refresh` and `more`.
package final class FeedLiveView: LiveView {
  package static let name = "feed"
  package static let summary = "the public event feed: scroll to load more, r refreshes; Enter prints the event"
  package static let words = (count: 0...0, meaning: "the feed opens with a refresh")
  package static let keys = [
    LiveKeyHelp(
      "Up, Down, Ctrl-P, Ctrl-K, Ctrl-N, Ctrl-J, PgUp, PgDn, Home, End, the mouse wheel", "move the selection"),
    LiveKeyHelp("a click, a double click", "select the row under the mouse; a double click does what Enter does"),
    LiveKeyHelp("r, Ctrl-R", "refresh"),
    LiveKeyHelp("Enter", "print the selected event's line (with --multi, every marked event's) and exit 0"),
    LiveKeyHelp("Tab, Shift-Tab", "with --multi: mark and unmark, as in search; a refresh drops the marks"),
    LiveKeyHelp("?, Shift-Up, Shift-Down", "with --preview: hide or show the pane; scroll it"),
    LiveKeyHelp("Esc, Ctrl-C, Ctrl-G, Ctrl-Q", "exit 130 with nothing printed"),
    LiveKeyHelp("Ctrl-L", "draw the whole screen again"),
  ]

  /// What the View keeps beside the store: the picker, and what the status line says of it.
  struct Screen: Sendable {
    /// The selection, the window, the marks and the pane (a refresh in flight is its note).
    var picker = Picker<String, Event>()
    /// The last refresh's answer was a 304, said on the status line until the next refresh.
    var notModified = false
    /// When an age on screen next changes (time since the view opened), as the last frame found.
    var ageChanges: Duration?
  }

  private let host: any FeatureHost
  private let context: LiveContext
  private let store: Store<FeedReactor>
  private let screen: Locked<Screen>

  package init(host: any FeatureHost, context: LiveContext, changed: @escaping @Sendable (String?) -> Void) {
    self.host = host
    self.context = context
    let screen = Locked(Screen())
    self.screen = screen
    // The REPL View's store, so `--json-log` gets the NDJSON the REPL prints.
    store = FeedView.makeStore(host: host) { mutation, state in
      switch mutation {
      case .setEvents, .appendEvents: changed("loaded \(state.items.count)")
      case .setNotModified:
        screen.withLock { $0.notModified = true }
        changed("no new events")
      case .setError: changed("error: \(state.error?.code ?? "unknown")")
      default: changed(nil)
      }
    }
  }

  /// The store's state now.
  var state: FeedState { store.currentState }

  package func start(at now: Duration) { refresh() }

  /// Nothing is throttled, but the ages on screen change as time passes: the screen is drawn
  /// again when the next one does.
  package var deadline: Duration? { screen.withLock { $0.ageChanges } }

  /// The feed holds nothing secret.
  package var isSecretInput: Bool { false }

  package func tick(at now: Duration) { loadAhead() }

  package func cancelAll() { store.cancelAll(resetting: .cancel) }

  // MARK: - Keys

  package func handle(_ key: Key, at now: Duration) -> LiveOutcome {
    let state = store.currentState
    let count = state.items.count
    screen.withLock { $0.picker.note = nil }
    switch key {
    case .escape, .control("c"), .control("g"), .control("q"):
      return .exit(status: 130, output: nil)
    case .enter:
      return accept(state)
    case .text("r"), .control("r"):
      refresh()
      return .stay
    case .tab where context.multi, .backTab where context.multi:
      screen.withLock { $0.picker.mark(key, count: count) { (state.items[$0].id, state.items[$0]) } }
    case .text("?") where context.preview:
      screen.withLock { $0.picker.previewShown.toggle() }
      return .stay
    case .shiftUp, .shiftDown:
      screen.withLock { $0.picker.scrollPreview(key) }
      return .stay
    case .click(let row, let column):
      // The list starts on the first row.
      if screen.withLock({ $0.picker.click(row: row, column: column, top: 0, count: count, at: now) }) {
        return accept(state)
      }
    case _ where screen.withLock({ $0.picker.list.move(key, count: count) }): break
    default: return .stay
    }
    loadAhead()
    return .stay
  }

  /// Enter (or a double click): every marked event, else the selection. An event has no URL of
  /// its own: what it says is what there is to print.
  private func accept(_ state: FeedState) -> LiveOutcome {
    let (selection, marked) = screen.withLock { ($0.picker.list.selection, $0.picker.marks.inOrder) }
    if !marked.isEmpty { return .exit(status: 0, output: marked.map(FeedText.summary(of:)).joined(separator: "\n")) }
    guard selection < state.items.count else {
      screen.withLock { $0.picker.note = "nothing selected" }
      return .stay
    }
    return .exit(status: 0, output: FeedText.summary(of: state.items[selection]))
  }

  /// Page 1 again, the selection back on the newest event; refused, as the reactor would, while
  /// another refresh runs. The marks go: the list they were made in is gone.
  private func refresh() {
    guard !store.currentState.isRefreshing else {
      screen.withLock { $0.picker.note = "a refresh is already in flight" }
      return
    }
    screen.withLock { screen in
      screen.notModified = false
      screen.picker.replaced(because: "a refresh")
    }
    store.send(.refresh)
  }

  /// The seeds' scroll rule: when the selection or the window comes within a screenful of the
  /// last loaded row, the next page, one load at a time and never after a failure.
  private func loadAhead() {
    let state = store.currentState
    guard !state.items.isEmpty, state.nextPage != nil, !state.isRefreshing, !state.isLoadingMore, state.error == nil
    else { return }
    if screen.withLock({ $0.picker.list.nearsEnd(of: state.items.count) }) { store.send(.loadMore) }
  }

  // MARK: - Drawing

  package func frame(width: Int, height: Int, at now: Duration) -> Frame {
    let state = store.currentState
    let clock = host.time.now()
    return screen.withLock { screen in
      // The status line wraps, up to a third of the screen, rather than cut what it says.
      let statusLines = status(state, screen: screen).wrapped(to: width, rows: max(1, height / 3))
      let rows = max(0, height - statusLines.count)
      let layout = PreviewLayout(width: width, rows: rows, shown: context.preview && screen.picker.previewShown)
      screen.picker.layout = layout
      screen.picker.list.fit(rows: layout.listRows, count: state.items.count)
      let list = eventLines(state, screen: screen, width: layout.listWidth, rows: layout.listRows, now: clock)
      var lines = layout.compose(list: list, pane: previewLines(state, screen: &screen, layout: layout, now: clock))
      while lines.count < rows { lines.append(FrameLine("")) }
      lines += statusLines
      screen.ageChanges = Self.ageChanges(
        of: state.items, shown: screen.picker.list.visible(count: state.items.count), clock: clock, at: now)
      return Frame(width: width, height: height, lines: Array(lines.suffix(height)))
    }
  }

  /// When the first age among the rows `shown` changes, in time since the view opened (`now`
  /// when `clock` was read), a millisecond late rather than early.
  private static func ageChanges(of events: TrackedArray<Event>, shown: Range<Int>, clock: Double, at now: Duration)
    -> Duration?
  {
    let next = shown.compactMap { FeedText.ageChanges(of: events[$0], now: clock) }.min()
    guard let next else { return nil }
    let milliseconds = max(1, Int64(((next - clock) * 1000).rounded(.up)))
    return now + .milliseconds(milliseconds)
  }

  /// The visible event rows, each the REPL's line for it, laid out to the width.
  private func eventLines(_ state: FeedState, screen: Screen, width: Int, rows: Int, now: Double) -> [FrameLine] {
    guard rows > 0 else { return [] }
    if state.items.isEmpty {
      let hint = state.isRefreshing ? "Loading the newest events..." : state.error != nil ? "" : "No events."
      return [FrameLine(hint, .dim).truncated(to: width)]
    }
    let numberWidth = FeedText.numberWidth(count: state.items.count)
    return screen.picker.list.visible(count: state.items.count).map { index in
      row(
        state.items[index], number: index + 1, numberWidth: numberWidth, width: width, now: now,
        marked: screen.picker.marks.contains(state.items[index].id)
      )
      .selected(index == screen.picker.list.selection)
    }
  }

  /// `  12. torvalds pushed to torvalds/linux · 3 min ago`, as `FeedText` lists it: the summary
  /// truncated to the room its number and age leave, the age dropped when too little is left.
  private func row(_ event: Event, number: Int, numberWidth: Int, width: Int, now: Double, marked: Bool) -> FrameLine {
    var label = FeedText.label(number: number, width: numberWidth)
    let summary = FeedText.summary(of: event)
    let age = " · " + FeedText.age(of: event, now: now)
    var room = width - TerminalText.width(label) - 1 - TerminalText.width(age)
    // A mark takes the first column, which the number's padding always leaves blank.
    if marked { label.removeFirst() }
    var spans = (marked ? [Span("+", .accent)] : []) + [Span(label, .dim), Span(" ")]
    // Who did what matters more than when, on a terminal too narrow for both.
    if room < 20 {
      room = width - TerminalText.width(label) - 1
      spans.append(Span(TerminalText.truncate(summary, to: room)))
    } else {
      spans += [Span(TerminalText.truncate(summary, to: room)), Span(age, .dim)]
    }
    return FrameLine(spans: spans).truncated(to: width)
  }

  /// How many events, loading, the end, a 304, the last error.
  private func status(_ state: FeedState, screen: Screen) -> FrameLine {
    var parts: [Span] = []
    if !state.items.isEmpty { parts.append(Span(state.items.count == 1 ? "1 event" : "\(state.items.count) events")) }
    if state.isRefreshing { parts.append(Span("refreshing...", .accent)) }
    if state.isLoadingMore { parts.append(Span("loading more...", .accent)) }
    if !state.items.isEmpty, state.nextPage == nil, !state.isRefreshing, !state.isLoadingMore, state.error == nil {
      parts.append(Span("no more events", .dim))
    }
    if screen.notModified, !state.isRefreshing { parts.append(Span("no new events", .dim)) }
    if let error = state.error {
      parts.append(Span("error: " + TerminalText.sanitize(error.message, keepTab: false), .error))
    }
    parts += screen.picker.status
    return FrameLine(joining: parts, separator: Span(" · ", .dim))
  }

  /// The pane's lines: the selected event's whole record, scrolled as Shift-Up and Shift-Down
  /// left it for that event.
  private func previewLines(_ state: FeedState, screen: inout Screen, layout: PreviewLayout, now: Double)
    -> [FrameLine]
  {
    guard layout.placement != nil else { return [] }
    let selection = screen.picker.list.selection
    guard selection < state.items.count else { return [FrameLine("Nothing selected.", .dim)] }
    let event = state.items[selection]
    return screen.picker.previewLines(of: event.id, Self.record(event, now: now).lines(width: layout.paneWidth))
  }

  /// An event as the preview shows it: everything the feed keeps of it.
  static func record(_ event: Event, now: Double) -> PreviewRecord {
    let when =
      event.createdAt.isFinite && abs(event.createdAt) < 1e12
      ? ISO8601UTC.string(fromEpochSeconds: Int(event.createdAt)) + " (" + FeedText.age(of: event, now: now) + ")" : ""
    let fields: [PreviewRecord.Field?] = [
      .init("Type", event.type), .init("Actor", event.actor), .init("Repository", event.repository),
      event.detail.map { .init("Detail", $0) }, .init("Created", when), .init("Event id", event.id),
    ]
    return PreviewRecord(title: FeedText.summary(of: event), fields: fields.compactMap { $0 })
  }
}

extension FrameLine {
  /// The row in reverse video when it is the selection: the selected row reads as one bar, as a
  /// list's selection does.
  fileprivate func selected(_ selected: Bool) -> FrameLine {
    selected ? FrameLine(spans: spans.map { Span($0.text, .reverse) }) : self
  }
}
