extension GitHubClient {
  /// One page of `request`: through ``searchRepositories`` for best match, GitHub's default
  /// order, and through ``search`` otherwise. A client built from a best-match closure alone
  /// (a test's, a benchmark's) is then called without the extra async call of `search`'s
  /// default, which forwards to it.
  package func page(of request: RepositorySearch) async throws -> Page<Repository> {
    if request.sort == .best {
      return try await searchRepositories(request.query, request.page, request.perPage)
    }
    return try await search(request)
  }
}
