package import CommandLanguage
package import FeatureKit
import GitHubClient
package import ReactorCore
package import ReactorJSON
import Rendering

/// One session: the feature stores, their rendering, and the commands that drive them.
///
/// A line is parsed by ``commands`` (the features' verbs and the shell's) and run by the
/// router (`Session+Router.swift`); the features' Views and stores are made on first use
/// (``FeatureViews``) and share one ``Sequencer``, so `seq` is global across features.
package final class Session: Sendable {
  package let configuration: Configuration
  package let sequencer = Sequencer()
  /// The command language of the session's features and the shell, made when first needed:
  /// a daemon is ready before any View's verbs are built (`startup.ready`).
  package var commands: CommandTable<SessionCommand> { madeTable.table }
  /// The table once made; a class, so that the lock hands out a reference, not a copy of the
  /// table, with every line run.
  private final class MadeTable: Sendable {
    let table: CommandTable<SessionCommand>
    init(_ table: CommandTable<SessionCommand>) { self.table = table }
  }
  private var madeTable: MadeTable {
    table.withLock { table in
      if let table { return table }
      let made = MadeTable(CommandTable(features: configuration.features))
      table = made
      return made
    }
  }
  private let table = Locked<MadeTable?>(nil)
  let records: Records
  let views: FeatureViews
  /// `sleep` commands in progress, so Ctrl-C can end them too.
  let sleeps = SleepRegistry()
  /// Every change and the line that caused it, for `history`, `diff`, `goto`, `undo`, `why`
  /// and `watch`.
  let history: History
  /// `trace on`: effect records.
  let trace: EffectTrace

  /// The client before the rate-limit guard: a `live` view's session wraps it with a guard
  /// that writes to its own log, not to this session's output.
  let unguardedClient: GitHubClient

  package init(configuration: Configuration) {
    let records = Records(options: configuration.options)
    unguardedClient = configuration.client
    var configuration = configuration
    configuration.client =
      RateLimitGuard(client: configuration.client, configuration: configuration, records: records).guardedClient
    self.configuration = configuration
    self.records = records
    let history = History(limit: configuration.historyLimit)
    self.history = history
    let sink = configuration.sink
    let text = TimeTravelText(records: records)
    let trace = EffectTrace(sequencer: sequencer, now: configuration.time.now, history: history) { event in
      sink.write([text.effect(event)])
    }
    self.trace = trace
    self.views = FeatureViews(
      features: configuration.features, configuration: configuration, sequencer: sequencer, records: records,
      history: history, trace: trace)
  }

  /// The View of the feature `View`, made on first use; nil if the session does not run it.
  package func view<View: FeatureView>(_ view: View.Type) -> View? {
    views.view(named: View.name).map { unsafeDowncast($0, to: View.self) }
  }

  /// What the feature named `name` gets from the session, for a View other than its REPL
  /// View (`live`); nil if the session does not run it.
  package func host(forFeature name: String) -> (any FeatureHost)? { views.host(named: name) }

  /// What `help` says about the data when the session serves the built-in sample.
  package static let offlineDataNote = "built-in offline sample (a snapshot written for demos; not live GitHub data)"

  // MARK: - Running lines

  /// Parses and runs one line, and waits until every effect it started has finished.
  package func execute(_ line: String) async -> StoreTask.Completion { await start(line).finish() }

  /// Parses one line and starts it: everything synchronous (parsing, sending the action,
  /// its immediate mutations and output) happens before this returns; effects go on.
  /// `tag` marks every record the command causes, now or from its effects (daemon ids).
  package func start(_ line: String, tag: JSONValue? = nil) -> Execution {
    let command: SessionCommand
    let name: String
    do {
      guard let parsed = try madeTable.table.parseNamed(line) else { return .done(.ok) }
      (command, name) = parsed
    } catch {
      configuration.sink.write([records.error(code: error.code, message: error.message).tagged(tag)])
      return .done(.error)
    }
    // History names a prompted password as its recording replays it (`TranscriptRecorder.noteSecret`).
    history.begin(command: name, undoable: !command.travelsHistory)
    guard let tag else { return start(command, tag: nil) }
    return RequestTag.$current.withValue(tag) { start(command, tag: tag) }
  }

  /// Reports an input line that is not UTF-8, as the daemon does (`invalid-utf8`); its tag
  /// says which line it was.
  package func rejectInvalidUTF8(tag: JSONValue?) {
    configuration.sink.write([
      records.error(code: "invalid-utf8", message: "not valid UTF-8; it was not run").tagged(tag)
    ])
  }

  /// Stops everything in flight (Ctrl-C, or the `cancel` command `by` names), leaving the
  /// results so far.
  package func cancelAll(by cause: String = "Ctrl-C") {
    trace.noteCancel(feature: nil, by: cause)
    for view in views.made { view.cancelAll() }
    sleeps.cancel { _ in true }
  }

  /// The JSON state of a feature, as `state` prints it.
  package func stateJSON(_ feature: String) -> JSONValue {
    if feature == CommandTable.rateLimitFeature { return rateLimitJSON }
    return views.view(named: feature)?.stateJSON ?? .null
  }
}
