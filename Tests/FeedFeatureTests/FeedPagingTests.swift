import FeedFeature
import GitHubClient
import ReactorCore
import ReactorJSON
import ReactorTesting
import Testing

// Loading more: appending unseen events, refusals, the 300-event limit, errors, and JSON.

@Suite("FeedReactor: load more")
struct FeedPagingTests {
  static let page1 = Page(items: events((71...100).reversed()), page: 1, nextPage: 2)

  /// An endpoint serving page 1 (ETag `"v1"`) and `page2`.
  static func endpoint(page2: Page<Event>) -> EventsEndpoint {
    EventsEndpoint([1: .success(.page(Self.page1, etag: "\"v1\"")), 2: .success(.page(page2, etag: nil))])
  }

  /// A store with page 1 loaded from `endpoint`.
  static func refreshed(_ endpoint: EventsEndpoint, perPage: Int = 30) async -> TestStore<FeedReactor> {
    let store = TestStore(reactor: FeedReactor(client: endpoint.client, perPage: perPage))
    await store.send(.refresh)
    await FeedRefreshTests.receiveRefresh(store, Self.page1, etag: "\"v1\"")
    return store
  }

  @Test("loadMore appends the next page, then says there are no more")
  func loadMore() async {
    let page2 = Page(items: events((41...70).reversed()), page: 2, nextPage: nil)
    let endpoint = Self.endpoint(page2: page2)
    let store = await Self.refreshed(endpoint)
    let task = await store.send(.loadMore)
    await store.receive(.setLoadingMore) { $0.isLoadingMore = true }
    await store.receive(.appendEvents(page2)) {
      $0.items.append(contentsOf: page2.items)
      $0.seenIDs.formUnion(page2.items.map(\.id))
      $0.nextPage = nil
      $0.isLoadingMore = false
    }
    #expect(await task.finish() == .ok)
    #expect(endpoint.requests.values.last == .init(page: 2, perPage: 30, etag: nil))
    await store.send(.loadMore)
    await store.receiveNotice("no more events")
    await store.finish()
  }

  @Test("loadMore before any refresh says to refresh first")
  func loadMoreBeforeRefresh() async {
    let endpoint = EventsEndpoint()
    let store = TestStore(reactor: FeedReactor(client: endpoint.client))
    await store.send(.loadMore)
    await store.receiveNotice("no events yet; try 'refresh'")
    #expect(endpoint.requests.values.isEmpty)
    await store.finish()
  }

  @Test("loadMore while refreshing or loading is refused")
  func loadMoreWhileLoading() async {
    let page2 = Page(items: events((41...70).reversed()), page: 2, nextPage: 3)
    let endpoint = Self.endpoint(page2: page2)
    let gate1 = endpoint.hold(1)
    let store = TestStore(reactor: FeedReactor(client: endpoint.client))
    await store.send(.refresh)
    await store.receive(.setRefreshing) { $0.isRefreshing = true }
    await store.send(.loadMore)
    await store.receiveNotice("a page is already loading")
    gate1.open()
    await store.receive(.setEvents(Self.page1, etag: "\"v1\"")) {
      $0.items = TrackedArray(Self.page1.items)
      $0.seenIDs = Set(Self.page1.items.map(\.id))
      $0.nextPage = 2
      $0.etag = "\"v1\""
      $0.isRefreshing = false
    }
    let gate2 = endpoint.hold(2)
    await store.send(.loadMore)
    await store.receive(.setLoadingMore) { $0.isLoadingMore = true }
    await store.send(.loadMore)
    await store.receiveNotice("a page is already loading")
    gate2.open()
    await store.receive(.appendEvents(page2)) {
      $0.items.append(contentsOf: page2.items)
      $0.seenIDs.formUnion(page2.items.map(\.id))
      $0.nextPage = 3
      $0.isLoadingMore = false
    }
    #expect(endpoint.requests.values.map(\.page) == [1, 2])
    await store.finish()
  }

  @Test("events already shown are not appended again, even when the feed shifted")
  func deduplicatesAcrossPages() async {
    // Five new events arrived after page 1 was read, so page 2 starts with page 1's last five.
    let page2 = Page(items: events((46...75).reversed()), page: 2, nextPage: 3)
    let endpoint = Self.endpoint(page2: page2)
    let store = await Self.refreshed(endpoint)
    await store.send(.loadMore)
    await store.receive(.setLoadingMore) { $0.isLoadingMore = true }
    await store.receive(.appendEvents(page2)) {
      $0.items.append(contentsOf: events((46...70).reversed()))
      $0.seenIDs.formUnion((46...70).map(String.init))
      $0.nextPage = 3
      $0.isLoadingMore = false
    }
    #expect(Set(store.state.items.map(\.id)).count == 55)
    await store.finish()
  }

  @Test("a page of nothing but duplicates still advances to the next page, with no item patch")
  func allDuplicatesAdvance() async {
    let page2 = Page(items: events((81...90).reversed()), page: 2, nextPage: 3)
    let endpoint = Self.endpoint(page2: page2)
    let store = Store(reactor: FeedReactor(client: endpoint.client))
    let patches = Recorder<[PatchOperation]>()
    store.observe { event, _ in
      if case .transition(let transition) = event { patches.append(transition.patch) }
    }
    await store.send(.refresh).finish()
    await store.send(.loadMore).finish()
    #expect(store.currentState.items.count == 30)
    #expect(store.currentState.nextPage == 3)
    let last = patches.values.last ?? []
    #expect(last.map(\.path) == ["/isLoadingMore", "/nextPage"])
  }

  @Test("GitHub serves at most 300 events: the page reaching 300 has no next page", arguments: [30, 100, 50])
  func eventLimit(perPage: Int) async {
    let endpoint = EventsEndpoint()
    let pages = 300 / perPage
    for page in 1...pages + 1 {
      let ids = (1...perPage).map { 10_000 - (page - 1) * perPage - $0 }
      endpoint.answer(page, .success(.page(Page(items: events(ids), page: page, nextPage: page + 1), etag: nil)))
    }
    let store = Store(reactor: FeedReactor(client: endpoint.client, perPage: perPage))
    let notices = Recorder<String>()
    store.observe { event, _ in
      if case .notice(let notice, _, _) = event { notices.append(notice.message) }
    }
    await store.send(.refresh).finish()
    for _ in 1..<pages { await store.send(.loadMore).finish() }
    #expect(store.currentState.items.count == 300)
    #expect(store.currentState.nextPage == nil)
    #expect(notices.values.isEmpty)
    await store.send(.loadMore).finish()
    #expect(notices.values == ["no more events"])
    #expect(endpoint.requests.values.map(\.page) == Array(1...pages))
  }

  @Test("a failed page keeps the items and the next page, so loadMore can retry")
  func loadMoreError() async {
    let page2 = Page(items: events((41...70).reversed()), page: 2, nextPage: 3)
    let endpoint = EventsEndpoint([1: .success(.page(Self.page1, etag: "\"v1\"")), 2: .failure(.timeout(seconds: nil))])
    let store = await Self.refreshed(endpoint)
    let task = await store.send(.loadMore)
    await store.receive(.setLoadingMore) { $0.isLoadingMore = true }
    await store.receive(.setError(.timeout(seconds: nil))) {
      $0.isLoadingMore = false
      $0.error = GitHubFailure(.timeout(seconds: nil))
    }
    #expect(await task.finish() == .error)
    endpoint.answer(2, .success(.page(page2, etag: nil)))
    await store.send(.loadMore)
    await store.receive(.setLoadingMore) { $0.isLoadingMore = true }
    await store.receive(.appendEvents(page2)) {
      $0.items.append(contentsOf: page2.items)
      $0.seenIDs.formUnion(page2.items.map(\.id))
      $0.nextPage = 3
      $0.isLoadingMore = false
      $0.error = nil
    }
    await store.finish()
  }

  @Test("the JSON holds no bookkeeping, and the patches rebuild it exactly")
  func jsonAndPatches() async throws {
    let page2 = Page(items: events((46...75).reversed()), page: 2, nextPage: 3)
    let endpoint = Self.endpoint(page2: page2)
    let store = Store(reactor: FeedReactor(client: endpoint.client))
    let patches = Recorder<[PatchOperation]>()
    store.observe { event, _ in
      if case .transition(let transition) = event { patches.append(transition.patch) }
    }
    await store.send(.refresh).finish()
    await store.send(.loadMore).finish()
    endpoint.answer(1, .success(.notModified))
    await store.send(.refresh).finish()
    endpoint.answer(2, .failure(.timeout(seconds: nil)))
    await store.send(.loadMore).finish()
    var document = FeedState().jsonValue
    for patch in patches.values { document = try JSONPatch.apply(patch, to: document) }
    #expect(document == store.currentState.jsonValue)
    guard case .object(let object) = document else {
      Issue.record("not an object")
      return
    }
    #expect(object.members.map(\.key) == ["error", "isLoadingMore", "isRefreshing", "items", "nextPage"])
    #expect(
      store.currentState.items[0].jsonValue.jsonText
        == #"{"actor":"user100","createdAt":1700000100,"detail":"main","id":"100","repository":"owner/repo100","type":"PushEvent"}"#
    )
    let noDetail = Event(id: "1", type: "WatchEvent", actor: "a", repository: "o/r", createdAt: 1.5)
    #expect(
      noDetail.jsonValue.jsonText
        == #"{"actor":"a","createdAt":1.5,"detail":null,"id":"1","repository":"o/r","type":"WatchEvent"}"#)
  }
}
