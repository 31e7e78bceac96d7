import FeedbackSearch
import ReactorCore
import ReactorTesting
import Testing

private typealias Request = FeedbackSearch.Request

/// Answers searches from a table of pages; a search whose gate is closed waits at it.
private func pages(gates: [String: AsyncGate] = [:]) -> FeedbackSearch.Search {
  let pages: [String: [Int: (repos: [String], nextPage: Int?)]] = [
    "swift": [1: (["apple/swift", "vapor/vapor"], nextPage: 2), 2: (["Alamofire/Alamofire"], nextPage: nil)],
    "rust": [1: (["rust-lang/rust"], nextPage: nil)],
  ]
  return { query, page in
    await gates[query]?.wait()
    guard let answer = pages[query]?[page] else { throw NoSuchPage(query: query) }
    return answer
  }
}

private struct NoSuchPage: Error, CustomStringConvertible {
  var query: String
  var description: String { "no results for \(query)" }
}

@Suite("RxFeedback's GitHub search as library code")
struct FeedbackSearchTests {
  @Test("a search loads page 1; scrolling near the bottom loads the next, until there is none")
  func searchAndScroll() async {
    let store = TestStore(reactor: FeedbackSearch.system(search: pages()))
    await store.send(.searchChanged("swift"))
    await store.receive(.searchChanged("swift")) { $0.search = "swift" }
    let first = Request(search: "swift", page: 1)
    await store.receive(.response(first, repos: ["apple/swift", "vapor/vapor"], nextPage: 2)) {
      $0.results = ["apple/swift", "vapor/vapor"]
      $0.nextPage = 2
      $0.shouldLoadNextPage = false
    }
    await store.send(.scrollingNearBottom)
    await store.receive(.scrollingNearBottom) { $0.shouldLoadNextPage = true }
    let second = Request(search: "swift", page: 2)
    await store.receive(.response(second, repos: ["Alamofire/Alamofire"], nextPage: nil)) {
      $0.results.append("Alamofire/Alamofire")
      $0.nextPage = nil
      $0.shouldLoadNextPage = false
    }
    // No next page: scrolling asks for nothing the loop can load.
    await store.send(.scrollingNearBottom)
    await store.receive(.scrollingNearBottom) { $0.shouldLoadNextPage = true }
    #expect(store.state.loadNextPage == nil)
    await store.finish()
  }

  @Test("a new search cancels the load in flight: the old page never lands")
  func newSearchCancelsTheOld() async {
    let slow = AsyncGate()
    let store = TestStore(reactor: FeedbackSearch.system(search: pages(gates: ["swift": slow])))
    await store.send(.searchChanged("swift"))
    await store.receive(.searchChanged("swift")) { $0.search = "swift" }
    await store.send(.searchChanged("rust"))
    await store.receive(.searchChanged("rust")) { $0.search = "rust" }
    await store.receive(.response(Request(search: "rust", page: 1), repos: ["rust-lang/rust"], nextPage: nil)) {
      $0.results = ["rust-lang/rust"]
      $0.nextPage = nil
      $0.shouldLoadNextPage = false
    }
    slow.open()
    await store.finish()
  }

  @Test("a failed load is state, and scrolling again retries it")
  func failureIsState() async {
    let store = TestStore(reactor: FeedbackSearch.system(search: pages()))
    await store.send(.searchChanged("zig"))
    await store.receive(.searchChanged("zig")) { $0.search = "zig" }
    let request = Request(search: "zig", page: 1)
    await store.receive(.failed(request, message: "no results for zig")) {
      $0.shouldLoadNextPage = false
      $0.lastError = "no results for zig"
    }
    await store.send(.scrollingNearBottom)
    await store.receive(.scrollingNearBottom) { $0.shouldLoadNextPage = true }
    await store.receive(.failed(request, message: "no results for zig")) { $0.shouldLoadNextPage = false }
    await store.finish()
  }

  @Test("an empty search loads nothing")
  func emptySearch() async {
    let store = TestStore(reactor: FeedbackSearch.system(search: pages()))
    await store.send(.searchChanged(""))
    await store.receive(.searchChanged(""))
    await store.finish()
  }
}
