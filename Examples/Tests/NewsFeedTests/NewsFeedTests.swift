import NewsFeed
import ReactorCore
import ReactorTesting
import Testing

private typealias Post = NewsFeedReactor.Post

private func posts(_ ids: ClosedRange<Int>) -> [Post] { ids.reversed().map { Post(id: $0, text: "post \($0)") } }

/// A feed of two pages; a page whose gate is closed waits at it.
private func feed(gates: [Int: AsyncGate] = [:], first: [Post] = posts(5...6)) -> NewsFeedReactor.Load {
  // The second page starts with post 5 again: the feed moved while it was read.
  let second = posts(1...5)
  return { page in
    await gates[page]?.wait()
    return page == 1 ? (posts: first, nextPage: 2) : (posts: second, nextPage: nil)
  }
}

@Suite("the news feed as library code")
struct NewsFeedTests {
  @Test("refresh loads the newest posts; load more appends the next page without repeats")
  func refreshAndLoadMore() async {
    let store = TestStore(reactor: NewsFeedReactor(load: feed()))
    await store.send(.loadMore)  // nothing loaded yet: nothing to continue
    await store.send(.refresh)
    await store.receive(.setRefreshing(true)) { $0.isRefreshing = true }
    await store.receive(.setPosts(posts(5...6), nextPage: 2)) {
      $0.posts = posts(5...6)
      $0.nextPage = 2
    }
    await store.receive(.setRefreshing(false)) { $0.isRefreshing = false }
    await store.send(.loadMore)
    await store.receive(.setLoadingMore(true)) { $0.isLoadingMore = true }
    await store.receive(.appendPosts(posts(1...5), nextPage: nil)) {
      $0.posts = posts(1...6)
      $0.nextPage = nil
    }
    await store.receive(.setLoadingMore(false)) { $0.isLoadingMore = false }
    await store.send(.loadMore)  // the last page: nothing more
    await store.finish()
  }

  @Test("a refresh cancels the page loading after the old list")
  func refreshCancelsLoadMore() async {
    let slow = AsyncGate()
    let store = TestStore(reactor: NewsFeedReactor(load: feed(gates: [2: slow])))
    await store.send(.refresh)
    await store.receive(.setRefreshing(true)) { $0.isRefreshing = true }
    await store.receive(.setPosts(posts(5...6), nextPage: 2)) {
      $0.posts = posts(5...6)
      $0.nextPage = 2
    }
    await store.receive(.setRefreshing(false)) { $0.isRefreshing = false }
    await store.send(.loadMore)
    await store.receive(.setLoadingMore(true)) { $0.isLoadingMore = true }
    await store.send(.refresh)
    await store.receive(.setRefreshing(true)) {
      $0.isRefreshing = true
      $0.isLoadingMore = false
    }
    await store.receive(.setPosts(posts(5...6), nextPage: 2))
    await store.receive(.setRefreshing(false)) { $0.isRefreshing = false }
    slow.open()
    await store.finish()
  }

  @Test("a refresh while refreshing does nothing")
  func oneRefreshAtATime() async {
    let slow = AsyncGate()
    let store = TestStore(reactor: NewsFeedReactor(load: feed(gates: [1: slow])))
    await store.send(.refresh)
    await store.receive(.setRefreshing(true)) { $0.isRefreshing = true }
    await store.send(.refresh)
    slow.open()
    await store.receive(.setPosts(posts(5...6), nextPage: 2)) {
      $0.posts = posts(5...6)
      $0.nextPage = 2
    }
    await store.receive(.setRefreshing(false)) { $0.isRefreshing = false }
    await store.finish()
  }
}
