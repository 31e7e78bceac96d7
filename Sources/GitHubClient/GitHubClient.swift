/// The GitHub REST API as the features see it: a struct of async closures.
///
/// Features depend on this interface only; `GitHubClientLive` builds the real one over HTTP,
/// and tests build their own from closures. Every closure throws ``GitHubError`` only.
public struct GitHubClient: Sendable {
  /// `GET /search/repositories?q=&page=&per_page=`.
  public var searchRepositories:
    @Sendable (_ query: String, _ page: Int, _ perPage: Int) async throws -> Page<Repository>

  /// `GET /users/{login}`: whether a login is taken.
  public var userExists: @Sendable (_ login: String) async throws -> Bool

  /// `GET /events?page=&per_page=`, conditional on `etag` when one is given.
  public var events: @Sendable (_ page: Int, _ perPage: Int, _ etag: String?) async throws -> EventsResult

  public init(
    searchRepositories:
      @escaping @Sendable (_ query: String, _ page: Int, _ perPage: Int) async throws -> Page<Repository>,
    userExists: @escaping @Sendable (_ login: String) async throws -> Bool = { _ in
      throw GitHubError.transport("user lookup is not configured")
    },
    events: @escaping @Sendable (_ page: Int, _ perPage: Int, _ etag: String?) async throws -> EventsResult = {
      _, _, _ in
      throw GitHubError.transport("events are not configured")
    }
  ) {
    self.searchRepositories = searchRepositories
    self.userExists = userExists
    self.events = events
  }
}

/// GitHub's search API returns at most this many results for one query.
package let gitHubSearchResultCap = 1000
