import FoundationEssentials
package import GitHubClient
import ReactorCore

extension GitHubClient {
  /// The client over a transport: the libcurl one, the offline sample, or a cassette.
  ///
  /// Every response's `X-RateLimit-*` headers update the budget ``GitHubClient/rateLimits``
  /// returns. A query longer than GitHub accepts, and a token bound for plain `http://` on a
  /// host that is not loopback, fail before anything is sent.
  package static func live(configuration: GitHubConfiguration, transport: any HTTPTransport) -> GitHubClient {
    let api = GitHubAPI(configuration: configuration)
    let budgets = Locked<[String: RateLimit]>([:])
    let send: @Sendable (HTTPRequest) async throws -> HTTPResponse = { request in
      try await exchange(request, transport, configuration, budgets)
    }
    let search: @Sendable (RepositorySearch) async throws -> Page<Repository> = { search in
      let length = search.freeTextLength
      guard length <= RepositorySearch.maxQueryLength else {
        throw GitHubError.tooLong(length: length, limit: RepositorySearch.maxQueryLength)
      }
      let response = try await send(api.search(search))
      return try api.searchPage(response, page: search.page, perPage: search.perPage)
    }
    return GitHubClient(
      searchRepositories: { query, page, perPage in
        try await search(RepositorySearch(query: query, page: page, perPage: perPage))
      },
      search: search,
      userExists: { login in
        try api.userExists(try await send(api.user(login)))
      },
      events: { page, perPage, etag in
        let response = try await send(api.events(page: page, perPage: perPage, etag: etag))
        return try api.eventsResult(response, page: page)
      },
      rateLimits: { budgets.withLock { $0.values.sorted { $0.resource < $1.resource } } })
  }

  /// Sends one request and notes the budget its response states.
  private static func exchange(
    _ request: HTTPRequest, _ transport: any HTTPTransport, _ configuration: GitHubConfiguration,
    _ budgets: Locked<[String: RateLimit]>
  ) async throws(GitHubError) -> HTTPResponse {
    try checkToken(request, configuration)
    let response: HTTPResponse
    do {
      response = try await transport.send(request)
    } catch {
      throw describe(GitHubError.from(error), configuration)
    }
    if let budget = GitHubAPI.rateLimit(in: response, path: request.url.path) {
      budgets.withLock { $0[budget.resource] = budget }
    }
    return response
  }

  /// Refuses a request that would carry the token over plain `http://` to a host that is not
  /// loopback, where anyone on the path could read it.
  private static func checkToken(_ request: HTTPRequest, _ configuration: GitHubConfiguration) throws(GitHubError) {
    guard request.header("Authorization") != nil, request.url.scheme?.lowercased() == "http" else { return }
    let host = request.url.host ?? ""
    guard !isLoopback(host) else { return }
    throw .insecureToken(host: host)
  }

  /// `localhost`, `127.0.0.0/8` and `::1`.
  package static func isLoopback(_ host: String) -> Bool {
    var host = Substring(host.lowercased())
    while host.first == "[" || host.first == "]" { host = host.dropFirst() }
    while host.last == "[" || host.last == "]" { host = host.dropLast() }
    if host == "localhost" || host == "::1" || host.hasSuffix(".localhost") { return true }
    let parts = host.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
  }

  /// A transport failure in the words this configuration calls for: the timeout names its
  /// seconds, and "could not reach GitHub" suggests `--offline` when nothing points reactor at
  /// a server or a token (a first run without network, most likely).
  private static func describe(_ error: GitHubError, _ configuration: GitHubConfiguration) -> GitHubError {
    switch error {
    case .timeout(nil): return .timeout(seconds: configuration.timeoutSeconds)
    case .transport(let detail) where !configuration.apiURLWasSet && configuration.token == nil:
      var detail = Substring(detail)
      while let last = detail.last, last == "." || last.isWhitespace { detail.removeLast() }
      return .transport("\(detail); to try reactor without a network, run it with --offline")
    default: return error
    }
  }
}
