import FeatureKit
import GitHubClient
import ReactorCore
import ReactorJSON
import Rendering

/// A session's features, each View (and its store) made on first use: a daemon or REPL that
/// only searches never pays for signup or feed.
///
/// Every store shares the session's ``Sequencer``, so `seq` is global across features. Each
/// store's observer renders its events and writes them to the sink as they are committed.
final class FeatureViews: Sendable {
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

  var stores: StoreMaker {
    let text = TimeTravelText(records: records)
    return StoreMaker(
      feature: feature, sequencer: sequencer, executor: configuration.executor, sink: configuration.sink,
      records: records, history: history, trace: trace,
      watchLines: { hit, seq in text.watch(hit.watch, seq: seq, old: hit.old) })
  }
}
