package import GitHubClient
package import ReactorCore

/// Repository search with pagination written RxFeedback's way, after its GitHub search sample:
/// events are reduced into state, and a feedback loop loads whatever page the state asks for.
///
/// The actions are `SearchReactor`'s (one set of commands for both styles), and the public
/// state is ``SearchState``, the same as `SearchReactor`'s, and so are the notices, the text
/// output and the final state of any session; only the change records' `mutation` names differ
/// (events instead of `set...` mutations).
///
/// Contract:
/// - The query state is a ``Request``: the query, the page and the load's number, derived from
///   state (``FeedbackSearchState/request``). A new query or page is a new request, so the loop
///   cancels the previous load and starts the new one; a cancel or an empty query makes it nil,
///   which cancels the load. An answer to anything but the current, unanswered request is
///   dropped by `reduce` too, so a stale page can never land.
/// - `mutate` turns each action into its event, refusing `loadNextPage` and `loadPages` with
///   `SearchReactor`'s notices, and ignoring `cancel` when nothing loads.
/// - Failures are state (`lastError`) and reported by ``failure(of:)``.
/// - The loop remembers the last request: give every store its own `FeedbackSearch`.
package struct FeedbackSearch: Reactor {
  // MARK: - Event

  package enum Event: Sendable, Equatable {
    /// Search for this text (trimmed); nil clears the search (the `query` command).
    case searchChanged(String?)
    /// The page the loop loaded for `request`.
    case response(Page<Repository>, for: Request)
    /// Why loading `request` failed.
    case failed(GitHubError, for: Request)
    /// Load the page after the last one loaded (the `next` command).
    case startLoadingNextPage
    /// Load this many pages after the last one loaded (`next 3`, `next all`).
    case startLoadingPages(Int)
    /// Sort by this, in this order (`sort`, `order`); a search under way starts again.
    case sortChanged(SearchSort, SearchOrder)
    /// Stop whatever is loading (Ctrl-C), keeping the results so far.
    case cancel
    /// Put the public state back to an earlier one (time travel); the load stops with it.
    /// Indirect: a whole state is large, and every value of the enum is as large as its largest case.
    indirect case restore(SearchState)
  }

  package typealias Action = SearchReactor.Action
  package typealias Mutation = Event

  /// "Load this query at this page": what the feedback loop performs.
  package struct Request: Hashable, Sendable {
    /// The query as the user typed it, trimmed; the client escapes it.
    package var query: String
    /// The page to load, from 1.
    package var page: Int
    /// The number of the load, so a repeated query or a retried page is a new request.
    package var load: Int
    package var sort: SearchSort
    package var order: SearchOrder

    package init(query: String, page: Int, load: Int, sort: SearchSort = .best, order: SearchOrder = .desc) {
      self.query = query
      self.page = page
      self.load = load
      self.sort = sort
      self.order = order
    }
  }

  // MARK: - State

  package typealias State = FeedbackSearchState

  package let initialState: FeedbackSearchState
  private let loop: FeedbackLoop<FeedbackSearchState, Request, Event>
  private let perPage: Int

  /// - Parameters:
  ///   - perPage: results per page (GitHub allows 1-100).
  ///   - sort, order: the sort at the start (`--sort`, `--order`).
  package init(client: GitHubClient, perPage: Int = 30, sort: SearchSort = .best, order: SearchOrder = .desc) {
    initialState = FeedbackSearchState(sort: sort, order: order)
    self.perPage = perPage
    loop = FeedbackLoop(
      id: Self.searchID, request: { $0.request },
      effects: { request in
        .run { send in
          do {
            let page = try await client.page(
              of: RepositorySearch(
                query: request.query, sort: request.sort, order: request.order, page: request.page, perPage: perPage))
            send(.response(page, for: request))
          } catch {
            send(.failed(GitHubError.from(error), for: request))
          }
        }
      })
  }

  /// The id the loop's load runs under.
  package static let searchID: EffectID = "search"

  // MARK: - mutate

  package func mutate(action: Action, state: State) -> Effect<Event> {
    switch action {
    case .updateQuery(let text):
      let query = text?.trimmingWhitespace
      guard let query, !query.isEmpty else { return .send(.searchChanged(nil)) }
      let search = RepositorySearch(query: query, page: 1, perPage: perPage)
      return .concatenate(
        SearchState.queryNotice(in: search).map { .notice($0) } ?? .none, .send(.searchChanged(query)))
    case .loadNextPage:
      if let refusal = state.search.nextPageRefusal { return .notice(refusal) }
      return .send(.startLoadingNextPage)
    case .loadPages(let count):
      if let refusal = state.search.nextPageRefusal { return .notice(refusal) }
      return .send(.startLoadingPages(count))
    case .updateSort(let sort, let order):
      guard sort != state.search.sort || order != state.search.order else { return .none }
      return .send(.sortChanged(sort, order))
    case .cancel:
      return state.shouldLoadPage ? .send(.cancel) : .none
    case .restore(let restored):
      // A restore leaves no request, so the loop cancels the load in flight.
      return .send(.restore(restored))
    }
  }

  // MARK: - reduce

  package func reduce(state: inout State, mutation: Event) {
    switch mutation {
    case .searchChanged(let query):
      state.search.begin(query: query)
      state.beginLoad(page: query == nil ? nil : 1)
    case .startLoadingNextPage, .startLoadingPages:
      // mutate refused it unless all of these hold; reduce stays total anyway.
      guard state.search.query != nil, !state.shouldLoadPage, let next = state.search.nextPage
      else { return }
      if case .startLoadingPages(let count) = mutation {
        state.search.beginLoadingPages(count)
      } else {
        state.search.isLoadingNextPage = true
      }
      state.beginLoad(page: next)
    case .sortChanged(let sort, let order):
      state.search.change(sort: sort, order: order)
      if state.search.query != nil { state.beginLoad(page: 1) }
    case .response(let page, let request):
      // The answer to the current load: no other load runs (each is a new request), so the page
      // lands as it does on the reactor engine. When more pages were asked for, the next one
      // is the new request, which the loop starts.
      guard state.awaits(request) else { return }
      state.lastAnswered = request
      if request.page == 1 {
        state.search.receiveFirstPage(page)
      } else {
        state.search.receiveNextPage(page)
        if state.search.isLoadingNextPage, let next = state.search.nextPage { state.beginLoad(page: next) }
      }
    case .failed(let error, let request):
      guard state.awaits(request) else { return }
      state.lastAnswered = request
      state.search.fail(error)
    case .cancel:
      state.search.stopLoading()
      state.loadPage = nil
    case .restore(let restored):
      // The load count is not put back, so no later request can equal one made before the jump.
      state.search.restore(restored)
      state.loadPage = nil
      state.lastAnswered = nil
    }
  }

  // MARK: - Feedback

  /// Starts, restarts or cancels the load as ``FeedbackSearchState/request`` changes.
  package func feedback(state: State) -> Effect<Event> { loop(state) }

  // MARK: - Failures

  package func failure(of mutation: Event) -> (any Error)? {
    if case .failed(let error, _) = mutation { return error }
    return nil
  }
}
