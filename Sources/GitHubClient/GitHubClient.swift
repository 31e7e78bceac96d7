/// The GitHub REST API as the features see it: a struct of async closures.
///
/// Features depend on this interface only; `GitHubClientLive` builds the real one over HTTP,
/// and tests build their own from closures. Every closure throws ``GitHubError`` only.
public struct GitHubClient: Sendable {
  /// `GET /search/repositories?q=&page=&per_page=`, in GitHub's best-match order.
  @usableFromInline package var searchRepositories:
    @Sendable (_ query: String, _ page: Int, _ perPage: Int) async throws -> Page<Repository>

  /// `GET /search/repositories` with `sort` and `order`: what the search features call.
  @usableFromInline package var search: @Sendable (_ request: RepositorySearch) async throws -> Page<Repository>

  /// `GET /users/{login}`: whether a login is taken.
  package var userExists: @Sendable (_ login: String) async throws -> Bool

  /// `GET /events?page=&per_page=`, conditional on `etag` when one is given.
  package var events: @Sendable (_ page: Int, _ perPage: Int, _ etag: String?) async throws -> EventsResult

  /// The latest rate-limit budget of each resource GitHub has reported, sorted by resource.
  package var rateLimits: @Sendable () -> [RateLimit]

  /// - Parameter search: defaults to `searchRepositories` for best match, and refuses other
  ///   orders (a client built from a best-match closure cannot sort).
  package init(
    searchRepositories:
      @escaping @Sendable (_ query: String, _ page: Int, _ perPage: Int) async throws -> Page<Repository>,
    search: (@Sendable (_ request: RepositorySearch) async throws -> Page<Repository>)? = nil,
    userExists: @escaping @Sendable (_ login: String) async throws -> Bool = { _ in
      throw GitHubError.transport("user lookup is not configured")
    },
    events: @escaping @Sendable (_ page: Int, _ perPage: Int, _ etag: String?) async throws -> EventsResult = {
      _, _, _ in
      throw GitHubError.transport("events are not configured")
    },
    rateLimits: @escaping @Sendable () -> [RateLimit] = { [] }
  ) {
    self.searchRepositories = searchRepositories
    self.search =
      search ?? { request in
        guard request.sort == .best else { throw GitHubError.transport("sorted search is not configured") }
        return try await searchRepositories(request.query, request.page, request.perPage)
      }
    self.userExists = userExists
    self.events = events
    self.rateLimits = rateLimits
  }
}

/// GitHub's search API returns at most this many results for one query.
package let gitHubSearchResultCap = 1000
