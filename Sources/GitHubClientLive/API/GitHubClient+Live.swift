public import GitHubClient

extension GitHubClient {
  /// The client over a transport: the libcurl one, the offline sample, or a cassette.
  public static func live(configuration: GitHubConfiguration, transport: any HTTPTransport) -> GitHubClient {
    let api = GitHubAPI(configuration: configuration)
    return GitHubClient(
      searchRepositories: { query, page, perPage in
        let response = try await send(api.searchRepositories(query: query, page: page, perPage: perPage), transport)
        return try api.searchPage(response, page: page, perPage: perPage)
      },
      userExists: { login in
        try api.userExists(try await send(api.user(login), transport))
      },
      events: { page, perPage, etag in
        let response = try await send(api.events(page: page, perPage: perPage, etag: etag), transport)
        return try api.eventsResult(response, page: page)
      })
  }

  private static func send(_ request: HTTPRequest, _ transport: any HTTPTransport) async throws(GitHubError)
    -> HTTPResponse
  {
    do {
      return try await transport.send(request)
    } catch {
      throw GitHubError.from(error)
    }
  }
}
