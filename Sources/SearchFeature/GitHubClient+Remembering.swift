package import GitHubClient
import ReactorCore

extension GitHubClient {
  /// The most search pages a live view keeps.
  package static let rememberedPages = 256

  /// The client with the search pages GitHub answered kept for the life of a live view: a
  /// query typed again (editing back to one seen before) is answered from memory, with no
  /// request and none of the search budget spent, which is why the View lets it skip the
  /// budget's wait. Failures are not kept.
  package func rememberingSearches() -> GitHubClient {
    var client = self
    let (best, sorted) = (searchRepositories, search)
    let pages = Locked<[RepositorySearch: Page<Repository>]>([:])
    @Sendable func remembered(
      _ request: RepositorySearch, _ load: () async throws -> Page<Repository>
    ) async throws -> Page<Repository> {
      if let page = pages.withLock({ $0[request] }) { return page }
      let page = try await load()
      pages.withLock { pages in
        // Past the bound, start over: a view that typed that much has moved on.
        if pages.count >= Self.rememberedPages { pages.removeAll(keepingCapacity: true) }
        pages[request] = page
      }
      return page
    }
    client.searchRepositories = { query, page, perPage in
      try await remembered(RepositorySearch(query: query, page: page, perPage: perPage)) {
        try await best(query, page, perPage)
      }
    }
    client.search = { request in try await remembered(request) { try await sorted(request) } }
    return client
  }
}
