package import GitHubClient
package import LiveTerminal

/// A feature's second View, after the seeds' UIKit views: full screen, bound to keys instead of
/// lines. It turns keys into its reactor's actions (through a ``Throttle`` where the seeds
/// throttle) and draws the state as a ``Frame``; the shell's live driver owns the terminal, the
/// clock and the loop, and asks for a frame whenever something changed.
///
/// Its store comes from ``StoreMaker/store(_:render:)`` like the REPL View's, so with
/// `--json-log` every change is written as the NDJSON the REPL prints.
package protocol LiveView: AnyObject, Sendable {
  /// The feature's name: `reactor live <name>`.
  static var name: String { get }
  /// One line for `live`'s help.
  static var summary: String { get }
  /// How many words it opens with, and what they are (for the refusal of too many).
  static var words: (count: ClosedRange<Int>, meaning: String) { get }
  /// Its keys and what they do, in the order its help lists them (`reactor live --help`,
  /// `help live`); man/reactor.1, LIVE VIEW, names the same keys (`LiveKeyHelpTests`).
  static var keys: [LiveKeyHelp] { get }

  /// Makes the View and its store. `changed` is called after each change of its state, with a
  /// reason when the change deserves a screen in a recording (a page landed, an error).
  init(host: any FeatureHost, context: LiveContext, changed: @escaping @Sendable (_ checkpoint: String?) -> Void)

  /// Sends what the View opens with (the query given on the command line).
  func start(at now: Duration)
  /// One key, at `now` (time since the view opened).
  func handle(_ key: Key, at now: Duration) -> LiveOutcome
  /// The focus is on a secret field (a password): the keys typed now are recorded as `<secret>`,
  /// never as themselves.
  var isSecretInput: Bool { get }
  /// When the View wants ``tick(at:)``: a throttled value waits. Nil when nothing waits.
  var deadline: Duration? { get }
  /// Sends what waited, when its time has come.
  func tick(at now: Duration)
  /// The screen now.
  func frame(width: Int, height: Int, at now: Duration) -> Frame
  /// Stops everything in flight (the view is leaving).
  func cancelAll()
}

/// What a key did to the live view.
package enum LiveOutcome: Sendable, Equatable {
  /// Stay (the screen is redrawn if it changed).
  case stay
  /// Leave with this exit status, printing `output` (with a newline) on standard output: one
  /// line, or one a marked row with `--multi`.
  case exit(status: Int32, output: String?)
}

/// What `reactor live` was asked for, beside the feature.
package struct LiveContext: Sendable {
  /// What Enter prints (`--print`).
  package enum Printed: String, Sendable, CaseIterable { case name, url, json }

  /// The words after the feature's name (a search's opening query).
  package var arguments: [String]
  /// The shortest time between two values a throttle sends (`--throttle`); zero for none.
  package var throttle: Duration
  package var printed: Printed
  /// `--multi`: Tab marks rows, and Enter prints every marked one.
  package var multi: Bool
  /// `--preview`: a pane with the selection's whole record, which `?` hides and shows again.
  package var preview: Bool
  /// GitHub's budget for `resource` now, nil when unknown (offline, or before a request).
  package var budget: @Sendable (_ resource: String) -> RateLimit?

  package init(
    arguments: [String] = [], throttle: Duration = .milliseconds(300), printed: Printed = .name, multi: Bool = false,
    preview: Bool = false, budget: @escaping @Sendable (String) -> RateLimit? = { _ in nil }
  ) {
    self.arguments = arguments
    self.throttle = throttle
    self.printed = printed
    self.multi = multi
    self.preview = preview
    self.budget = budget
  }
}

/// One line of a live View's help: some keys, and what they do.
package struct LiveKeyHelp: Sendable, Equatable {
  package var keys: String
  package var action: String

  package init(_ keys: String, _ action: String) {
    self.keys = keys
    self.action = action
  }
}

/// A live View with its type erased, for the executable's feature list.
package struct LiveFeature: Sendable {
  package let name: String
  package let summary: String
  package let words: (count: ClosedRange<Int>, meaning: String)
  package let keys: [LiveKeyHelp]
  package let make: @Sendable (any FeatureHost, LiveContext, @escaping @Sendable (String?) -> Void) -> any LiveView

  package init<View: LiveView>(_ view: View.Type) {
    name = View.name
    summary = View.summary
    words = View.words
    keys = View.keys
    make = { View(host: $0, context: $1, changed: $2) }
  }
}
