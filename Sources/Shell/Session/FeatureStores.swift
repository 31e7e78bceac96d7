import FeedFeature
import GitHubClient
import ReactorCore
import Rendering
import SearchFeature
import SignupFeature

/// A session's feature stores, each made on first use and attached to the sink: a daemon or
/// REPL that only searches never pays for signup or feed.
///
/// Every store shares the session's ``Sequencer``, so `seq` is global across features. Each
/// store's observer renders its events and writes them to the sink as they are committed.
final class FeatureStores: Sendable {
  private let configuration: Session.Configuration
  private let sequencer: Sequencer
  private let records: Records
  private let history: History
  private let trace: EffectTrace
  /// Search, on the engine chosen now (made on first use); replaced (with fresh state) by the
  /// `engine` command.
  private let searchEngine = Locked<SearchEngine?>(nil)
  /// Held as `AnyObject` so that not even their types' generic metadata (a runtime
  /// conformance lookup each, measurable in the daemon's start) is built before first use.
  private let signupStore = Locked<(any AnyObject & Sendable)?>(nil)
  private let feedStore = Locked<(any AnyObject & Sendable)?>(nil)

  init(
    configuration: Session.Configuration, sequencer: Sequencer, records: Records, history: History, trace: EffectTrace
  ) {
    self.trace = trace
    self.configuration = configuration
    self.sequencer = sequencer
    self.records = records
    self.history = history
  }

  /// The signup feature's store.
  var signup: Store<SignupReactor> {
    store(in: signupStore) {
      let service = SimulatedSignupService(
        failureRate: configuration.signupFailureRate, latency: configuration.signupLatency,
        random: SeededGenerator(seed: configuration.seed), time: configuration.time)
      var reactor = SignupReactor(client: configuration.client, service: service)
      let origin = TraceOrigin()
      reactor.tracer = trace.tracer(feature: "signup", origin: origin)
      let store = Store(reactor: reactor, sequencer: sequencer, executor: configuration.executor)
      origin.follow(store)
      let text = SignupText(options: configuration.options)
      attach(store, feature: "signup", restore: { .restore($0) }, render: { text.render($0, state: $1, command: $2) })
      return store
    }
  }

  /// The feed feature's store.
  var feed: Store<FeedReactor> {
    store(in: feedStore) {
      var reactor = FeedReactor(client: configuration.client)
      let origin = TraceOrigin()
      reactor.tracer = trace.tracer(feature: "feed", origin: origin)
      let store = Store(reactor: reactor, sequencer: sequencer, executor: configuration.executor)
      origin.follow(store)
      let text = FeedText(options: configuration.options, now: configuration.time.now)
      attach(store, feature: "feed", restore: { .restore($0) }, render: { text.render($0, state: $1, command: $2) })
      return store
    }
  }

  /// The search engine now.
  var search: SearchEngine {
    searchEngine.withLock { engine in
      if let engine { return engine }
      let made = makeSearch(configuration.engine)
      engine = made
      return made
    }
  }

  /// Replaces search with a fresh engine of `kind`, and returns it.
  func replaceSearch(with kind: SearchEngineKind) -> SearchEngine {
    let fresh = makeSearch(kind)
    searchEngine.withLock { $0 = fresh }
    return fresh
  }

  /// The store held in `slot`, made by `make` the first time it is asked for. The slot holds
  /// only ever a `Store<R>`, so the downcast is safe.
  private func store<R: Reactor>(in slot: Locked<(any AnyObject & Sendable)?>, make: () -> Store<R>) -> Store<R> {
    slot.withLock { held in
      if let held { return unsafeDowncast(held, to: Store<R>.self) }
      let made = make()
      held = made
      return made
    }
  }

  /// A fresh search feature on `kind`, rendering to the sink.
  private func makeSearch(_ kind: SearchEngineKind) -> SearchEngine {
    let configuration = configuration
    let searchText = SearchText(options: configuration.options)
    let origin = TraceOrigin()
    switch kind {
    case .reactor:
      var reactor = SearchReactor(
        client: configuration.client, cancelsStaleSearches: configuration.cancelsStaleSearches,
        sort: configuration.sort, order: configuration.order)
      reactor.tracer = trace.tracer(feature: "search", origin: origin)
      let store = Store(reactor: reactor, sequencer: sequencer, executor: configuration.executor)
      origin.follow(store)
      attach(
        store, feature: "search", restore: { .restore($0) }, render: { searchText.render($0, state: $1, command: $2) })
      return SearchEngine(store)
    case .feedback:
      var reactor = FeedbackSearch(client: configuration.client, sort: configuration.sort, order: configuration.order)
      reactor.tracer = trace.tracer(feature: "search", origin: origin)
      let store = Store(reactor: reactor, sequencer: sequencer, executor: configuration.executor)
      origin.follow(store)
      attach(
        store, feature: "search", restore: { .restore($0) }, render: { searchText.render($0, state: $1, command: $2) })
      return SearchEngine(store)
    }
  }

  /// Renders a store's events to the sink as they are committed; a change record's `action`
  /// is the verb its action stands for (``ActionVerbs``). History records each change after
  /// its lines, and the watches it changed print after them.
  private func attach<R: Reactor>(
    _ store: Store<R>, feature: String, restore: @escaping @Sendable (R.State) -> R.Action,
    render: @escaping @Sendable (StateTransition<R>, R.State, String) -> [OutputLine]
  ) where R.Action: CaseNamed, R.Mutation: CaseNamed, R.State: PatchableState {
    let sink = configuration.sink
    let records = records
    let recorder = history.attach(store, feature: feature, restore: restore)
    let text = TimeTravelText(records: records)
    store.observe { event, state in
      switch event {
      case .transition(let transition):
        sink.write(render(transition, state, ActionVerbs.verb(for: transition.action)).tagged(transition.origin.tag))
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
  }
}
