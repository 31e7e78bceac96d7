import GitHubClient
import ReactorCore
import ReactorJSON
import ReactorView
import Rendering

/// A session's features, each View (and its store) made on first use: a daemon or REPL that
/// only searches never pays for signup or feed.
///
/// Every store shares the session's ``Sequencer``, so `seq` is global across features. Each
/// store's observer renders its events and writes them to the sink as they are committed.
final class FeatureStores: Sendable {
  let features: [Feature]
  private let hosts: [SessionHost]
  private let views: [Locked<(any FeatureView)?>]

  init(
    features: [Feature], configuration: Session.Configuration, sequencer: Sequencer, records: Records,
    history: History, trace: EffectTrace
  ) {
    self.features = features
    hosts = features.map {
      SessionHost(
        feature: $0.name, configuration: configuration, sequencer: sequencer, records: records, history: history,
        trace: trace)
    }
    views = features.map { _ in Locked(nil) }
  }

  /// The View of the feature at `index`, made the first time it is asked for.
  func view(at index: Int) -> any FeatureView {
    views[index].withLock { view in
      if let view { return view }
      let made = features[index].make(hosts[index])
      view = made
      return made
    }
  }

  /// The View of the feature named `name`, if the session has one.
  func view(named name: String) -> (any FeatureView)? {
    features.firstIndex { $0.name == name }.map(view(at:))
  }

  /// The host of the feature named `name`, for a second View of it (`live`).
  func host(named name: String) -> (any FeatureHost)? {
    features.firstIndex { $0.name == name }.map { hosts[$0] }
  }

  /// The Views made so far.
  var made: [any FeatureView] { views.compactMap { $0.withLock { $0 } } }
}

/// What one feature gets from its session: the client, the clock, the sink, and stores that
/// render their changes, keep them in history and trace their effects.
private struct SessionHost: FeatureHost {
  let feature: String
  let configuration: Session.Configuration
  let sequencer: Sequencer
  let records: Records
  let history: History
  let trace: EffectTrace

  var client: GitHubClient { configuration.client }
  var settings: FeatureSettings { configuration.settings }
  var time: TimeSource { configuration.time }
  var executor: (any TaskExecutor)? { configuration.executor }
  var promptSecret: (@Sendable (String) -> String?)? { configuration.promptSecret }
  func open(_ url: String) -> Bool { configuration.opener.open(url) }
  func write(_ lines: [OutputLine]) { configuration.sink.write(lines) }
  func noteReset(seq: UInt64, cause: String) { history.noteReset(feature, seq: seq, cause: cause) }

  /// History records each change after its lines, and the watches it changed print after them.
  func store<R: Reactor>(
    _ make: (EffectTracer) -> R, restore: @escaping @Sendable (R.State) -> R.Action,
    render: @escaping @Sendable (StateTransition<R>, R.State) -> [OutputLine]
  ) -> Store<R> where R.Mutation: CaseNamed, R.State: PatchableState {
    let origin = TraceOrigin()
    let store = Store(
      reactor: make(trace.tracer(feature: feature, origin: origin)), sequencer: sequencer,
      executor: configuration.executor)
    origin.follow(store)
    let sink = configuration.sink
    let records = records
    let feature = feature
    let recorder = history.recorder(store, feature: feature, restore: restore)
    let text = TimeTravelText(records: records)
    store.observe { event, state in
      switch event {
      case .transition(let transition):
        sink.write(render(transition, state).tagged(transition.origin.tag))
        let hits = recorder(transition, state)
        if !hits.isEmpty {
          sink.write(
            hits.flatMap { text.watch($0.watch, seq: transition.seq, old: $0.old).tagged(transition.origin.tag) })
        }
      case .notice(let notice, _, let origin):
        sink.write([records.info(notice.message, feature: feature, warning: notice.isWarning).tagged(origin.tag)])
      case .failure(let error, _, let origin):
        let failure = GitHubError.from(error)
        sink.write([
          records.error(code: failure.code, message: failure.message, feature: feature, details: failure.details)
            .tagged(origin.tag)
        ])
      }
    }
    return store
  }
}
