import GitHubClient
package import LiveTerminal
import ReactorCore
package import ReactorView
import Rendering

/// The event feed as the news feed sample's screen: the events, newest first, a selection, a
/// refresh on `r`, and the next page as the bottom of the list comes near. The same reactor and
/// state as the REPL's `refresh` and `more`.
package final class FeedLiveView: LiveView {
  package static let name = "feed"
  package static let summary = "the public event feed: scroll to load more, r refreshes; Enter prints the event"
  package static let words = (count: 0...0, meaning: "the feed opens with a refresh")
  package static let keys = [
    LiveKeyHelp("Up, Down, Ctrl-P, Ctrl-N, PgUp, PgDn, Home, End, the mouse wheel", "move the selection"),
    LiveKeyHelp("r, Ctrl-R", "refresh"),
    LiveKeyHelp("Enter", "print the selected event's line and exit 0"),
    LiveKeyHelp("Esc, Ctrl-C", "exit 130 with nothing printed"),
  ]

  /// What the View keeps beside the store: the selection and the window.
  struct Screen: Sendable {
    /// The selected event and the rows on screen.
    var list = ListWindow()
    /// The last refresh's answer was a 304, said on the status line until the next refresh.
    var notModified = false
    /// Said on the status line until the next key (a refresh already in flight).
    var note: String?
  }

  private let host: any FeatureHost
  private let store: Store<FeedReactor>
  private let screen: Locked<Screen>

  package init(host: any FeatureHost, context: LiveContext, changed: @escaping @Sendable (String?) -> Void) {
    self.host = host
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

  /// Nothing is throttled.
  package var deadline: Duration? { nil }

  /// The feed holds nothing secret.
  package var isSecretInput: Bool { false }

  package func tick(at now: Duration) { loadAhead() }

  package func cancelAll() { store.cancelAll(resetting: .cancel) }

  // MARK: - Keys

  package func handle(_ key: Key, at now: Duration) -> LiveOutcome {
    let state = store.currentState
    let count = state.items.count
    screen.withLock { $0.note = nil }
    switch key {
    case .escape, .control("c"), .control("g"):
      return .exit(status: 130, output: nil)
    case .enter:
      let selection = screen.withLock { $0.list.selection }
      guard selection < count else {
        screen.withLock { $0.note = "nothing selected" }
        return .stay
      }
      // An event has no URL of its own: what it says is what there is to print.
      return .exit(status: 0, output: FeedText.summary(of: state.items[selection]))
    case .text("r"), .control("r"):
      refresh()
      return .stay
    case _ where screen.withLock({ $0.list.move(key, count: count) }): break
    default: return .stay
    }
    loadAhead()
    return .stay
  }

  /// Page 1 again, the selection back on the newest event; refused, as the reactor would, while
  /// another refresh runs.
  private func refresh() {
    guard !store.currentState.isRefreshing else {
      screen.withLock { $0.note = "a refresh is already in flight" }
      return
    }
    screen.withLock { screen in
      screen.notModified = false
      screen.list.reset()
    }
    store.send(.refresh)
  }

  /// The seeds' scroll rule: when the selection or the window comes within a screenful of the
  /// last loaded row, the next page, one load at a time and never after a failure.
  private func loadAhead() {
    let state = store.currentState
    guard !state.items.isEmpty, state.nextPage != nil, !state.isRefreshing, !state.isLoadingMore, state.error == nil
    else { return }
    if screen.withLock({ $0.list.nearsEnd(of: state.items.count) }) { store.send(.loadMore) }
  }

  // MARK: - Drawing

  package func frame(width: Int, height: Int, at now: Duration) -> Frame {
    let state = store.currentState
    let rows = max(0, height - 1)
    let clock = host.time.now()
    return screen.withLock { screen in
      screen.list.fit(rows: rows, count: state.items.count)
      var lines = eventLines(state, screen: screen, width: width, rows: rows, now: clock)
      while lines.count < height - 1 { lines.append(FrameLine("")) }
      lines.append(Self.clip(status(state, screen: screen), to: width))
      return Frame(width: width, height: height, lines: Array(lines.suffix(height)))
    }
  }

  /// The visible event rows, each the REPL's line for it, laid out to the width.
  private func eventLines(_ state: FeedState, screen: Screen, width: Int, rows: Int, now: Double) -> [FrameLine] {
    guard rows > 0 else { return [] }
    if state.items.isEmpty {
      let hint = state.isRefreshing ? "Loading the newest events..." : state.error != nil ? "" : "No events."
      return [Self.clip(FrameLine(hint, .dim), to: width)]
    }
    let numberWidth = FeedText.numberWidth(count: state.items.count)
    return screen.list.visible(count: state.items.count).map { index in
      row(state.items[index], number: index + 1, numberWidth: numberWidth, width: width, now: now)
        .selected(index == screen.list.selection)
    }
  }

  /// `  12. torvalds pushed to torvalds/linux · 3 min ago`, as `FeedText` lists it: the summary
  /// truncated to the room its number and age leave, the age dropped when too little is left.
  private func row(_ event: Event, number: Int, numberWidth: Int, width: Int, now: Double) -> FrameLine {
    let label = FeedText.label(number: number, width: numberWidth)
    let summary = FeedText.summary(of: event)
    let age = " · " + FeedText.age(of: event, now: now)
    var room = width - TerminalText.width(label) - 1 - TerminalText.width(age)
    var spans = [Span(label, .dim), Span(" ")]
    // Who did what matters more than when, on a terminal too narrow for both.
    if room < 20 {
      room = width - TerminalText.width(label) - 1
      spans.append(Span(TerminalText.truncate(summary, to: room)))
    } else {
      spans += [Span(TerminalText.truncate(summary, to: room)), Span(age, .dim)]
    }
    return Self.clip(FrameLine(spans: spans), to: width)
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
    if let note = screen.note { parts.append(Span(note, .dim)) }
    return FrameLine(joining: parts, separator: Span(" · ", .dim))
  }

  /// `line` cut to `width` columns, so that no row wraps.
  static func clip(_ line: FrameLine, to width: Int) -> FrameLine {
    var left = max(0, width)
    var spans: [Span] = []
    for span in line.spans where left > 0 {
      let text = TerminalText.width(span.text) <= left ? span.text : TerminalText.truncate(span.text, to: left)
      left -= TerminalText.width(text)
      spans.append(Span(text, span.style))
    }
    return FrameLine(spans: spans)
  }
}

extension FrameLine {
  /// The row in reverse video when it is the selection: the selected row reads as one bar, as a
  /// list's selection does.
  fileprivate func selected(_ selected: Bool) -> FrameLine {
    selected ? FrameLine(spans: spans.map { Span($0.text, .reverse) }) : self
  }
}
