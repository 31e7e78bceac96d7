package import FeatureKit
import GitHubClient
package import LiveTerminal
import ReactorCore
import ReactorJSON
import Rendering

/// Repository search as the seed's screen: a search bar whose text reaches the reactor as
/// `updateQuery` through a throttle, a list that loads the next page as its bottom comes near,
/// and a status line. The same reactor (either effect style) and state as the REPL's `query`/`next`.
package final class SearchLiveView: LiveView {
  package static let name = "search"
  package static let summary = "type a query, see results as you type; Enter prints the selection"
  package static let words = (count: 0...Int.max, meaning: "the first query")
  package static let keys = [
    LiveKeyHelp(
      "characters, Backspace, Delete, Left, Right, Ctrl-B, Ctrl-F, Ctrl-A, Ctrl-E",
      "edit the query; Ctrl-D deletes the character under the caret"),
    LiveKeyHelp("Alt-B, Alt-F, Shift-Left, Shift-Right, Ctrl-Left, Ctrl-Right", "move the caret by words"),
    LiveKeyHelp(
      "Ctrl-W, Alt-Backspace, Alt-D, Ctrl-U, Ctrl-Y",
      "delete the word before the caret, the word after it, everything before it; put back what was deleted last"),
    LiveKeyHelp(
      "Up, Down, Ctrl-P, Ctrl-K, Ctrl-N, Ctrl-J, PgUp, PgDn, Home, End, the mouse wheel", "move the selection"),
    LiveKeyHelp("a click, a double click", "select the row under the mouse; a double click does what Enter does"),
    LiveKeyHelp("Enter", "print the selection (with --multi, every marked row, one a line) and exit 0"),
    LiveKeyHelp("Tab, Shift-Tab", "with --multi: mark the selected row and move down; move up and unmark"),
    LiveKeyHelp("?, Shift-Up, Shift-Down", "with --preview: hide or show the pane; scroll it (without it, ? is typed)"),
    LiveKeyHelp("Esc, Ctrl-C, Ctrl-G, Ctrl-Q", "exit 130 with nothing printed; so does Ctrl-D with an empty query"),
    LiveKeyHelp("Ctrl-L", "draw the whole screen again"),
    LiveKeyHelp("Ctrl-O", "open the selection in the browser"),
    LiveKeyHelp("Ctrl-Z", "suspend (fg redraws the view)"),
  ]

  /// What the View keeps beside the store: the search bar, the selection, the throttle.
  struct Screen: Sendable {
    var field = LineField()
    var throttle: Throttle<String>
    /// The selection, the window, the marks, the pane, and a note (an opened URL, nothing to print).
    var picker = Picker<Int, Repository>()
    /// The results on screen: the state as the last answer left it, kept while a newer query's
    /// first page loads, so that the list does not blank on every query.
    var shown = SearchState()
    /// A query a newer one (`by`, nil for an emptied query) replaced while it loaded: said while
    /// that one loads, or stays empty.
    var cancelled: (query: String, by: String?)?
    /// The state the last change left, for checkpoints.
    var loading = false
    /// Queries GitHub answered in this view: sent again, they come from the session's cache
    /// and spend no budget, so they need not wait for it.
    var answered: Set<String> = []
  }

  private let host: any FeatureHost
  private let context: LiveContext
  private let store: Store<SearchReactor>
  private let screen: Locked<Screen>

  package init(host: any FeatureHost, context: LiveContext, changed: @escaping @Sendable (String?) -> Void) {
    self.host = host
    self.context = context
    let screen = Locked(Screen(throttle: Throttle(interval: context.throttle)))
    self.screen = screen
    let style = host.settings.searchStyle
    // Pages GitHub answered are kept for the life of the view: a query typed again is answered
    // from memory, which is why it need not wait for the search budget (`interval(for:)`).
    store = SearchView.makeStore(style, host: host, client: host.client.rememberingSearches()) { state in
      let busy = state.isLoading || state.isLoadingNextPage
      let finished = screen.withLock { screen in
        defer { screen.loading = busy }
        if !busy, let query = state.query, state.lastError == nil { screen.answered.insert(query) }
        if !state.isLoading {
          // Another query's answer: the selection starts again at its first row, and the marks
          // made in the list it replaces go with it.
          if state.query != screen.shown.query {
            screen.picker.replaced(because: "a new query")
          }
          screen.shown = state
        }
        return screen.loading && !busy
      }
      guard finished else { return changed(nil) }
      if let error = state.lastError { return changed("error: \(error.code)") }
      changed("loaded \(state.repos.count)" + (state.totalCount.map { " of \($0)" } ?? ""))
    }
  }

  /// The store's state now.
  var state: SearchState { store.currentState }

  package func start(at now: Duration) {
    let query = context.arguments.joined(separator: " ")
    screen.withLock { $0.field = LineField(query) }
    guard !query.trimmingWhitespace.isEmpty else { return }
    screen.withLock { $0.throttle.noteSent(query, at: now) }
    _ = store.send(.updateQuery(query), tag: nil)
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
    store.cancelAll(resetting: .cancel)
  }

  // MARK: - Keys

  package func handle(_ key: Key, at now: Duration) -> LiveOutcome {
    // The list on screen, which Enter and the movement keys act on, even while a newer query loads.
    let (repos, selection) = screen.withLock { screen in
      screen.picker.note = nil
      return (screen.shown.repos, screen.picker.list.selection)
    }
    switch key {
    case .escape, .control("c"), .control("g"), .control("q"):
      return .exit(status: 130, output: nil)
    // fzf's Ctrl-D: the character under the caret, or, with nothing typed, leaving.
    case .control("d") where screen.withLock({ $0.field.text.isEmpty }):
      return .exit(status: 130, output: nil)
    case .enter:
      return accept()
    case .tab where context.multi, .backTab where context.multi:
      screen.withLock { screen in
        // The list on screen, as it is under the lock that moves its selection.
        let repos = screen.shown.repos
        screen.picker.mark(key, count: repos.count) { (repos[$0].id, repos[$0]) }
      }
    case .text("?") where context.preview:
      screen.withLock { $0.picker.previewShown.toggle() }
      return .stay
    case .shiftUp, .shiftDown:
      screen.withLock { $0.picker.scrollPreview(key) }
      return .stay
    case .click(let row, let column):
      // The list starts under the search bar.
      if screen.withLock({ $0.picker.click(row: row, column: column, top: 1, count: $0.shown.repos.count, at: now) }) {
        return accept()
      }
    case .control("o"):
      guard selection < repos.count else { return .stay }
      let url = repos[selection].url
      let note = host.open(url) ? "opened \(url)" : "no browser to open \(url)"
      screen.withLock { $0.picker.note = note }
      return .stay
    case _ where screen.withLock({ $0.picker.list.move(key, count: repos.count) }): break
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

  /// Enter (or a double click): every marked repository, else the selection of the list on
  /// screen, even while a newer query loads (the list is marked as the older query's).
  private func accept() -> LiveOutcome {
    let (repos, selection, marked) = screen.withLock {
      ($0.shown.repos, $0.picker.list.selection, $0.picker.marks.inOrder)
    }
    if !marked.isEmpty { return .exit(status: 0, output: marked.map(printed).joined(separator: "\n")) }
    guard selection < repos.count else {
      screen.withLock { $0.picker.note = "nothing selected" }
      return .stay
    }
    return .exit(status: 0, output: printed(repos[selection]))
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
    let state = store.currentState
    let query = query.trimmingWhitespace
    if state.isLoading, let stale = state.query, stale != query {
      screen.withLock { $0.cancelled = (stale, query.isEmpty ? nil : query) }
    }
    _ = store.send(.updateQuery(query), tag: nil)
  }

  /// The seeds' scroll rule: when the selection or the window comes within a screenful of the
  /// last loaded row, the next page, one load at a time and never after a failure.
  private func loadAhead() {
    let state = store.currentState
    guard state.query != nil, state.nextPage != nil, !state.isLoading, !state.isLoadingNextPage,
      state.lastError == nil
    else { return }
    if screen.withLock({ $0.picker.list.nearsEnd(of: state.repos.count) }) { _ = store.send(.loadNextPage, tag: nil) }
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
    let state = store.currentState
    return screen.withLock { screen in
      let prompt = "search> "
      let promptWidth = TerminalText.width(prompt)
      // The query scrolls within what the prompt leaves, so that the caret is always in view.
      let field = screen.field.window(columns: width - promptWidth) {
        TerminalText.sanitize(String($0), keepTab: false)
      }
      var lines = [FrameLine(spans: [Span(prompt, .accent), Span(field.text)]).truncated(to: width)]
      // The status line wraps, up to a third of the screen, rather than cut what it says.
      let statusLines =
        height > 1 ? status(state, screen: screen, now: now).wrapped(to: width, rows: max(1, (height - 1) / 3)) : []
      let rows = max(0, height - 1 - statusLines.count)
      let layout = PreviewLayout(width: width, rows: rows, shown: context.preview && screen.picker.previewShown)
      screen.picker.layout = layout
      screen.picker.list.fit(rows: layout.listRows, count: screen.shown.repos.count)
      let list = resultLines(state, screen: screen, width: layout.listWidth, rows: layout.listRows)
      lines += layout.compose(list: list, pane: previewLines(screen: &screen, layout: layout))
      while lines.count < height - statusLines.count { lines.append(FrameLine("")) }
      lines += statusLines
      return Frame(
        width: width, height: height, lines: lines,
        cursor: Position(row: 0, column: min(promptWidth + field.caret, width - 1)))
    }
  }

  /// The query typed, as the reactor gets it (nil when empty).
  private static func query(of field: LineField) -> String? {
    let query = field.text.trimmingWhitespace
    return query.isEmpty ? nil : query
  }

  /// The list on screen answers another query than the one typed: an older one, kept until the
  /// typed one is answered.
  private static func isStale(_ screen: Screen) -> Bool {
    !screen.shown.repos.isEmpty && screen.shown.query != query(of: screen.field)
  }

  /// The visible result rows, laid out as the REPL lists results at this width.
  private func resultLines(_ state: SearchState, screen: Screen, width: Int, rows: Int) -> [FrameLine] {
    guard rows > 0 else { return [] }
    let list = screen.shown
    if list.repos.isEmpty {
      let hint =
        if state.query == nil {
          "Type a query (GitHub's syntax: swift language:swift stars:>1000)."
        } else if state
          .isLoading
        { "Searching..." } else if state.lastError != nil { "" } else { "No results." }
      return [FrameLine(hint, .dim).truncated(to: width)]
    }
    let shown = screen.picker.list.visible(count: list.repos.count)
    // Widths from what the screen allows and how many results there can be, never from the
    // rows loaded so far, so that no column moves when a page lands.
    let most = min(max(list.repos.count, list.totalCount ?? 0), gitHubSearchResultCap)
    let numberWidth = max(4, String(most).count + 1)
    let layout = ListLayout(width: width, numberWidth: numberWidth + 1, longestName: Self.nameRoom)
    let stale = Self.isStale(screen)
    return shown.map { index in
      row(
        list.repos[index], number: index + 1, numberWidth: numberWidth, layout: layout,
        selection: index == screen.picker.list.selection ? (stale ? .staleSelection : .reverse) : nil,
        marked: screen.picker.marks.contains(list.repos[index].id))
    }
  }

  /// The widest name column, when the screen is wide enough for it (most full names fit).
  private static let nameRoom = 40

  private func row(
    _ repository: Repository, number: Int, numberWidth: Int, layout: ListLayout, selection: CellStyle?, marked: Bool
  ) -> FrameLine {
    let digits = String(number)
    // A mark takes the first column, which the number's padding always leaves blank.
    let padding = String(repeating: " ", count: max(0, numberWidth - digits.count - (marked ? 1 : 0)))
    var spans = marked ? [Span("+", .accent)] : []
    spans.append(Span(padding + digits + ". ", .dim))
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
    return selection.map { style in FrameLine(spans: spans.map { Span($0.text, style) }) } ?? FrameLine(spans: spans)
  }

  /// Counts, the query an older list answers, loading, the budget, the last error, a cancelled
  /// query, and why a query waits.
  private func status(_ state: SearchState, screen: Screen, now: Duration) -> FrameLine {
    var parts: [Span] = []
    let list = screen.shown
    if !list.repos.isEmpty || list.totalCount != nil {
      let total = list.totalCount.map { " of \(TerminalText.compactNumber($0))" } ?? ""
      parts.append(Span("\(list.repos.count)\(total)"))
    }
    let stale = Self.isStale(screen)
    if stale, let query = list.query {
      parts.append(Span("results for \"\(TerminalText.sanitize(query, keepTab: false))\"", .warning))
    }
    if state.isLoading { parts.append(Span("searching...", .accent)) }
    if state.isLoadingNextPage { parts.append(Span("loading more...", .accent)) }
    if !stale, state.query != nil, !state.isLoading, !state.isLoadingNextPage, state.nextPage == nil,
      state.lastError == nil, !state.repos.isEmpty
    {
      parts.append(
        Span(
          state.repos.count >= gitHubSearchResultCap
            ? "GitHub's 1,000-result cap reached" : "last page", .dim))
    }
    // True while the query that replaced it loads, or while the query stays empty.
    if let cancelled = screen.cancelled, state.query == cancelled.by, state.isLoading || cancelled.by == nil {
      parts.append(Span("cancelled: " + TerminalText.sanitize(cancelled.query, keepTab: false), .warning))
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
    parts += screen.picker.status
    return FrameLine(joining: parts, separator: Span(" · ", .dim))
  }

  /// The pane's lines: the whole record, as the search answered it, of the repository selected
  /// in the list on screen, scrolled as Shift-Up and Shift-Down left it for that repository.
  private func previewLines(screen: inout Screen, layout: PreviewLayout) -> [FrameLine] {
    guard layout.placement != nil else { return [] }
    let (repos, selection) = (screen.shown.repos, screen.picker.list.selection)
    guard selection < repos.count else { return [FrameLine("Nothing selected.", .dim)] }
    let repository = repos[selection]
    return screen.picker.previewLines(of: repository.id, Self.record(repository).lines(width: layout.paneWidth))
  }

  /// A repository as the preview shows it.
  static func record(_ repository: Repository) -> PreviewRecord {
    let details = repository.details
    let fields: [PreviewRecord.Field?] = [
      repository.language.map { .init("Language", $0) }, .init("Stars", PreviewRecord.number(repository.stars)),
      details.forks.map { .init("Forks", PreviewRecord.number($0)) },
      details.openIssues.map { .init("Open issues", PreviewRecord.number($0)) }, .init("Topics", details.topics),
      details.license.map { .init("Licence", $0) }, details.createdAt.map { .init("Created", PreviewRecord.day($0)) },
      details.pushedAt.map { .init("Pushed", PreviewRecord.day($0)) }, details.homepage.map { .init("Homepage", $0) },
      .init("URL", repository.url),
    ]
    return PreviewRecord(title: repository.fullName, prose: repository.description, fields: fields.compactMap { $0 })
  }
}
