import GitHubClient
package import ReactorCore
package import ReactorJSON
package import Rendering

/// Text and NDJSON rendering of search transitions.
package struct SearchText: Sendable {
  package let records: Records
  var options: RenderOptions { records.options }
  var style: Style { records.style }

  package init(options: RenderOptions) { records = Records(options: options) }

  /// The lines for one transition, given the state after it. (Generic: the benchmark renders a
  /// reactor of its own that has search's types.)
  package func render<R: Reactor>(_ transition: StateTransition<R>, state: SearchState) -> [OutputLine]
  where R.State == SearchState, R.Action == SearchReactor.Action, R.Mutation == SearchReactor.Mutation {
    guard let mutation = transition.mutation else {
      return records.restore(feature: "search", seq: transition.seq, patch: transition.changes) { restored(state) }
    }
    return render(
      mutation, seq: transition.seq, changes: transition.changes, state: state,
      command: transition.action?.caseName)
  }

  /// The lines for one committed mutation, made by the command `command` (nil for none: the
  /// feedback of a restored state). A stale answer of the feedback style, which `reduce`
  /// dropped, prints nothing in text mode and no error record.
  package func render(
    _ mutation: SearchReactor.Mutation, seq: UInt64, changes: Patch, state: SearchState, command: String?
  ) -> [OutputLine] {
    let applied = mutation.answeredRequest.map(state.applied) ?? true
    if options.mode == .json {
      let failure =
        switch mutation {
        case .setError, .failed: applied ? state.lastError : nil
        default: GitHubFailure?.none
        }
      return records.transition(
        feature: "search", seq: seq, action: command, mutation: mutation.caseName, patch: changes,
        failure: failure.map { ($0.code, $0.message) }, failureDetails: failure?.details)
    }
    guard applied else { return [] }
    return text(for: mutation, patch: changes, state: state)
  }

  /// The text lines for a mutation that `reduce` applied, given its patch and the state after it.
  func text(
    for mutation: SearchReactor.Mutation, patch: Patch, state: SearchState
  ) -> [OutputLine] {
    switch mutation {
    case .setQuery(let query):
      // No /query operation means the query did not change (the same search again).
      let old = patch.operations.first { $0.path == "/query" }.map { $0.oldValue ?? .null } ?? query.jsonValue
      let oldText: String? = if case .string(let text) = old { text } else { nil }
      // A first query reads as a setting, not a change from nothing.
      guard let oldText else { return [OutputLine(.out, "query: \(TerminalText.quoted(query))")] }
      return [OutputLine(.out, "query: \(TerminalText.quoted(oldText)) -> \(TerminalText.quoted(query))")]
    case .response(let page, let request):
      return text(for: request.page == 1 ? .setRepos(page) : .appendRepos(page), patch: patch, state: state)
    case .setRepos(let page):
      if page.items.isEmpty {
        return [OutputLine(.out, "no results for \(TerminalText.quoted(state.query))")]
      }
      let count = state.repos.count
      var header = "+ \(Self.repos(count)) (1-\(count))"
      if let total = page.totalCount { header += " of \(total)" }
      if page.incompleteResults { header += " (incomplete: GitHub timed out)" }
      header += Self.dropped(page.items.count - count)
      return [OutputLine(.out, header)] + list(state, from: 0, count: count)
    case .appendRepos(let page):
      if page.items.isEmpty { return [OutputLine(.out, "no more results")] }
      let dropped = Self.droppedNow(patch: patch, state: state)
      let added = page.items.count - dropped
      let end = state.repos.count
      let start = end - added
      guard added > 0 else {
        return [OutputLine(.out, "+ 0 repos: the \(Self.repos(dropped)) of this page were already listed")]
      }
      var header = "+ \(Self.repos(added)) (\(start + 1)-\(end))"
      if page.incompleteResults { header += " (incomplete: GitHub timed out)" }
      header += Self.dropped(dropped)
      return [OutputLine(.out, header)] + list(state, from: start, count: added)
    case .setSort(let sort, let order):
      let words = { (order: SearchOrder) in order == .desc ? "descending" : "ascending" }
      let old = { (path: String) -> String? in
        guard case .string(let text)? = patch.operations.first(where: { $0.path == path })?.oldValue?.resolved
        else { return nil }
        return text
      }
      // Only the direction changed (`order asc`): say that, not a sort that stayed.
      if old("/sort") == nil, let oldOrder = old("/order").flatMap(SearchOrder.init(rawValue:)) {
        let sorted = sort == .best ? "" : " (sort: \(sort.rawValue))"
        return [OutputLine(.out, "order: \(words(oldOrder)) -> \(words(order))\(sorted)")]
      }
      let direction = sort == .best ? "" : " (\(words(order)))"
      return [OutputLine(.out, "sort: \(old("/sort") ?? sort.rawValue) -> \(sort.rawValue)\(direction)")]
    case .setError, .failed:
      return state.lastError.map {
        [records.error(code: $0.code, message: $0.message, feature: "search", details: $0.details)]
      } ?? []
    case .setIdle:
      return [OutputLine(.out, "search cancelled")]
    case .setLoadingNextPage, .setLoadingPages:
      return []
    }
  }

  /// A jump in history: the query it went back to and the first page of its results (the
  /// back button's view); `state search` shows all of them.
  func restored(_ state: SearchState) -> [OutputLine] {
    let count = state.repos.count
    var header = state.query.map { "restored: query \(TerminalText.quoted($0))" } ?? "restored: no query"
    header += count == 0 ? ", no results" : ", \(Self.repos(count))"
    if let error = state.lastError {
      header += " (last error: \(TerminalText.sanitize(error.message, keepTab: false)))"
    }
    let shown = min(count, Self.restoredPage)
    var lines = [OutputLine(.out, header)] + list(state, from: 0, count: shown)
    if count > shown { lines.append(OutputLine(.out, "  ... \(count - shown) more (state search shows all)")) }
    return lines
  }

  /// How many results a jump lists: a page, as a query shows.
  static let restoredPage = 30

  static func repos(_ count: Int) -> String { count == 1 ? "1 repo" : "\(count) repos" }

  /// `; 2 already listed, dropped` after a page header, or nothing.
  static func dropped(_ count: Int) -> String { count > 0 ? "; \(count) already listed, dropped" : "" }

  /// How many results of the page just appended repeated earlier ones: the change of
  /// `duplicatesDropped` in its patch.
  static func droppedNow(patch: Patch, state: SearchState) -> Int {
    guard let operation = patch.operations.first(where: { $0.path == "/duplicatesDropped" }) else { return 0 }
    let old = if case .int(let value)? = operation.oldValue?.resolved { value } else { 0 }
    return state.duplicatesDropped - old
  }

  /// Numbered result lines `start+1 ... start+count`, as `open N` refers to them.
  ///
  /// Columns: number, name, stars, language (11), and the description in what room is left.
  /// The name column is 30 wide, or as wide as the longest name listed so far when the
  /// terminal has room for it (up to half of what the other columns leave), so names are whole
  /// on a wide terminal, and a later page lines up with the earlier ones unless it brings a
  /// longer name. A narrower terminal drops the least useful first (the description, then the
  /// language; the name keeps 20 columns before the language goes), so a line never wraps.
  package func list(_ state: SearchState, from start: Int, count: Int) -> [OutputLine] {
    let end = min(start + count, state.repos.count)
    let slice = state.repos[start..<end]
    let numberWidth = max(4, String(state.repos.count).count + 1)
    let longestName = state.repos[..<end].reduce(0) { max($0, TerminalText.cellWidth($1.fullName)) }
    let layout = ListLayout(width: options.width, numberWidth: numberWidth + 1, longestName: longestName)
    var lines: [OutputLine] = []
    lines.reserveCapacity(slice.count)
    // Each line is built in one buffer, its cells appended: a page of text went through a
    // dozen intermediate strings a row (Benchmarks/README, offline.query).
    for (offset, repository) in slice.enumerated() {
      var line = ""
      line.reserveCapacity(options.width + 32)
      let number = String(start + offset + 1)
      style.dim(&line) {
        TerminalText.appendSpaces(numberWidth - number.count, to: &$0)
        $0 += number
        $0 += "."
      }
      line += " "
      style.bold(&line) { TerminalText.appendCell(repository.fullName, columns: layout.name, to: &$0) }
      if layout.stars {
        line += " "
        let stars = TerminalText.compactNumber(repository.stars)
        style.yellow(&line) {
          $0 += "★ "
          $0 += stars
          TerminalText.appendSpaces(6 - stars.utf8.count, to: &$0)  // padded, never cut
        }
      }
      if layout.language {
        line += " "
        style.cyan(&line) { TerminalText.appendCell(repository.language ?? "", columns: 11, to: &$0) }
      }
      if layout.description >= 10, let description = repository.description, !description.isEmpty {
        line += " "
        TerminalText.appendCell(description, columns: layout.description, pads: false, to: &line)
      }
      // (The byte first: most lines end in their description.)
      while line.utf8.last == UInt8(ascii: " "), line.hasSuffix(" ") { line.removeLast() }
      lines.append(OutputLine(.out, line))
    }
    return lines
  }
}

/// The columns of a result list at one width: which are shown, and how wide the name and the
/// description are.
struct ListLayout {
  var name = 30
  var stars = true
  var language = true
  var description = 0

  /// `numberWidth` counts the number and its dot.
  init(width: Int, numberWidth: Int, longestName: Int = 0) {
    let starsWidth = 1 + 8
    let languageWidth = 1 + 11
    let others = numberWidth + 1 + starsWidth + languageWidth
    if width >= others + name {
      // The name and the description share what is left, a space apart.
      name = max(name, min(longestName, (width - others - 1) / 2))
      description = width - others - name - 1
    } else if width >= numberWidth + 1 + 20 + starsWidth + languageWidth {
      name = width - numberWidth - 1 - starsWidth - languageWidth
    } else {
      language = false
      if width >= numberWidth + 1 + 12 + starsWidth {
        name = min(30, width - numberWidth - 1 - starsWidth)
      } else {
        stars = false
        name = max(1, width - numberWidth - 1)
      }
    }
  }
}
