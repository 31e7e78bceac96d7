import GitHubClient

/// The command language, in the order `help` lists it.
public enum CommandTable {
  /// The features `state` knows.
  package static let features = ["search", "signup", "feed"]
  /// What `state` prints: the features, and the rate-limit budget.
  package static let stateNames = features + ["rateLimit"]

  public static let all: [CommandSpec] = core + timeTravel + [quit]

  private static let core: [CommandSpec] = [
    CommandSpec(
      "query", aliases: ["search"], usage: "[<text>...]", summary: "search GitHub repositories",
      discussion: """
        Searches repositories with GitHub's query syntax, e.g. query "swift language:swift stars:>1000". \
        A new query cancels the one in flight. With no text, clears the results.
        """,
      arity: 0...Int.max, actions: ["updateQuery", "searchChanged", "response", "failed"]
    ) { .query($0.words.joined(separator: " ")) },
    CommandSpec(
      "next", usage: "[<n>|all]", summary: "load the next page of results (or n pages, or all)",
      discussion: """
        Loads the next 30 results; 'next 3' loads three pages, 'next all' every page to the end or to GitHub's \
        1,000-result cap, each as it arrives (Ctrl-C stops and keeps what arrived). A repository a later page \
        repeats is listed once. Says why when there is no next page or a page is still loading.
        """,
      arity: 0...1, completion: .words(["all"]),
      actions: ["loadNextPage", "startLoadingNextPage", "loadPages", "startLoadingPages"]
    ) { arguments throws(CommandError) in
      guard let word = arguments.first else { return .next }
      if word.lowercased() == "all" { return .nextPages(Int.max) }
      guard let count = Int(word), (1...maxPagesPerNext).contains(count) else {
        throw arguments.invalid(0, expected: "a number of pages from 1 to \(maxPagesPerNext), or 'all'")
      }
      return count == 1 ? .next : .nextPages(count)
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
      arity: 0...1, completion: .words(SearchSort.allCases.map(\.rawValue)), actions: ["updateSort", "sortChanged"]
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
      guard let number = Int(arguments[0]), number >= 1 else {
        throw arguments.invalid(0, expected: "a result number (1 or more)")
      }
      return .open(number)
    },
    CommandSpec(
      "username", usage: "[<name>]", summary: "set the signup username (checks availability)",
      discussion:
        "Letters and digits only. Checks GET /users/<name>: taken or available. A newer name cancels the check in flight.",
      arity: 0...1, actions: ["updateUsername"]
    ) { .username($0.first ?? "") },
    CommandSpec(
      "password", usage: "[<password>]", summary: "set the signup password (prompts on a terminal)",
      discussion:
        "At least 5 characters. Without an argument on a terminal, asks without echo. Never printed, recorded or kept in history.",
      arity: 0...1, secretsFrom: 0, actions: ["updatePassword"]
    ) { .password($0.first) },
    CommandSpec(
      "repeat", usage: "[<password>]", summary: "repeat the signup password",
      discussion: "Must equal the password; checked again whenever the password changes.",
      arity: 0...1, secretsFrom: 0, actions: ["updateRepeat"]
    ) { .repeatPassword($0.first) },
    CommandSpec(
      "submit", summary: "submit the signup form",
      discussion: "Only when all three fields are valid; otherwise says which are not. One submission at a time.",
      actions: ["submit"]
    ) { _ in .submit },
    CommandSpec(
      "signup", usage: "<name> <password> <repeat>", summary: "fill the signup form, wait for validation, submit",
      discussion:
        "The same as username, password, repeat and submit in a row; says what is not valid instead of submitting.",
      arity: 3...3, secretsFrom: 1
    ) { .signup(username: $0[0], password: $0[1], repeat: $0[2]) },
    CommandSpec(
      "refresh", summary: "load the newest public events",
      discussion:
        "GET /events, page 1, with the last ETag: '304 Not Modified' means no new events. Ignored while a refresh is in flight.",
      actions: ["refresh"]
    ) { _ in .refresh },
    CommandSpec(
      "more", summary: "load the next page of events",
      discussion:
        "Ignored while a page is loading or when there is none. GitHub serves at most 300 events; repeats are dropped.",
      actions: ["loadMore"]
    ) { _ in .more },
    CommandSpec(
      "state", usage: "[<feature>]", summary: "print the state of a feature (or all)",
      discussion: """
        Prints the whole state; with --json, a state record. Features: \(stateNames.joined(separator: ", ")) \
        (the rate-limit budget). Without one, all of them.
        """,
      arity: 0...1, completion: .words(stateNames)
    ) { arguments throws(CommandError) in
      if let feature = arguments.first, !stateNames.contains(feature) { throw arguments.invalid(0, among: stateNames) }
      return .state(arguments.first)
    },
    CommandSpec(
      "limits", summary: "show GitHub's rate-limit budget and where the token came from",
      discussion: """
        For each resource GitHub has reported (core, search): requests left of the limit and when the window \
        resets, from the X-RateLimit headers of the last response. With --json, a state record of feature \
        rateLimit.
        """
    ) { _ in .limits },
    CommandSpec(
      "help", aliases: ["?"], usage: "[<command>]", summary: "list commands, or explain one",
      arity: 0...1, completion: .commands
    ) { arguments throws(CommandError) in
      if let topic = arguments.first, spec(for: topic) == nil {
        throw .unknown(topic, among: verbs)
      }
      return .help(arguments.first)
    },
    CommandSpec(
      "cancel", usage: "[<id>]", summary: "stop work in flight (all of it, or one daemon request)",
      discussion:
        "Without an id, like Ctrl-C: cancels every search, check, submission, feed load and sleep in flight. With an id, cancels that daemon request's effects.",
      arity: 0...1, actions: ["cancel"]
    ) { .cancel($0.first) },
    CommandSpec(
      "engine", usage: "[reactor|feedback]", summary: "show or switch the search engine (resets search)",
      discussion:
        "reactor: ReactorKit's style (actions, mutations, effects). feedback: RxFeedback's style (effects derived from state). Same commands, state and text output; NDJSON change records name each engine's own mutations or events.",
      arity: 0...1, completion: .words(SearchEngineKind.allCases.map(\.rawValue))
    ) { .engine($0.first) },
    CommandSpec(
      "sleep", usage: "<duration>", summary: "wait, e.g. sleep 1.5s (virtual time in replays)",
      discussion:
        "Waits for 250ms, 2s, 1.5s or 1m; effects in flight go on meanwhile. In a replay it advances the virtual clock.",
      arity: 1...1
    ) { arguments throws(CommandError) in
      guard let duration = DurationParser.parse(arguments[0]) else {
        throw arguments.invalid(0, expected: "a duration such as 500ms, 2s or 1m (at most 1h)")
      }
      return .sleep(duration)
    },
  ]

  /// The most pages one `next <n>` loads: more than the 34 pages of 30 that reach GitHub's
  /// 1,000-result cap.
  package static let maxPagesPerNext = 100

  private static let quit = CommandSpec("quit", aliases: ["exit"], summary: "leave (Ctrl-D does the same)") {
    _ in .quit
  }

  /// The spec for a verb or alias, if any; verbs are case-insensitive (`QUERY`, `Next`).
  public static func spec(for verb: String) -> CommandSpec? {
    if let spec = all.first(where: { $0.isSpelled(verb) }) { return spec }
    let lowered = verb.lowercased()
    return lowered == verb ? nil : all.first { $0.isSpelled(lowered) }
  }

  /// Every verb and alias, for completion and suggestions.
  package static let verbs: [String] = all.flatMap { [$0.name] + $0.aliases }
}
