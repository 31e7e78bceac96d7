import GitHubClient
public import ReactorCore

/// Makes a feature's stores as its session runs them: effects traced (`trace on`), each change
/// rendered by the View, written to the session's sink and kept in history (the watches it
/// changed printed after it), notices and failures written as records. A View gets one from its
/// host (`FeatureHost.stores`).
///
/// Public, here, and with no `ReactorJSON` declaration in ``store(_:render:)``'s
/// body, because cross-module optimization specializes a generic function in the View's module
/// only then: it serializes public functions only (`@inlinable` does not help a `package`
/// one), and none that uses a module its own module imports as `package` anywhere (Rendering
/// does so with ReactorJSON; FeatureKit with all three). Unspecialized, the observer that runs
/// for every change looked up generic type metadata each time.
public struct StoreMaker: Sendable {
  let feature: String
  let history: History
  let reporter: Reporter
  let sequencer: Sequencer
  let executor: (any TaskExecutor)?
  let trace: EffectTrace

  package init(
    feature: String, sequencer: Sequencer, executor: (any TaskExecutor)?, sink: any OutputSink, records: Records,
    history: History, trace: EffectTrace,
    watchLines: @escaping @Sendable (_ hit: WatchHit, _ seq: UInt64) -> [OutputLine]
  ) {
    self.feature = feature
    self.sequencer = sequencer
    self.executor = executor
    self.history = history
    self.trace = trace
    reporter = Reporter(feature: feature, sink: sink, records: records, watchLines: watchLines)
  }

  /// Makes the feature's store of `reactor`: it reports the effects it starts to `trace on`,
  /// renders each change with `render` and keeps it in history, which puts past states back
  /// through the store (`goto`, `undo`). History records each change after its lines, and the
  /// watches it changed print after them.
  public func store<R: Reactor>(
    _ reactor: R, render: @escaping @Sendable (StateTransition<R>, R.State) -> [OutputLine]
  ) -> Store<R> where R.Mutation: CaseNamed, R.State: PatchableState {
    let store = tracedStore(reactor)
    let recorder = history.recorder(store, feature: feature)
    let reporter = reporter
    store.observe { event, state in
      switch event {
      case .transition(let transition):
        reporter.write(render(transition, state), for: transition.origin)
        let hits = recorder(transition, state)
        if !hits.isEmpty { reporter.write(hits, seq: transition.seq, for: transition.origin) }
      case .notice(let notice, _, let origin):
        reporter.write(notice, for: origin)
      case .failure(let error, _, let origin):
        reporter.write(failure: error, for: origin)
      }
    }
    return store
  }

  /// Makes the store of a feature whose changes print the plain way: in JSON mode each is a
  /// `change` record that names its action and mutation by their ``CaseNamed`` names; in text
  /// mode, the lines `text` makes of the state after it (sanitize what came from the network),
  /// under `<feature> restored:` when time travel put the state back.
  public func store<R: Reactor>(_ reactor: R, text: @escaping @Sendable (R.State) -> [String]) -> Store<R>
  where R.Action: CaseNamed, R.Mutation: CaseNamed, R.State: PatchableState {
    let records = reporter.records
    let feature = feature
    return store(reactor) { transition, state in
      records.plain(
        feature: feature, seq: transition.seq, action: transition.action?.caseName,
        mutation: transition.mutation?.caseName, patch: transition.changes
      ) { text(state) }
    }
  }

  /// The store, diffing, tracing its effects with a tracer of the feature's made for it.
  func tracedStore<R: Reactor>(_ reactor: R) -> Store<R> where R.State: PatchableState {
    let origin = TraceOrigin()
    let store = Store(
      reactor: reactor, sequencer: sequencer, differ: .patches, executor: executor,
      tracer: trace.tracer(feature: feature, origin: origin))
    origin.follow(store)
    return store
  }

  /// What a feature's stores write to the session, none of it generic; each line tagged with
  /// the request of the action it comes from. Its methods stay out of line: inlined into the
  /// observer, their `ReactorJSON` code would keep it from being serialized.
  struct Reporter: Sendable {
    let feature: String
    let sink: any OutputSink
    let records: Records
    let watchLines: @Sendable (_ hit: WatchHit, _ seq: UInt64) -> [OutputLine]

    /// A change's lines.
    @inline(never) func write(_ lines: [OutputLine], for origin: Origin) { sink.write(lines.tagged(origin.tag)) }

    /// The watches a change changed.
    @inline(never) func write(_ hits: [WatchHit], seq: UInt64, for origin: Origin) {
      sink.write(hits.flatMap { watchLines($0, seq).tagged(origin.tag) })
    }

    @inline(never) func write(_ notice: Notice, for origin: Origin) {
      sink.write([records.info(notice.message, feature: feature, warning: notice.isWarning).tagged(origin.tag)])
    }

    @inline(never) func write(failure error: any Error, for origin: Origin) {
      let failure = GitHubError.from(error)
      sink.write([
        records.error(code: failure.code, message: failure.message, feature: feature, details: failure.details)
          .tagged(origin.tag)
      ])
    }
  }
}
