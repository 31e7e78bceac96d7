public import ReactorCore

/// RxFeedback's GitHub repository search: the state says which page it needs, and a feedback
/// loop loads it.
///
/// The request is derived from the state (`loadNextPage`): a new search or a scroll near the
/// bottom asks for a page, the answer clears the ask. The loop starts a load when the request
/// appears, cancels the load in flight when it changes (a new search), and cancels it when the
/// request goes away.
public enum FeedbackSearch {
  public struct State: Sendable, Equatable {
    public var search = ""
    public var results: [String] = []
    /// The page to load next, nil after the last.
    public var nextPage: Int? = 1
    public var shouldLoadNextPage = true
    public var lastError: String?

    public init() {}

    /// What the loop loads now: the search at the next page, while the state asks for it.
    public var loadNextPage: Request? {
      guard shouldLoadNextPage, !search.isEmpty, let nextPage else { return nil }
      return Request(search: search, page: nextPage)
    }
  }

  public struct Request: Hashable, Sendable {
    public var search: String
    public var page: Int

    public init(search: String, page: Int) {
      self.search = search
      self.page = page
    }
  }

  public enum Event: Sendable, Equatable {
    case searchChanged(String)
    case scrollingNearBottom
    case response(Request, repos: [String], nextPage: Int?)
    case failed(Request, message: String)
  }

  /// One page of results: the repositories' full names and the next page, if any.
  public typealias Search = @Sendable (_ query: String, _ page: Int) async throws -> (repos: [String], nextPage: Int?)

  /// The system: the state, its `reduce`, and the loop that loads what it asks for.
  public static func system(search: @escaping Search) -> FeedbackSystem<State, Event> {
    FeedbackSystem(
      initialState: State(), reduce: reduce,
      feedback: [
        react(id: "search", request: \.loadNextPage) { request in
          .run { send in
            do {
              let page = try await search(request.search, request.page)
              send(.response(request, repos: page.repos, nextPage: page.nextPage))
            } catch {
              send(.failed(request, message: "\(error)"))
            }
          }
        }
      ])
  }

  @Sendable static func reduce(_ state: inout State, _ event: Event) {
    switch event {
    case .searchChanged(let search):
      state = State()
      state.search = search
    case .scrollingNearBottom:
      state.shouldLoadNextPage = true
    case .response(let request, let repos, let nextPage):
      // A page for a search the user has left is not theirs any more.
      guard request.search == state.search else { return }
      state.results += repos
      state.nextPage = nextPage
      state.shouldLoadNextPage = false
      state.lastError = nil
    case .failed(let request, let message):
      guard request.search == state.search else { return }
      state.shouldLoadNextPage = false
      state.lastError = message
    }
  }
}
