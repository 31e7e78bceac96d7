package import CommandLanguage
package import FeatureKit
package import GitHubClient
package import ReactorCore
import ReactorJSON
import Rendering

/// The feature's entry in the list the executable runs (`Features.all`, made from Package.swift).
package let feature = Feature(SearchView.self, live: SearchLiveView.self)

/// Repository search's View: its verbs, and its store on the effect style chosen now (`engine`
/// replaces it with a fresh one in the other style).
package final class SearchView: StoreView {
  package enum Command: Sendable, Equatable {
    /// An action sent as it is (`query`, `next`): a verb that makes one needs no case here.
    case send(SearchReactor.Action)
    /// nil: say how results are sorted.
    case sort(SearchSort?)
    /// nil: say the direction.
    case order(SearchOrder?)
    case open(Int)
    /// nil: say which engine runs search.
    case engine(String?)
  }

  package static let name = "search"
  package static let cancelAction: SearchReactor.Action? = .cancel

  /// The most pages one `next <n>` loads: more than the 34 pages of 30 that reach GitHub's
  /// 1,000-result cap.
  package static let maxPagesPerNext = 100

  package static let verbs: [CommandSpec<Command>] = [
    CommandSpec(
      "query", aliases: ["search"], usage: "[<text>...]", summary: "search GitHub repositories",
      discussion: """
        Searches repositories with GitHub's query syntax, e.g. query "swift language:swift stars:>1000". \
        A new query cancels the one in flight. With no text, clears the results.
        """,
      arity: 0...Int.max
    ) { .send(.updateQuery($0.words.joined(separator: " "))) },
    CommandSpec(
      "next", usage: "[<n>|all]", summary: "load the next page of results (or n pages, or all)",
      discussion: """
        Loads the next 30 results; 'next 3' loads three pages, 'next all' every page to the end or to GitHub's \
        1,000-result cap, each as it arrives (Ctrl-C stops and keeps what arrived). A repository a later page \
        repeats is listed once. Says why when there is no next page or a page is still loading.
        """,
      arity: 0...1, completion: .words(["all"])
    ) { arguments throws(CommandError) in
      guard let word = arguments.first else { return .send(.loadNextPage) }
      if word.lowercased() == "all" { return .send(.loadPages(Int.max)) }
      guard let count = Int(word), (1...maxPagesPerNext).contains(count) else {
        throw arguments.invalid(0, expected: "a number of pages from 1 to \(maxPagesPerNext), or 'all'")
      }
      return .send(count == 1 ? .loadNextPage : .loadPages(count))
    },
    CommandSpec(
      "sort", usage: "[<by>]",
      summary: "show or set the order of search results (re-runs the search)",
      discussion: """
        <by> is \(SearchSort.allCases.map(\.rawValue).joined(separator: ", ")). \
        best is GitHub's relevance ranking, the default. The others sort by stars, forks, the last update or \
        the number of issues labelled help-wanted, most first unless 'order asc'. A 'sort:stars' typed into the \
        query is ignored by GitHub's REST API: use this command.
        """,
      arity: 0...1, completion: .words(SearchSort.allCases.map(\.rawValue))
    ) { arguments throws(CommandError) in
      guard let word = arguments.first else { return .sort(nil) }
      guard let sort = SearchSort(rawValue: word.lowercased()) else {
        throw arguments.invalid(0, among: SearchSort.allCases.map(\.rawValue))
      }
      return .sort(sort)
    },
    CommandSpec(
      "order", usage: "[asc|desc]", summary: "show or set the direction of a sorted search (re-runs it)",
      discussion: "desc (the default) lists the most stars, forks or the newest update first; asc the fewest first.",
      arity: 0...1, completion: .words(SearchOrder.allCases.map(\.rawValue))
    ) { arguments throws(CommandError) in
      guard let word = arguments.first else { return .order(nil) }
      guard let order = SearchOrder(rawValue: word.lowercased()) else {
        throw arguments.invalid(0, among: ["asc", "desc"])
      }
      return .order(order)
    },
    CommandSpec(
      "open", usage: "<n>", summary: "open result n in a browser",
      discussion: "On a terminal, runs $BROWSER or xdg-open with the result's URL; otherwise prints the URL.",
      arity: 1...1
    ) { arguments throws(CommandError) in
      .open(try arguments.number(0, atLeast: 1, what: "result", expected: "a result number (1 or more)"))
    },
    CommandSpec(
      "engine", usage: "[reactor|feedback]", summary: "show or switch the search engine (resets search)",
      discussion:
        "reactor: ReactorKit's style (actions, mutations, effects). feedback: RxFeedback's style (effects derived from state). Same commands, state and text output; in NDJSON change records, the answers' mutations are named setRepos, appendRepos and setError in one style, response and failed in the other.",
      arity: 0...1, completion: .words(SearchEffectStyle.allCases.map(\.rawValue))
    ) { .engine($0.first) },
  ]

  private let host: any FeatureHost
  private let current: Locked<Store<SearchReactor>>

  package init(host: any FeatureHost) {
    self.host = host
    current = Locked(Self.makeStore(host.settings.searchStyle, host: host))
  }

  /// The search store now.
  package var store: Store<SearchReactor> { current.withLock { $0 } }

  /// The search state now.
  package var state: SearchState { store.currentState }

  package func run(_ command: Command, sink: TaggingSink) -> Execution {
    switch command {
    case .send(let action): .store(store.send(action, tag: sink.tag))
    case .sort(let sort): sortSearch(sort: sort, order: nil, sink: sink)
    case .order(let order): sortSearch(sort: nil, order: order, sink: sink)
    case .open(let number): .done(open(number, sink: sink))
    case .engine(let name): .done(switchEngine(to: name, sink: sink))
    }
  }

  // MARK: - Commands

  /// `sort`, `order`: say how results are sorted, or re-run the search sorted anew.
  private func sortSearch(sort: SearchSort?, order: SearchOrder?, sink: TaggingSink) -> Execution {
    let records = host.records
    let state = state
    guard sort != nil || order != nil else {
      let direction = state.sort == .best ? "" : ", \(state.order.rawValue)"
      sink.write([records.info("sort: \(state.sort.rawValue)\(direction)")])
      return .done(.ok)
    }
    let newSort = sort ?? state.sort
    let newOrder = order ?? state.order
    if newSort == state.sort && newOrder == state.order {
      sink.write([records.info("sort: already \(newSort.rawValue)" + (order != nil ? ", \(newOrder.rawValue)" : ""))])
      return .done(.ok)
    }
    if order != nil && newSort == .best {
      sink.write([records.info("order: \(newOrder.rawValue) takes effect with a sort other than best")])
    }
    return .store(store.send(.updateSort(newSort, newOrder), tag: sink.tag))
  }

  /// `open`: the URL of result `number`, launched or printed.
  private func open(_ number: Int, sink: TaggingSink) -> StoreTask.Completion {
    let state = state
    guard number <= state.repos.count else {
      sink.write([host.records.error(code: "out-of-range", message: "open: " + Self.outOfRange(number, state))])
      return .error
    }
    let url = state.repos[number - 1].url
    let launched = host.open(url)
    sink.write([host.records.open(url: url, launched: launched)])
    return .ok
  }

  /// Why `open number` has no result: how many are loaded and, when more exist, how many and
  /// that `next` loads them.
  static func outOfRange(_ number: Int, _ state: SearchState) -> String {
    let count = state.repos.count
    if count == 0 { return "no result \(number); there are no results" }
    if state.nextPage != nil {
      let total = state.totalCount.map { " of \($0)" } ?? ""
      return "no result \(number); \(count)\(total) results are loaded; 'next' loads more"
    }
    return "no result \(number); there are \(count)"
  }

  /// `engine`: say which effect style runs search, or switch to the other with fresh search
  /// state.
  private func switchEngine(to name: String?, sink: TaggingSink) -> StoreTask.Completion {
    let records = host.records
    let current = store.reactor.style
    guard let name else {
      sink.write([records.info("engine: \(current.rawValue)")])
      return .ok
    }
    guard let kind = SearchEffectStyle(rawValue: name) else {
      sink.write([
        records.error(code: "invalid-argument", message: "engine: expected reactor or feedback, got '\(name)'")
      ])
      return .error
    }
    if kind == current {
      // Switching to the engine already running would throw the results away for nothing.
      sink.write([records.info("engine: \(current.rawValue) already runs search (results kept)")])
      return .ok
    }
    cancelAll()
    let fresh = Self.makeStore(kind, host: host)
    self.current.withLock { $0 = fresh }
    // The reset is a change in every mode, so that text and NDJSON number changes alike. In
    // NDJSON it replaces every field, so that a consumer applying the patches in order still
    // holds exactly what `state search` prints (the NDJSON invariant).
    var patch: [PatchOperation]?
    if records.options.mode == .json, case .object(let state) = fresh.currentState.jsonValue.resolved {
      patch = state.members.map { member in
        PatchOperation(op: .replace, path: "/" + PatchOperation.escapeToken(member.key), value: member.value)
      }
    }
    let host = host
    host.sequencer.commit { seq in
      host.noteReset(seq: seq, cause: "the switch to the \(kind.rawValue) engine")
      if let patch {
        sink.write([records.change(feature: Self.name, seq: seq, action: "engine", mutation: "reset", patch: patch)])
      }
    }
    sink.write([records.info("engine: \(current.rawValue) -> \(kind.rawValue) (search state reset)")])
    return .ok
  }

  /// A fresh search store in `style`, rendering to the session; `observe` sees the state after
  /// each change (the live view redraws).
  static func makeStore(
    _ style: SearchEffectStyle, host: any FeatureHost, client: GitHubClient? = nil,
    observe: (@Sendable (SearchState) -> Void)? = nil
  ) -> Store<SearchReactor> {
    let settings = host.settings
    let text = SearchText(options: host.records.options)
    return host.stores.store(
      SearchReactor(
        client: client ?? host.client, sort: settings.searchSort, order: settings.searchOrder, style: style),
      render: { transition, state in
        defer { observe?(state) }
        return text.render(transition, state: state)
      })
  }
}
