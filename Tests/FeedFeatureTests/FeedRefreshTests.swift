import FeedFeature
import GitHubClient
import ReactorCore
import ReactorTesting
import Testing

// Refreshing the feed: page 1, conditional on the last ETag; refusals; errors.

@Suite("FeedReactor: refresh")
struct FeedRefreshTests {
  static let page1 = Page(items: events((71...100).reversed()), page: 1, nextPage: 2)

  /// Receives a refresh's two mutations, expecting `page` to replace the items.
  static func receiveRefresh(_ store: TestStore<FeedReactor>, _ page: Page<Event>, etag: String?) async {
    await store.receive(.setRefreshing) { $0.isRefreshing = true }
    await store.receive(.setEvents(page, etag: etag)) {
      $0.items = TrackedArray(page.items)
      $0.seenIDs = Set(page.items.map(\.id))
      $0.nextPage = page.nextPage
      $0.etag = etag
      $0.isRefreshing = false
    }
  }

  @Test("refresh loads page 1 without an ETag the first time")
  func refresh() async {
    let endpoint = EventsEndpoint([1: .success(.page(Self.page1, etag: "\"v1\""))])
    let store = TestStore(reactor: FeedReactor(client: endpoint.client))
    let task = await store.send(.refresh)
    await Self.receiveRefresh(store, Self.page1, etag: "\"v1\"")
    #expect(await task.finish() == .ok)
    #expect(endpoint.requests.values == [.init(page: 1, perPage: 30, etag: nil)])
    #expect(store.state.items.first?.id == "100")
    await store.finish()
  }

  @Test("a second refresh sends the ETag; 304 keeps the items (no new events)")
  func notModified() async {
    let endpoint = EventsEndpoint([1: .success(.page(Self.page1, etag: "W/\"abc\""))])
    let store = TestStore(reactor: FeedReactor(client: endpoint.client, perPage: 30))
    await store.send(.refresh)
    await Self.receiveRefresh(store, Self.page1, etag: "W/\"abc\"")
    endpoint.answer(1, .success(.notModified))
    let task = await store.send(.refresh)
    await store.receive(.setRefreshing) { $0.isRefreshing = true }
    await store.receive(.setNotModified) { $0.isRefreshing = false }
    #expect(await task.finish() == .ok)
    #expect(endpoint.requests.values.map(\.etag) == [nil, "W/\"abc\""])
    #expect(store.state.items.count == 30)
    await store.finish()
  }

  @Test("a changed page 1 replaces the items and the ETag")
  func refreshReplaces() async {
    let endpoint = EventsEndpoint([1: .success(.page(Self.page1, etag: "\"v1\""))])
    let store = TestStore(reactor: FeedReactor(client: endpoint.client))
    await store.send(.refresh)
    await Self.receiveRefresh(store, Self.page1, etag: "\"v1\"")
    let newer = Page(items: events((76...105).reversed()), page: 1, nextPage: 2)
    endpoint.answer(1, .success(.page(newer, etag: "\"v2\"")))
    await store.send(.refresh)
    await Self.receiveRefresh(store, newer, etag: "\"v2\"")
    #expect(endpoint.requests.values.map(\.etag) == [nil, "\"v1\""])
    await store.finish()
  }

  @Test("duplicate ids within page 1 are shown once")
  func refreshDeduplicates() async {
    let page = Page(items: events([5, 4, 4, 3, 5, 2]), page: 1, nextPage: nil)
    let store = TestStore(reactor: FeedReactor(client: EventsEndpoint([1: .success(.page(page, etag: nil))]).client))
    await store.send(.refresh)
    await store.receive(.setRefreshing) { $0.isRefreshing = true }
    await store.receive(.setEvents(page, etag: nil)) {
      $0.items = TrackedArray(events([5, 4, 3, 2]))
      $0.seenIDs = ["5", "4", "3", "2"]
      $0.isRefreshing = false
    }
    await store.finish()
  }

  @Test("refresh while refreshing is refused with a notice; only one request is made")
  func refreshWhileRefreshing() async {
    let endpoint = EventsEndpoint([1: .success(.page(Self.page1, etag: "\"v1\""))])
    let gate = endpoint.hold(1)
    let store = TestStore(reactor: FeedReactor(client: endpoint.client))
    await store.send(.refresh)
    await store.receive(.setRefreshing) { $0.isRefreshing = true }
    await store.send(.refresh)
    await store.receiveNotice("a refresh is already in flight")
    gate.open()
    await store.receive(.setEvents(Self.page1, etag: "\"v1\"")) {
      $0.items = TrackedArray(Self.page1.items)
      $0.seenIDs = Set(Self.page1.items.map(\.id))
      $0.nextPage = 2
      $0.etag = "\"v1\""
      $0.isRefreshing = false
    }
    #expect(endpoint.requests.values.count == 1)
    await store.finish()
  }

  @Test("an error is state and fails the action; the next success clears it")
  func refreshError() async {
    let error = GitHubError.server(status: 502, message: nil)
    let endpoint = EventsEndpoint([1: .failure(error)])
    let store = TestStore(reactor: FeedReactor(client: endpoint.client))
    let task = await store.send(.refresh)
    await store.receive(.setRefreshing) { $0.isRefreshing = true }
    await store.receive(.setError(error)) {
      $0.isRefreshing = false
      $0.error = GitHubFailure(error)
    }
    #expect(await task.finish() == .error)
    #expect(store.state.error?.code == "server-error")
    #expect(store.store.reactor.failure(of: .setError(error)) as? GitHubError == error)
    #expect(store.store.reactor.failure(of: .setNotModified) == nil)
    endpoint.answer(1, .success(.page(Self.page1, etag: nil)))
    await store.send(.refresh)
    await store.receive(.setRefreshing) { $0.isRefreshing = true }
    await store.receive(.setEvents(Self.page1, etag: nil)) {
      $0.items = TrackedArray(Self.page1.items)
      $0.seenIDs = Set(Self.page1.items.map(\.id))
      $0.nextPage = 2
      $0.isRefreshing = false
      $0.error = nil
    }
    await store.finish()
  }

  @Test("a refresh cancels a loadMore in flight: the stale page never lands")
  func refreshCancelsLoadMore() async {
    let page2 = Page(items: events((41...70).reversed()), page: 2, nextPage: 3)
    let endpoint = FeedPagingTests.endpoint(page2: page2)
    let store = TestStore(reactor: FeedReactor(client: endpoint.client))
    await store.send(.refresh)
    await Self.receiveRefresh(store, Self.page1, etag: "\"v1\"")
    let gate = endpoint.hold(2)
    let more = await store.send(.loadMore)
    await store.receive(.setLoadingMore) { $0.isLoadingMore = true }
    endpoint.answer(1, .success(.notModified))
    await store.send(.refresh)
    await store.receive(.setRefreshing) {
      $0.isRefreshing = true
      $0.isLoadingMore = false
    }
    await store.receive(.setNotModified) { $0.isRefreshing = false }
    gate.open()
    #expect(await more.finish() == .cancelled)
    #expect(store.state.items.count == 30)
    await store.finish()
  }
}
