public import ReactorCore

/// The news feed: pull to refresh, scroll to load more, newest first.
///
/// A refresh replaces the list and cancels a `loadMore` in flight; `loadMore` appends the next
/// page without the posts already shown (the feed shifts as new posts arrive), and does
/// nothing while anything loads or after the last page.
public struct NewsFeedReactor: Reactor {
  public enum Action: Sendable {
    case refresh
    case loadMore
  }

  public enum Mutation: Sendable, Equatable {
    case setRefreshing(Bool)
    case setPosts([Post], nextPage: Int?)
    case setLoadingMore(Bool)
    case appendPosts([Post], nextPage: Int?)
  }

  public struct Post: Sendable, Equatable, Identifiable {
    public var id: Int
    public var text: String
    public init(id: Int, text: String) {
      self.id = id
      self.text = text
    }
  }

  public struct State: Sendable, Equatable {
    public var posts: [Post] = []
    public var nextPage: Int?
    public var isRefreshing = false
    public var isLoadingMore = false
    public init() {}
  }

  /// One page of the feed, newest first, and the next page if there is one.
  public typealias Load = @Sendable (_ page: Int) async throws -> (posts: [Post], nextPage: Int?)

  public let initialState = State()
  private let load: Load

  public init(load: @escaping Load) { self.load = load }

  private static let loadID: EffectID = "feed"

  public func mutate(action: Action, state: State) -> Effect<Mutation> {
    switch action {
    case .refresh:
      guard !state.isRefreshing else { return .none }
      return .concatenate(
        .send(.setRefreshing(true)),
        .run(cancellableAs: Self.loadID, cancelInFlight: true) { [load] send in
          let page = try await load(1)
          send(.setPosts(page.posts, nextPage: page.nextPage))
        },
        .send(.setRefreshing(false)))
    case .loadMore:
      guard !state.isRefreshing, !state.isLoadingMore, let nextPage = state.nextPage else { return .none }
      return .concatenate(
        .send(.setLoadingMore(true)),
        .run(cancellableAs: Self.loadID) { [load] send in
          let page = try await load(nextPage)
          send(.appendPosts(page.posts, nextPage: page.nextPage))
        },
        .send(.setLoadingMore(false)))
    }
  }

  public func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .setRefreshing(let refreshing):
      state.isRefreshing = refreshing
      // The refresh cancelled the page loading after the old list.
      if refreshing { state.isLoadingMore = false }
    case .setPosts(let posts, let nextPage):
      state.posts = posts
      state.nextPage = nextPage
    case .setLoadingMore(let loading):
      state.isLoadingMore = loading
    case .appendPosts(let posts, let nextPage):
      let shown = Set(state.posts.map(\.id))
      state.posts += posts.filter { !shown.contains($0.id) }
      state.nextPage = nextPage
    }
  }
}
