package import CommandLanguage
package import FeatureKit

/// The shell's command language: every feature's verbs, then the shell's own, in the order
/// `help` lists them.
extension CommandTable where Command == SessionCommand {
  /// What `state` prints besides the features: the rate-limit budget.
  package static let rateLimitFeature = "rateLimit"

  /// The table of a session running `features`.
  package init(features: [Feature]) {
    let names = features.map(\.name)
    self.init(
      features.flatMap { $0.verbs.map { $0.map(SessionCommand.feature) } }
        + Self.session(features: names, live: features.compactMap(\.live))
        + Self.timeTravel(features: names) + [Self.quit],
      features: features.map { (name: $0.name, fields: $0.fields) }, otherTopics: [Self.replayTopic])
  }

  /// `help replay`: the program's subcommand, which runs from a shell, not from the prompt.
  package static let replayTopic = "replay"

  /// `state`, `limits`, `help`, `cancel` and `sleep`.
  private static func session(features: [String], live: [LiveFeature]) -> [CommandSpec<SessionCommand>] {
    let stateNames = features + [rateLimitFeature]
    return [
      CommandSpec(
        "state", usage: "[<feature>]", summary: "print the state of a feature (or all)",
        discussion: """
          Prints the whole state; with --json, a state record. Features: \(stateNames.joined(separator: ", ")) \
          (the rate-limit budget). Without one, all of them.
          """,
        arity: 0...1, completion: .words(stateNames)
      ) { arguments throws(CommandError) in
        if let feature = arguments.first, !stateNames.contains(feature) {
          throw arguments.invalid(0, among: stateNames)
        }
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
      ) { .help($0.first) },
      CommandSpec(
        "cancel", usage: "[<id>]", summary: "stop work in flight (all of it, or one daemon request)",
        discussion:
          "Without an id, like Ctrl-C: cancels every search, check, submission, feed load and sleep in flight. With an id, cancels that daemon request's effects.",
        arity: 0...1
      ) { .cancel($0.first) },
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
      CommandSpec(
        "live", usage: "[<feature>] [<words>...]", summary: "open a feature's full-screen view (search as you type)",
        discussion: """
          Opens the live view of search (or of the feature named first) on the terminal: the query reaches \
          GitHub as you type, throttled (--throttle), a newer query cancels the one in flight, and the list \
          loads the next page as you scroll near its end. Enter prints the selection and returns here; Esc \
          or Ctrl-C returns without one. 'live signup' opens the signup form instead: Tab moves between \
          its fields, Enter on Sign up submits, and the username that signed up is printed. 'live feed' \
          opens the event feed: r refreshes, the list loads more as you scroll, and Enter prints the \
          selected event. Its flags are reactor's, given as it starts: --throttle <duration>, --print \
          name|url|json, --multi, --preview, --json-log <file>, --color <when>, --offline (reactor live \
          --help). See reactor(1), LIVE VIEW.

          """ + LiveHelp.paragraphs(live).joined(separator: "\n"),
        arity: 0...Int.max, completion: .words(live.map(\.name)), namesACommand: true
      ) { .live($0.words) },
    ]
  }

  private static let quit = CommandSpec<SessionCommand>(
    "quit", aliases: ["exit"], summary: "leave (Ctrl-D does the same)"
  ) {
    _ in .quit
  }
}
