import GitHubClient
import ReactorCore
import SearchFeature
import Shell

/// Scenario `large`: 10,000 `next` commands, each appending 30 distinct repositories, onto a
/// search state that starts at 100,000, with diff and an NDJSON line per change. The cost of
/// each append is timed on its own; the first and the last 1,000 are compared.
enum LargeStateBench {
  struct Setup: Sendable {
    let start: Int
    let appends: Int
    let block: Int
    let first: [Repository]
    /// `pages[i]` is the `i`-th page after the first (page number `i + 2`).
    let pages: [[Repository]]
  }

  struct Blocks {
    /// Microseconds per append, every append.
    var samples: [Double]
    var block: Int
    var firstMean: Double { mean(samples.prefix(block)) }
    var lastMean: Double { mean(samples.suffix(block)) }
    var firstTrimmed: Double { trimmedMean(samples.prefix(block)) }
    var lastTrimmed: Double { trimmedMean(samples.suffix(block)) }
    var firstMedian: Double { median(samples.prefix(block)) }
    var lastMedian: Double { median(samples.suffix(block)) }
  }

  static func setup(start: Int, appends: Int, block: Int) -> Setup {
    let first = Fixtures.repositories(start: 0, count: start)
    // One warm-up page, then the timed ones.
    let pages = (0...appends).map { Fixtures.repositories(start: start + $0 * 30, count: 30) }
    return Setup(start: start, appends: appends, block: block, first: first, pages: pages)
  }

  /// A store holding the first page and one append, rendering NDJSON to a null sink from now on.
  static func loadedStore(_ setup: Setup) -> (Store<SearchReactor>, ManualExecutor) {
    let executor = ManualExecutor()
    let client = Fixtures.instantClient(first: setup.first, later: { [pages = setup.pages] in pages[$0 - 2] })
    let store = Store(
      reactor: SearchReactor(client: client), sequencer: Sequencer(), differ: .patches, executor: executor)
    store.send(.updateQuery("large"))
    executor.runUntilIdle()
    // The first append copies the 100,000 items the stub still shares: keep it out of what is measured.
    store.send(.loadNextPage)
    executor.runUntilIdle()
    Fixtures.attachRenderer(to: store, sink: NullSink())
    return (store, executor)
  }

  /// Every append through the store, with diff + NDJSON to a null sink.
  static func store(_ setup: Setup) -> Blocks {
    let (store, executor) = loadedStore(setup)
    var samples = [Double](repeating: 0, count: setup.appends)
    for index in 0..<setup.appends {
      let start = nanoseconds()
      store.send(.loadNextPage)
      executor.runUntilIdle()
      samples[index] = Double(nanoseconds() - start) / 1e3
    }
    precondition(store.currentState.repos.count == setup.start + (setup.appends + 1) * 30)
    return Blocks(samples: samples, block: setup.block)
  }

  /// The same mutations reduced in a plain loop on `inout` state.
  static func plain(_ setup: Setup) -> Blocks {
    let reactor = SearchReactor(client: Fixtures.instantClient(page: []))
    var state = reactor.initialState
    reactor.reduce(state: &state, mutation: .setQuery("large"))
    reactor.reduce(
      state: &state, mutation: .setRepos(Page(items: setup.first, page: 1, nextPage: 2, totalCount: 1_000_000)))
    reactor.reduce(state: &state, mutation: .setLoadingNextPage)
    reactor.reduce(state: &state, mutation: .appendRepos(Page(items: setup.pages[0], page: 2, nextPage: 3)))
    var samples = [Double](repeating: 0, count: setup.appends)
    for index in 0..<setup.appends {
      let start = nanoseconds()
      reactor.reduce(state: &state, mutation: .setLoadingNextPage)
      reactor.reduce(
        state: &state,
        mutation: .appendRepos(
          Page(items: setup.pages[index + 1], page: index + 3, nextPage: index + 4, totalCount: 1_000_000)))
      samples[index] = Double(nanoseconds() - start) / 1e3
    }
    precondition(state.repos.count == setup.start + (setup.appends + 1) * 30)
    blackhole(state)
    return Blocks(samples: samples, block: setup.block)
  }

  struct Summary {
    var first = Double.infinity, last = Double.infinity
    var firstMean = Double.infinity, lastMean = Double.infinity
    var firstMedian = Double.infinity, lastMedian = Double.infinity
  }

  /// Per block and statistic, the smallest over the runs. `first`/`last` are means without the
  /// slowest 1% of appends (an array doubling lands in one block or another depending on where
  /// the capacity happens to run out; it is the same for every implementation).
  static func bestBlocks(_ runs: Int, _ body: () -> Blocks) -> Summary {
    var result = Summary()
    for _ in 0..<max(1, runs) {
      let blocks = body()
      result.first = min(result.first, blocks.firstTrimmed)
      result.last = min(result.last, blocks.lastTrimmed)
      result.firstMean = min(result.firstMean, blocks.firstMean)
      result.lastMean = min(result.lastMean, blocks.lastMean)
      result.firstMedian = min(result.firstMedian, blocks.firstMedian)
      result.lastMedian = min(result.lastMedian, blocks.lastMedian)
    }
    return result
  }

  /// Microseconds to write one append's NDJSON line by copying each repository's JSON, encoded
  /// beforehand, into one buffer: the bytes any renderer must produce.
  static func lineCopy(_ setup: Setup, runs: Int) -> Double {
    let lines = setup.pages.suffix(1_000).map(RenderLineBench.fragments)
    return best(of: runs) {
      seconds {
        for (index, fragments) in lines.enumerated() {
          blackhole(RenderLineBench.cached(fragments, seq: UInt64(index)))
        }
      } / Double(lines.count) * 1e6
    }
  }

  static func run(_ context: Context) -> [Row] {
    let appends = context.count(full: 10_000, quick: 2_000)
    let block = context.count(full: 1_000, quick: 200)
    progress("large state: \(appends) appends of 30 onto 100,000 repos, best of \(context.runs)")
    let setup = setup(start: 100_000, appends: appends, block: block)
    let end = setup.start + (appends + 1) * 30
    let plain = bestBlocks(context.runs) { Self.plain(setup) }
    let ours = bestBlocks(context.runs) { Self.store(setup) }
    // The floor of an append: the bare task its request needs, the reduce, and one copy of the
    // NDJSON line's bytes from the repositories' JSON, encoded once (as `Repository` holds it).
    let task = best(of: context.runs) { SearchScriptBench.taskFloor(SearchScriptBench.script(queries: appends / 10)) }
    let copy = lineCopy(setup, runs: context.runs)
    let floor = task + plain.last + copy
    let note = String(
      format:
        "figures drop the slowest 1%% of appends; all appends: ours %.2f -> %.2f us, plain %.2f -> %.2f us; medians: ours %.2f -> %.2f, plain %.2f -> %.2f",
      ours.firstMean, ours.lastMean, plain.firstMean, plain.lastMean, ours.firstMedian, ours.lastMedian,
      plain.firstMedian,
      plain.lastMedian)
    return [
      Row(
        id: "large.first", scenario: "large state: first \(block.grouped) appends @100k, diff+NDJSON", ours: ours.first,
        baseline: plain.first, baselineName: "reduce in a loop", unit: "us/append", target: nil),
      Row(
        id: "large.last", scenario: "large state: last \(block.grouped) appends @\(end / 1000)k, diff+NDJSON",
        ours: ours.last,
        baseline: floor, baselineName: "floor: task + reduce + line copy", unit: "us/append",
        target: .atMost(2.5, on: .ratio),
        note: String(
          format: "floor = bare task %.3f + reduce loop %.3f + line copy %.3f us/append", task, plain.last, copy)),
      Row(
        id: "large.growth", scenario: "large state: growth, last/first block (ours)", ours: ours.last,
        baseline: ours.first,
        baselineName: "first block", unit: "us/append", target: .atMost(1.2, on: .ratio), note: note),
      Row(
        id: "large.growth.plain", scenario: "large state: growth, last/first block (plain loop)", ours: plain.last,
        baseline: plain.first, baselineName: "first block", unit: "us/append", target: nil),
    ]
  }
}
