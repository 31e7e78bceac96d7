import GitHubClient
public import ReactorCore
import ReactorJSON
public import SearchFeature

/// Text and NDJSON rendering of search transitions.
public struct SearchText: Sendable {
  public let records: Records
  var options: RenderOptions { records.options }
  var style: Style { records.style }

  public init(options: RenderOptions) { records = Records(options: options) }

  /// The lines for one transition, given the state after it and the command that caused it.
  public func render<R: Reactor>(_ transition: StateTransition<R>, state: SearchState, command: String) -> [OutputLine]
  where R.State == SearchState, R.Mutation == SearchReactor.Mutation {
    if options.mode == .json {
      let failure = if case .setError = transition.mutation { state.lastError } else { GitHubFailure?.none }
      return records.transition(
        feature: "search", seq: transition.seq, action: command, mutation: transition.mutation.caseName,
        patch: transition.changes, failure: failure.map { ($0.code, $0.message) })
    }
    return text(for: transition.mutation, patch: transition.changes, state: state)
  }

  /// The lines for one transition of the feedback engine (``FeedbackSearch``): the same text
  /// as the reactor engine prints for the equivalent change; in JSON mode, the change record
  /// names the event as its `mutation`.
  ///
  /// A stale answer, which `reduce` dropped, prints nothing in text mode and no error record.
  public func render(
    _ transition: StateTransition<FeedbackSearch>, state: FeedbackSearchState, command: String
  ) -> [OutputLine] {
    let event = transition.mutation
    let applied = event.answeredRequest.map { $0 == state.request } ?? true
    if options.mode == .json {
      let failure = if applied, case .failed = event { state.search.lastError } else { GitHubFailure?.none }
      return records.transition(
        feature: "search", seq: transition.seq, action: command, mutation: event.caseName,
        patch: transition.changes, failure: failure.map { ($0.code, $0.message) })
    }
    guard applied else { return [] }
    return text(for: event.reactorMutation, patch: transition.changes, state: state.search)
  }

  /// The text lines for a reactor-engine mutation, given its patch and the state after it.
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
    case .setRepos(let page):
      if page.items.isEmpty {
        return [OutputLine(.out, "no results for \(TerminalText.quoted(state.query))")]
      }
      var header = "+ \(Self.repos(page.items.count)) (1-\(page.items.count))"
      if let total = page.totalCount { header += " of \(total)" }
      if page.incompleteResults { header += " (incomplete: GitHub timed out)" }
      return [OutputLine(.out, header)] + list(state, from: 0, count: page.items.count)
    case .appendRepos(let page):
      let end = state.repos.count
      let start = end - page.items.count
      if page.items.isEmpty { return [OutputLine(.out, "no more results")] }
      return [OutputLine(.out, "+ \(Self.repos(page.items.count)) (\(start + 1)-\(end))")]
        + list(state, from: start, count: page.items.count)
    case .setError:
      return state.lastError.map { [records.error(code: $0.code, message: $0.message, feature: "search")] } ?? []
    case .setIdle:
      return [OutputLine(.out, "search cancelled")]
    case .setLoadingNextPage:
      return []
    }
  }

  static func repos(_ count: Int) -> String { count == 1 ? "1 repo" : "\(count) repos" }

  /// Numbered result lines `start+1 ... start+count`, as `open N` refers to them.
  public func list(_ state: SearchState, from start: Int, count: Int) -> [OutputLine] {
    let slice = state.repos[start..<min(start + count, state.repos.count)]
    let names = slice.map { TerminalText.sanitize($0.fullName, keepTab: false) }
    let languages = slice.map { TerminalText.sanitize($0.language ?? "", keepTab: false) }
    // Fixed columns, so every page of one search lines up with the others.
    let nameWidth = 30
    let languageWidth = 11
    let numberWidth = max(4, String(state.repos.count).count + 1)
    var lines: [OutputLine] = []
    for (offset, repository) in slice.enumerated() {
      let number = String(start + offset + 1)
      let index = String(repeating: " ", count: max(0, numberWidth - number.count)) + number + "."
      let name = TerminalText.pad(TerminalText.truncate(names[offset], to: nameWidth), to: nameWidth)
      let stars = "★ " + TerminalText.pad(TerminalText.compactNumber(repository.stars), to: 6)
      let language = TerminalText.pad(TerminalText.truncate(languages[offset], to: languageWidth), to: languageWidth)
      let used = TerminalText.width(index) + 1 + nameWidth + 1 + 8 + 1 + languageWidth + 1
      var line = "\(style.dim(index)) \(style.bold(name)) \(style.yellow(stars)) \(style.cyan(language))"
      let room = options.width - used
      if room >= 10, let description = repository.description, !description.isEmpty {
        line += " " + TerminalText.truncate(TerminalText.sanitize(description, keepTab: false), to: room)
      }
      while line.hasSuffix(" ") { line.removeLast() }
      lines.append(OutputLine(.out, line))
    }
    return lines
  }
}
