package import GitHubClient
package import ReactorCore

/// GitHub's public event feed, after ReactorKit's news feed sample: pull to refresh, scroll to
/// load more.
///
/// Contract:
/// - `refresh` loads page 1, conditional on the last ETag. A 304 leaves the items as they are
///   (`setNotModified`; the text renderer says "no new events"); a page replaces them. A
///   refresh cancels a `loadMore` in flight and is refused, with a notice, while another
///   refresh is in flight.
/// - `loadMore` loads the next page and appends only events not seen before, because the feed
///   shifts as new events arrive; a page of nothing but duplicates still advances. It is
///   refused, with a notice, while anything loads, before the first page, and at the end.
/// - GitHub serves at most ``eventLimit`` events: a page reaching it has no next page.
/// - Failures are state (`error`), and a failure of the action.
package struct FeedReactor: Reactor {
  // MARK: - Action

  package enum Action: Sendable, Equatable {
    /// Load the newest events, replacing the list (pull to refresh).
    case refresh
    /// Stop whatever is loading (Ctrl-C), keeping the events so far.
    case cancel
    /// Load the page after the last one loaded.
    case loadMore
  }

  // MARK: - Mutation

  package enum Mutation: Sendable, Equatable {
    case setRefreshing
    /// Page 1 and the ETag that came with it.
    case setEvents(Page<Event>, etag: String?)
    /// Page 1 has not changed since the ETag sent.
    case setNotModified
    case setLoadingMore
    case appendEvents(Page<Event>)
    case setError(GitHubError)
    case setIdle
  }

  // MARK: - State

  package typealias State = FeedState

  /// The most events GitHub's `/events` serves, across all pages.
  package static let eventLimit = 300

  package let initialState = FeedState()
  let client: GitHubClient
  let perPage: Int

  /// - Parameter perPage: events per page (GitHub allows 1-100).
  package init(client: GitHubClient, perPage: Int = 30) {
    self.client = client
    self.perPage = perPage
  }

  static let loadID: EffectID = "feed.load"

  // MARK: - mutate

  package func mutate(action: Action, state: State) -> Effect<Mutation> {
    switch action {
    case .refresh:
      if state.isRefreshing { return .notice("a refresh is already in flight") }
      // Cancelling in flight under the one id stops a loadMore whose page would be stale.
      return .concatenate(
        .send(.setRefreshing), load(page: 1, etag: state.etag).cancellable(id: Self.loadID, cancelInFlight: true))

    case .loadMore:
      if state.isRefreshing || state.isLoadingMore { return .notice("a page is already loading") }
      if state.items.isEmpty && state.nextPage == nil { return .notice("no events yet; try 'refresh'") }
      guard let nextPage = state.nextPage else { return .notice("no more events") }
      return .concatenate(.send(.setLoadingMore), load(page: nextPage, etag: nil).cancellable(id: Self.loadID))

    case .cancel:
      guard state.isRefreshing || state.isLoadingMore else { return .none }
      return .concatenate(.cancel(id: Self.loadID), .send(.setIdle))
    }
  }

  private func load(page: Int, etag: String?) -> Effect<Mutation> {
    let client = client
    let perPage = perPage
    return .run { send in
      do {
        switch try await client.events(page, perPage, etag) {
        case .page(let result, let etag): send(page == 1 ? .setEvents(result, etag: etag) : .appendEvents(result))
        case .notModified: send(.setNotModified)
        }
      } catch {
        send(.setError(GitHubError.from(error)))
      }
    }
  }

  // MARK: - reduce

  package func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .setRefreshing:
      state.isRefreshing = true
      state.isLoadingMore = false
    case .setEvents(let page, let etag):
      var seen = Set<String>()
      state.items.replaceAll(with: page.items.filter { seen.insert($0.id).inserted })
      state.seenIDs = seen
      state.nextPage = nextPage(after: page)
      state.etag = etag
      state.isRefreshing = false
      state.error = nil
    case .setNotModified:
      state.isRefreshing = false
      state.isLoadingMore = false
      state.error = nil
    case .setIdle:
      state.isRefreshing = false
      state.isLoadingMore = false
    case .setLoadingMore:
      state.isLoadingMore = true
    case .appendEvents(let page):
      var fresh: [Event] = []
      for event in page.items where state.seenIDs.insert(event.id).inserted { fresh.append(event) }
      state.items.append(contentsOf: fresh)
      state.nextPage = nextPage(after: page)
      state.isLoadingMore = false
      state.error = nil
    case .setError(let error):
      state.error = GitHubFailure(error)
      state.isRefreshing = false
      state.isLoadingMore = false
    }
  }

  /// The past feed idle, since the jump cancelled the load; its list under a new identity, so
  /// the patch replaces it.
  package func restoring(_ past: State, replacing current: State) -> State {
    var state = past
    state.items.replaceAll(with: past.items.elements)
    state.isRefreshing = false
    state.isLoadingMore = false
    return state
  }

  /// The page after `page`, unless GitHub said there is none or it would pass the limit.
  func nextPage(after page: Page<Event>) -> Int? {
    // Page numbers come from the network (the Link header): multiply without trapping.
    let (seen, overflow) = page.page.multipliedReportingOverflow(by: perPage)
    guard let next = page.nextPage, !overflow, seen < Self.eventLimit else { return nil }
    return next
  }

  package func failure(of mutation: Mutation) -> (any Error)? {
    if case .setError(let error) = mutation { return error }
    return nil
  }
}

extension FeedReactor.Action: CaseNamed {
  /// The command this action stands for, as NDJSON change records name it (`action`).
  package var caseName: String {
    switch self {
    case .refresh: "refresh"
    case .loadMore: "more"
    case .cancel: "cancel"
    }
  }
}

extension FeedReactor.Mutation: CaseNamed {
  package var caseName: String {
    switch self {
    case .setRefreshing: "setRefreshing"
    case .setEvents: "setEvents"
    case .setNotModified: "setNotModified"
    case .setLoadingMore: "setLoadingMore"
    case .setIdle: "setIdle"
    case .appendEvents: "appendEvents"
    case .setError: "setError"
    }
  }
}
