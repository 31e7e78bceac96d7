package import CommandLanguage
package import GitHubClient
package import ReactorCore
package import ReactorJSON
package import Rendering

/// A feature's View, as in ReactorKit: it binds input to its reactor's actions and its state to
/// output. Here the input is the verbs it declares (``verbs``: name, usage, help, completion,
/// which words are secret, how words become its ``Command``) and the output is how its
/// changes read as lines, given to ``StoreMaker/store(_:render:)``.
///
/// The shell knows features only through this protocol and the list of ``Feature``s the
/// executable builds: adding a verb is one entry in ``verbs``, adding a feature is a module
/// with a reactor and a View, and one line in that list.
package protocol FeatureView: AnyObject, Sendable {
  /// What the feature's verbs become: its reactor's actions, or commands the View runs itself.
  associatedtype Command: Sendable & Equatable

  /// The feature's name in `state`, `history`, `why`, NDJSON records and the daemon's ready
  /// record.
  static var name: String { get }
  /// The feature's verbs, in the order `help` lists them.
  static var verbs: [CommandSpec<Command>] { get }
  /// The JSON Pointers of its state's fields, for tab completion of `why` and `watch`.
  static var fields: [String] { get }
  /// The settings it reads from ``FeatureHost/settings``, each with its flag and, when it is
  /// one, its transcript directive. None by default.
  static var settings: [FeatureSetting] { get }

  /// Makes the View and its store; the shell does so the first time the feature is used.
  init(host: any FeatureHost)

  /// Runs one of the feature's commands; `sink` tags what it writes with the request's tag.
  func run(_ command: Command, sink: TaggingSink) -> Execution
  /// The state as `state` prints it.
  var stateJSON: JSONValue { get }
  /// Stops everything in flight (Ctrl-C, `cancel`), leaving honest state (nothing "loading").
  func cancelAll()
  /// Cancels the work of the request tagged `tag`; true if there was any. The state reset it
  /// causes is attributed to the request tagged `by` (the `cancel` command itself).
  func cancel(tag: JSONValue, by: JSONValue?) -> Bool
}

/// What a feature gets from the session it runs in.
package protocol FeatureHost: Sendable {
  var client: GitHubClient { get }
  var settings: FeatureSettings { get }
  var records: Records { get }
  var time: TimeSource { get }
  /// Where effect tasks run (a manual executor in replays); nil for the global executor.
  var executor: (any TaskExecutor)? { get }
  var sequencer: Sequencer { get }
  /// Asks for a secret without echo (terminals only); nil where nobody can be asked.
  var promptSecret: (@Sendable (String) -> String?)? { get }
  /// Shows `url` in a browser; false when none was started (the URL is then printed).
  func open(_ url: String) -> Bool
  /// Writes lines that belong to no request.
  func write(_ lines: [OutputLine])
  /// Makes the feature's stores: they trace their effects, render their changes to the
  /// session and keep them in history (``StoreMaker/store(_:render:)``).
  var stores: StoreMaker { get }
  /// Tells history that the feature's state was replaced at `seq` outside its store (a new
  /// store): what came before cannot be restored.
  func noteReset(seq: UInt64, cause: String)
}

extension FeatureView {
  package static var settings: [FeatureSetting] { [] }
}
