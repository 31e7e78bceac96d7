import FeatureList
import GitHubClient
import ReactorCore
import Rendering
import SearchFeature
import Shell

/// Scenario `search`: 10,000 queries, each followed by 9 `next`, 30 repositories a page from
/// an instant stub client. Effects run on a `ManualExecutor`, drained after every send, as
/// replays run them.
enum SearchScriptBench {
  struct Script {
    let queries: [String]
    let nexts: Int
    var actions: Int { queries.count * (1 + nexts) }
  }

  static func script(queries: Int, nexts: Int = 9) -> Script {
    Script(queries: (0..<queries).map { "q\($0)" }, nexts: nexts)
  }

  static let page = Fixtures.repositories(start: 0, count: 30)

  /// Distinct prebuilt pages 1 to 10 (search drops a repository a later page repeats, so the
  /// same page again would append nothing), then the tenth again for longer scripts.
  static let pages = (0..<10).map { Fixtures.repositories(start: $0 * 30, count: 30) }
  static func page(_ number: Int) -> [Repository] { pages[min(number, pages.count) - 1] }

  /// The instant client the scenario's stores search with: page `n` is ``page(_:)``.
  static var client: GitHubClient { Fixtures.instantClient(first: pages[0], later: { page($0) }) }

  /// A store on a manual executor, with patches and an NDJSON renderer, or neither.
  static func makeStore(rendering sink: (any OutputSink)?) -> (Store<SearchReactor>, ManualExecutor) {
    makeStore(SearchReactor(client: client), rendering: sink)
  }

  static func makeStore<R: Reactor>(_ reactor: R, rendering sink: (any OutputSink)?) -> (Store<R>, ManualExecutor)
  where R.State == SearchState, R.Action == SearchReactor.Action, R.Mutation == SearchReactor.Mutation {
    let executor = ManualExecutor()
    let store: Store<R>
    if let sink {
      store = Store(reactor: reactor, sequencer: Sequencer(), differ: .patches, executor: executor)
      Fixtures.attachRenderer(to: store, sink: sink)
    } else {
      store = Store(reactor: reactor, sequencer: Sequencer(), differ: .none, executor: executor)
    }
    return (store, executor)
  }

  /// Sends the script through `store`, running effects after every send.
  static func drive<R: Reactor>(_ store: Store<R>, _ executor: ManualExecutor, _ script: Script)
  where R.Action == SearchReactor.Action {
    for query in script.queries {
      store.send(.updateQuery(query))
      executor.runUntilIdle()
      for _ in 0..<script.nexts {
        store.send(.loadNextPage)
        executor.runUntilIdle()
      }
    }
  }

  /// Microseconds per action through the store.
  static func store(_ script: Script, rendering: Bool) -> Double {
    store(SearchReactor(client: client), script, rendering: rendering)
  }

  static func store<R: Reactor>(_ reactor: R, _ script: Script, rendering: Bool) -> Double
  where R.State == SearchState, R.Action == SearchReactor.Action, R.Mutation == SearchReactor.Mutation {
    let (store, executor) = makeStore(reactor, rendering: rendering ? NullSink() : nil)
    let elapsed = seconds { drive(store, executor, script) }
    let state = store.currentState
    precondition(state.repos.count == page.count * (1 + script.nexts) && state.query == script.queries.last)
    precondition(store.runningEffectCount == 0)
    return elapsed / Double(script.actions) * 1e6
  }

  /// Microseconds per action for the same mutations reduced in a plain loop on `inout` state.
  static func plain(_ script: Script) -> Double {
    let reactor = SearchReactor(client: client)
    var state = reactor.initialState
    let pages = Self.pages
    let elapsed = seconds {
      for query in script.queries {
        reactor.reduce(state: &state, mutation: .setQuery(query))
        reactor.reduce(
          state: &state, mutation: .setRepos(Page(items: pages[0], page: 1, nextPage: 2, totalCount: 1_000_000)))
        for number in 2..<(2 + script.nexts) {
          reactor.reduce(state: &state, mutation: .setLoadingNextPage)
          reactor.reduce(
            state: &state,
            mutation: .appendRepos(
              Page(
                items: pages[min(number, pages.count) - 1], page: number, nextPage: number + 1, totalCount: 1_000_000)
            ))
        }
      }
    }
    precondition(state.repos.count == page.count * (1 + script.nexts))
    blackhole(state)
    return elapsed / Double(script.actions) * 1e6
  }

  /// The search reactor with each request answered inside `mutate`, as a synchronous `send`:
  /// for the script's actions (queries that are never blank, `next`), the same mutations in the
  /// same order, under the same cancellation id (`"search"`), and no task. A real
  /// request is asynchronous, so this is no way to run searches; it measures what the store,
  /// diff and NDJSON cost an action apart from the effect's task, to show how far each target
  /// would be even if that task cost nothing.
  struct TasklessSearchReactor: Reactor {
    let base = SearchReactor(client: Fixtures.instantClient(page: []))
    var initialState: SearchState { base.initialState }

    func mutate(action: SearchReactor.Action, state: SearchState) -> Effect<SearchReactor.Mutation> {
      switch action {
      case .updateQuery(let query):
        let answer = Page(items: SearchScriptBench.page(1), page: 1, nextPage: 2, totalCount: 1_000_000)
        return .concatenate(
          .send(.setQuery(query)), Effect.send(.setRepos(answer)).cancellable(id: "search", cancelInFlight: true))
      case .loadNextPage:
        guard let next = state.nextPage, !state.isLoadingNextPage else { return .none }
        let answer = Page(items: SearchScriptBench.page(next), page: next, nextPage: next + 1, totalCount: 1_000_000)
        return .concatenate(
          .send(.setLoadingNextPage), Effect.send(.appendRepos(answer)).cancellable(id: "search"))
      default:
        // The script sends only the actions above.
        return .none
      }
    }

    func reduce(state: inout SearchState, mutation: SearchReactor.Mutation) {
      base.reduce(state: &state, mutation: mutation)
    }
  }

  /// Microseconds for the part of every search action that is not ours to remove: one Swift
  /// task started on the same `ManualExecutor`, awaiting an instant async call, drained. Each
  /// `query` and `next` starts a network request, an asynchronous effect, so it needs a task.
  static func taskFloor(_ script: Script) -> Double {
    let executor = ManualExecutor()
    let page = Self.page
    let client = Fixtures.instantClient(page: page)
    let sink = Locked(0)
    let elapsed = seconds {
      for index in 0..<script.actions {
        Task(executorPreference: executor) {
          let result = try? await client.searchRepositories("q", index, 30)
          sink.withLock { $0 &+= result?.items.count ?? 0 }
        }
        executor.runUntilIdle()
      }
    }
    precondition(sink.withLock { $0 } == script.actions * page.count)
    return elapsed / Double(script.actions) * 1e6
  }

  /// Microseconds per action to copy the bytes of the NDJSON lines the action writes, as
  /// `large.last`'s floor copies an append's line: each action commits twice, so it writes the
  /// page's line, made here from its repositories' JSON encoded beforehand
  /// (`RenderLineBench.cached`, one copy per repository and per operation head), and one short
  /// line (the query, or the loading flag), copied whole from the bytes the store wrote.
  static func lineCopy(_ script: Script) -> Double {
    let fragments = pages.map(RenderLineBench.fragments)
    let rendered = renderedLines(SearchReactor(client: client)).map { Array($0.utf8) }
    // The first query's lines: setQuery, setRepos, then setLoadingNextPage, appendRepos.
    let (queryLine, loadingLine) = (rendered[0], rendered[2])
    let perQuery = 1 + script.nexts
    let elapsed = seconds {
      for action in 0..<script.actions {
        let step = action % perQuery
        blackhole(RenderLineBench.cached(fragments[min(step, fragments.count - 1)], seq: UInt64(action)))
        blackhole(RenderLineBench.copied(step == 0 ? queryLine : loadingLine))
      }
    }
    return elapsed / Double(script.actions) * 1e6
  }

  /// Microseconds per command line through the whole `Session` (parse, route, store, diff,
  /// NDJSON), to a null sink.
  static func session(_ script: Script) -> Double {
    let executor = ManualExecutor()
    let session = Session(
      configuration: Session.Configuration(
        client: client, features: Features.all, options: RenderOptions(mode: .json), sink: NullSink(),
        executor: executor))
    let lines = script.queries.map { "query \($0)" }
    let elapsed = seconds {
      for line in lines {
        _ = session.start(line)
        executor.runUntilIdle()
        for _ in 0..<script.nexts {
          _ = session.start("next")
          executor.runUntilIdle()
        }
      }
    }
    guard case .array(let repos)? = session.stateJSON("search")["repos"], repos.count == page.count * (1 + script.nexts)
    else { fatalError("the session did not load the expected pages") }
    return elapsed / Double(script.actions) * 1e6
  }

  /// Checks, outside the timed runs, that the rendering store writes what the session would,
  /// and that the taskless reactor writes the same lines.
  static func validate() {
    let lines = renderedLines(SearchReactor(client: client))
    // query: setQuery + setRepos; next: setLoadingNextPage + appendRepos.
    precondition(lines.count == 2 * (2 + 2 * 2), "unexpected NDJSON output: \(lines.count) lines")
    precondition(lines.allSatisfy { $0.hasPrefix("{") && $0.contains(#""type":"change""#) })
    precondition(lines.filter { $0.contains(#""op":"add","path":"/repos/-""#) }.count == 2 * 2)
    precondition(renderedLines(TasklessSearchReactor()) == lines, "the taskless reactor renders other lines")
  }

  private static func renderedLines<R: Reactor>(_ reactor: R) -> [String]
  where R.State == SearchState, R.Action == SearchReactor.Action, R.Mutation == SearchReactor.Mutation {
    let sink = MemorySink()
    let (store, executor) = makeStore(reactor, rendering: sink)
    drive(store, executor, script(queries: 2, nexts: 2))
    return sink.lines.map(\.text)
  }

  static func run(_ context: Context) -> [Row] {
    let script = script(queries: context.count(full: 10_000, quick: 2_000))
    progress("search script: \(script.actions) actions, best of \(context.runs)")
    validate()
    let plain = best(of: context.runs) { Self.plain(script) }
    let bare = best(of: context.runs) { Self.store(script, rendering: false) }
    // The rendering variants take seconds a run; three runs are enough for a best-of.
    let rendered = best(of: min(context.runs, 3)) { Self.store(script, rendering: true) }
    let session = best(of: min(context.runs, 3)) { Self.session(script) }
    let floor = best(of: context.runs) { Self.taskFloor(script) }
    let taskless = TasklessSearchReactor()
    let tasklessBare = best(of: context.runs) { Self.store(taskless, script, rendering: false) }
    let tasklessRendered = best(of: min(context.runs, 3)) { Self.store(taskless, script, rendering: true) }
    let copy = best(of: context.runs) { Self.lineCopy(script) }
    let name = "search script: \(script.actions.grouped) actions"
    // The floor of any design that runs each request as a task: that task, plus the reduce;
    // with output, plus the copy of the lines' bytes (as large.last's floor; issue 21).
    let floorName = "floor: bare task + reduce loop"
    let floorNote = String(format: "floor = bare task %.3f + reduce loop %.3f us/action", floor, plain)
    let outputFloorName = "floor: task + reduce + line copy"
    let outputFloorNote = String(
      format: "floor = bare task %.3f + reduce loop %.3f + line copy %.3f us/action", floor, plain, copy)
    return [
      Row(
        id: "search.store", scenario: "\(name), Store, no rendering", ours: bare, baseline: floor + plain,
        baselineName: floorName, unit: "us/action", target: .atMost(1.8, on: .ratio), note: floorNote),
      Row(
        id: "search.ndjson", scenario: "\(name), Store + diff + NDJSON", ours: rendered,
        baseline: floor + plain + copy, baselineName: outputFloorName, unit: "us/action",
        target: .atMost(2.5, on: .ratio), note: outputFloorNote),
      Row(
        id: "search.task", scenario: "search script: one bare effect task per action (floor)", ours: floor,
        baseline: plain, baselineName: "reduce in a loop", unit: "us/action", target: nil),
      Row(
        id: "search.taskless", scenario: "search script: Store, answers sent in mutate (no task)", ours: tasklessBare,
        baseline: plain, baselineName: "reduce in a loop", unit: "us/action", target: nil),
      Row(
        id: "search.taskless.ndjson", scenario: "search script: Store + diff + NDJSON, no task", ours: tasklessRendered,
        baseline: plain, baselineName: "reduce in a loop", unit: "us/action", target: nil),
      Row(
        id: "search.session", scenario: "\(name), Session lines (parse+NDJSON)", ours: session, baseline: plain,
        baselineName: "reduce in a loop", unit: "us/action", target: .atMost(35, on: .ratio),
        note: "target: d1b20da's own ratio on this machine (31.7x at best), plus 10% (issue 40)"),
    ]
  }
}
