import GitHubClient
package import LiveTerminal
import ReactorCore
import ReactorJSON
package import ReactorView
import Rendering

/// Repository search as the seed's screen: a search bar whose text reaches the reactor as
/// `updateQuery` through a throttle, a list that loads the next page as its bottom comes near,
/// and a status line. The same reactors (either engine) and state as the REPL's `query`/`next`.
package final class SearchLiveView: LiveView {
  package static let name = "search"
  package static let summary = "type a query, see results as you type; Enter prints the selection"
  package static let words = (count: 0...Int.max, meaning: "the first query")
  package static let keys = [
    LiveKeyHelp(
      "characters, Backspace, Delete, Left, Right, Ctrl-A, Ctrl-E, Ctrl-W, Ctrl-U, Ctrl-K", "edit the query"),
    LiveKeyHelp("Up, Down, Ctrl-P, Ctrl-N, PgUp, PgDn, Home, End, the mouse wheel", "move the selection"),
    LiveKeyHelp("Enter", "print the selection and exit 0"),
    LiveKeyHelp("Esc, Ctrl-C", "exit 130 with nothing printed"),
    LiveKeyHelp("Ctrl-O", "open the selection in the browser"),
    LiveKeyHelp("Ctrl-Z", "suspend (fg redraws the view)"),
  ]

  /// What the View keeps beside the store: the search bar, the selection, the throttle.
  struct Screen: Sendable {
    var field = LineField()
    var throttle: Throttle<String>
    /// The selected result and the rows on screen.
    var list = ListWindow()
    /// A query a newer one replaced while it loaded.
    var cancelled: String?
    /// Said on the status line until the next key (an opened URL, nothing to print).
    var note: String?
    /// The state the last change left, for checkpoints.
    var loading = false
    /// Queries GitHub answered in this view: sent again, they come from the session's cache
    /// and spend no budget, so they need not wait for it.
    var answered: Set<String> = []
  }

  private let host: any FeatureHost
  private let context: LiveContext
  private let engine: SearchEngine
  private let screen: Locked<Screen>

  package init(host: any FeatureHost, context: LiveContext, changed: @escaping @Sendable (String?) -> Void) {
    self.host = host
    self.context = context
    let screen = Locked(Screen(throttle: Throttle(interval: context.throttle)))
    self.screen = screen
    let kind = SearchEngineKind(rawValue: host.settings.engine) ?? .reactor
    engine = SearchView.makeEngine(kind, host: host) { state in
      let busy = state.isLoading || state.isLoadingNextPage
      let finished = screen.withLock { screen in
        defer { screen.loading = busy }
        if !busy, let query = state.query, state.lastError == nil { screen.answered.insert(query) }
        return screen.loading && !busy
      }
      guard finished else { return changed(nil) }
      if let error = state.lastError { return changed("error: \(error.code)") }
      changed("loaded \(state.repos.count)" + (state.totalCount.map { " of \($0)" } ?? ""))
    }
  }

  /// The store's state now.
  var state: SearchState { engine.state }

  package func start(at now: Duration) {
    let query = context.arguments.joined(separator: " ")
    screen.withLock { $0.field = LineField(query) }
    guard !query.trimmingWhitespace.isEmpty else { return }
    screen.withLock { $0.throttle.noteSent(query, at: now) }
    _ = engine.query(query, tag: nil)
  }

  package var deadline: Duration? { screen.withLock { $0.throttle.deadline } }

  /// A search bar holds nothing secret.
  package var isSecretInput: Bool { false }

  package func tick(at now: Duration) {
    let due = screen.withLock { screen in
      screen.throttle.interval = interval(for: screen.throttle.pending, screen: screen)
      return screen.throttle.tick(at: now)
    }
    if let due { send(due) }
    loadAhead()
  }

  package func cancelAll() {
    screen.withLock { $0.throttle.drop() }
    engine.cancelAll()
  }

  // MARK: - Keys

  package func handle(_ key: Key, at now: Duration) -> LiveOutcome {
    let state = engine.state
    screen.withLock { $0.note = nil }
    switch key {
    case .escape, .control("c"), .control("g"):
      return .exit(status: 130, output: nil)
    case .enter:
      let selection = screen.withLock { $0.list.selection }
      guard selection < state.repos.count else {
        screen.withLock { $0.note = "nothing selected" }
        return .stay
      }
      return .exit(status: 0, output: printed(state.repos[selection]))
    case .control("o"):
      let selection = screen.withLock { $0.list.selection }
      guard selection < state.repos.count else { return .stay }
      let url = state.repos[selection].url
      let note = host.open(url) ? "opened \(url)" : "no browser to open \(url)"
      screen.withLock { $0.note = note }
      return .stay
    case _ where screen.withLock({ $0.list.move(key, count: state.repos.count) }): break
    default:
      let sent = screen.withLock { screen -> String? in
        let before = screen.field.text
        guard screen.field.edit(key), screen.field.text != before else { return nil }
        screen.throttle.interval = interval(for: screen.field.text.trimmingWhitespace, screen: screen)
        return screen.throttle.offer(screen.field.text.trimmingWhitespace, at: now)
      }
      if let sent { send(sent) }
      return .stay
    }
    loadAhead()
    return .stay
  }

  /// What Enter prints for `repository` (`--print`).
  private func printed(_ repository: Repository) -> String {
    switch context.printed {
    case .name: repository.fullName
    case .url: repository.url
    case .json: repository.jsonValue.jsonText
    }
  }

  /// Sends `query` to the reactor; a load it replaces is shown as cancelled.
  private func send(_ query: String) {
    let state = engine.state
    screen.withLock { screen in
      // Said until a newer query replaces another in flight.
      if state.isLoading, let stale = state.query, stale != query.trimmingWhitespace { screen.cancelled = stale }
      screen.list.reset()
    }
    _ = engine.query(query, tag: nil)
  }

  /// The seeds' scroll rule: when the selection or the window comes within a screenful of the
  /// last loaded row, the next page, one load at a time and never after a failure.
  private func loadAhead() {
    let state = engine.state
    guard state.query != nil, state.nextPage != nil, !state.isLoading, !state.isLoadingNextPage,
      state.lastError == nil
    else { return }
    if screen.withLock({ $0.list.nearsEnd(of: state.repos.count) }) { _ = engine.next(tag: nil) }
  }

  /// The throttle's interval for `query`: the budget's spread, unless GitHub answered it before.
  private func interval(for query: String?, screen: Screen) -> Duration {
    if let query, screen.answered.contains(query.trimmingWhitespace) { return context.throttle }
    guard let budget = context.budget("search") else { return context.throttle }
    return budgetInterval(
      base: context.throttle, remaining: budget.remaining, resetsIn: Double(budget.resetsIn(now: host.time.now())))
  }

  // MARK: - Drawing

  package func frame(width: Int, height: Int, at now: Duration) -> Frame {
    let state = engine.state
    let rows = max(0, height - 2)
    return screen.withLock { screen in
      screen.list.fit(rows: rows, count: state.repos.count)
      let prompt = "search> "
      var lines = [FrameLine(spans: [Span(prompt, .accent), Span(screen.field.text)])]
      let caretColumn =
        TerminalText.width(prompt) + TerminalText.width(String(screen.field.characters[..<screen.field.caret]))
      lines += resultLines(state, screen: screen, width: width, rows: rows)
      while lines.count < height - 1 { lines.append(FrameLine("")) }
      if height > 1 { lines.append(status(state, screen: screen, now: now)) }
      return Frame(
        width: width, height: height, lines: lines, cursor: Position(row: 0, column: min(caretColumn, width - 1)))
    }
  }

  /// The visible result rows, laid out as the REPL lists results at this width.
  private func resultLines(_ state: SearchState, screen: Screen, width: Int, rows: Int) -> [FrameLine] {
    guard rows > 0 else { return [] }
    if state.repos.isEmpty {
      let hint =
        if state.query == nil {
          "Type a query (GitHub's syntax: swift language:swift stars:>1000)."
        } else if state
          .isLoading
        { "Searching..." } else if state.lastError != nil { "" } else { "No results." }
      return [FrameLine(hint, .dim)]
    }
    let shown = screen.list.visible(count: state.repos.count)
    let numberWidth = max(4, String(state.repos.count).count + 1)
    var longest = 0
    for index in shown {
      longest = max(longest, TerminalText.width(TerminalText.sanitize(state.repos[index].fullName, keepTab: false)))
    }
    let layout = ListLayout(width: width, numberWidth: numberWidth + 1, longestName: longest)
    return shown.map { index in
      row(
        state.repos[index], number: index + 1, numberWidth: numberWidth, layout: layout,
        selected: index == screen.list.selection)
    }
  }

  private func row(_ repository: Repository, number: Int, numberWidth: Int, layout: ListLayout, selected: Bool)
    -> FrameLine
  {
    let digits = String(number)
    var spans = [Span(String(repeating: " ", count: max(0, numberWidth - digits.count)) + digits + ". ", .dim)]
    var text = TerminalText.pad(
      TerminalText.truncate(TerminalText.sanitize(repository.fullName, keepTab: false), to: layout.name),
      to: layout.name)
    spans.append(Span(text, .bold))
    if layout.stars {
      spans.append(Span(" ★ " + TerminalText.pad(TerminalText.compactNumber(repository.stars), to: 6), .warning))
    }
    if layout.language {
      let language = TerminalText.sanitize(repository.language ?? "", keepTab: false)
      spans.append(Span(" " + TerminalText.pad(TerminalText.truncate(language, to: 11), to: 11), .accent))
    }
    if layout.description >= 10, let description = repository.description, !description.isEmpty {
      text = TerminalText.truncate(TerminalText.sanitize(description, keepTab: false), to: layout.description)
      spans.append(Span(" " + text))
    }
    while let last = spans.last, last.text.hasSuffix(" ") {
      let trimmed = String(last.text.reversed().drop { $0 == " " }.reversed())
      spans[spans.count - 1].text = trimmed
      if trimmed.isEmpty { spans.removeLast() }
    }
    // The selected row reads as one bar, as a list's selection does.
    return selected ? FrameLine(spans: spans.map { Span($0.text, .reverse) }) : FrameLine(spans: spans)
  }

  /// Counts, loading, the budget, the last error, a cancelled query, and why a query waits.
  private func status(_ state: SearchState, screen: Screen, now: Duration) -> FrameLine {
    var parts: [Span] = []
    if !state.repos.isEmpty || state.totalCount != nil {
      let total = state.totalCount.map { " of \(TerminalText.compactNumber($0))" } ?? ""
      parts.append(Span("\(state.repos.count)\(total)"))
    }
    if state.isLoading { parts.append(Span("searching...", .accent)) }
    if state.isLoadingNextPage { parts.append(Span("loading more...", .accent)) }
    if state.query != nil, !state.isLoading, !state.isLoadingNextPage, state.nextPage == nil, state.lastError == nil,
      !state.repos.isEmpty
    {
      parts.append(
        Span(
          state.repos.count >= gitHubSearchResultCap
            ? "GitHub's 1,000-result cap reached" : "last page", .dim))
    }
    if let cancelled = screen.cancelled {
      parts.append(Span("cancelled: " + TerminalText.sanitize(cancelled, keepTab: false), .warning))
    }
    if let pending = screen.throttle.pending, let deadline = screen.throttle.deadline,
      screen.throttle.interval > context.throttle
    {
      let seconds = max(0, (deadline - now).seconds)
      let waited = TerminalText.sanitize(pending, keepTab: false)
      parts.append(Span("\"\(waited)\" waits \(Int(seconds.rounded(.up)))s to spare the search budget", .warning))
    }
    if let budget = context.budget("search") {
      let resets = budget.resetsIn(now: host.time.now())
      parts.append(
        Span("budget \(budget.remaining)/\(budget.limit), resets in \(resets)s", budget.isLow ? .warning : .dim))
    }
    if let error = state.lastError {
      parts.append(Span("error: " + TerminalText.sanitize(error.message, keepTab: false), .error))
    }
    if let note = screen.note { parts.append(Span(note, .dim)) }
    return FrameLine(joining: parts, separator: Span(" · ", .dim))
  }
}
