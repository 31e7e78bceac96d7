import Foundation
import GitHubClient
import ReactorCore
import Rendering
import SearchFeature

// reactor-bench: release-mode measurements of the architecture's cost.
//
// Each scenario is reported next to a baseline measured in the same run: the same reduce
// called in a plain loop on `inout` state, the physical limit of any store.

/// A reactor that appends a page synchronously, reducing with the real SearchReactor.
struct AppendReactor: Reactor {
  typealias State = SearchState
  typealias Mutation = SearchReactor.Mutation
  let search = SearchReactor(client: GitHubClient(searchRepositories: { _, _, _ in throw GitHubError.timeout }))
  var initialState: SearchState { search.initialState }
  func mutate(action: Page<Repository>, state: State) -> Effect<Mutation> { .send(.appendRepos(action)) }
  func reduce(state: inout State, mutation: Mutation) { search.reduce(state: &state, mutation: mutation) }
}

func page(_ index: Int) -> Page<Repository> {
  let items = (0..<30).map { offset in
    let id = index * 30 + offset
    return Repository(
      id: id, fullName: "owner\(id % 997)/repository-\(id)", description: "A repository used to measure appends, number \(id)",
      stars: id % 100_000, language: ["Swift", "Rust", "Go", nil][id % 4], url: "https://github.com/owner/repository-\(id)")
  }
  return Page(items: items, page: index + 1, nextPage: index + 2, totalCount: 1_000_000)
}

func seconds(_ body: () -> Void) -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  body()
  return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// Microseconds per append for `count` appends through a store that already holds `startRepos`.
func storeAppend(startRepos: Int, count: Int, render: Bool) -> Double {
  let store = Store(reactor: AppendReactor())
  let pages = (0..<(startRepos / 30 + count)).map(page)
  for index in 0..<(startRepos / 30) { store.send(pages[index]) }
  if render {
    let renderer = SearchText(options: RenderOptions(mode: .json))
    store.observe { event, state in
      if case .transition(let transition) = event {
        let lines = renderer.render(transition, state: state, command: "next")
        precondition(!lines.isEmpty)
      }
    }
  }
  let elapsed = seconds {
    for index in (startRepos / 30)..<(startRepos / 30 + count) { store.send(pages[index]) }
  }
  precondition(store.currentState.repos.count == startRepos + count * 30)
  return elapsed / Double(count) * 1e6
}

/// Microseconds per append for the bare reduce in a loop on `inout` state.
func plainAppend(startRepos: Int, count: Int) -> Double {
  let reactor = SearchReactor(client: GitHubClient(searchRepositories: { _, _, _ in throw GitHubError.timeout }))
  var state = reactor.initialState
  let pages = (0..<(startRepos / 30 + count)).map(page)
  for index in 0..<(startRepos / 30) { reactor.reduce(state: &state, mutation: .appendRepos(pages[index])) }
  let elapsed = seconds {
    for index in (startRepos / 30)..<(startRepos / 30 + count) { reactor.reduce(state: &state, mutation: .appendRepos(pages[index])) }
  }
  precondition(state.repos.count == startRepos + count * 30)
  return elapsed / Double(count) * 1e6
}

func best(of runs: Int, _ body: () -> Double) -> Double { (0..<runs).map { _ in body() }.min()! }

let arguments = CommandLine.arguments.dropFirst()
let quick = arguments.contains("--quick")
let count = quick ? 300 : 1000
let runs = quick ? 3 : 5

func row(_ name: String, _ ours: Double, _ baseline: Double, unit: String = "us/append") {
  print(String(format: "%-44@ %10.3f %10.3f %8.2fx  %@", name as NSString, ours, baseline, ours / baseline, unit as NSString))
}

print(String(format: "%-44@ %10@ %10@ %9@", "scenario" as NSString, "ours" as NSString, "baseline" as NSString, "ratio" as NSString))
let plainEmpty = best(of: runs) { plainAppend(startRepos: 0, count: count) }
let plainLarge = best(of: runs) { plainAppend(startRepos: 100_000, count: count) }
let storeEmpty = best(of: runs) { storeAppend(startRepos: 0, count: count, render: false) }
let storeLarge = best(of: runs) { storeAppend(startRepos: 100_000, count: count, render: false) }
let renderEmpty = best(of: runs) { storeAppend(startRepos: 0, count: count, render: true) }
let renderLarge = best(of: runs) { storeAppend(startRepos: 100_000, count: count, render: true) }
row("append 30 @ 0 repos: store+diff", storeEmpty, plainEmpty)
row("append 30 @ 100k repos: store+diff", storeLarge, plainLarge)
row("append 30 @ 0 repos: store+diff+NDJSON", renderEmpty, plainEmpty)
row("append 30 @ 100k repos: store+diff+NDJSON", renderLarge, plainLarge)
print(String(format: "growth 100k/0, store+diff+NDJSON: %.2fx (1.00 = flat); plain loop: %.2fx", renderLarge / renderEmpty, plainLarge / plainEmpty))

let replay = await replayRate(commands: 10_000)
print(String(format: "replay 10,000-command transcript: %.0f commands/s (%.2f s)", replay.rate, replay.seconds))
