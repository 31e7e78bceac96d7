package import FoundationEssentials
import ReactorCore

/// Where and how the live client talks to GitHub.
package struct GitHubConfiguration: Sendable {
  /// `https://api.github.com`, or a GitHub Enterprise / test server root.
  package var baseURL: URL
  /// The token sent as `Authorization: Bearer`; never printed (see ``Secret``).
  package var token: Secret?
  /// `reactor/<version>`.
  package var userAgent: String
  /// The clock used to turn `x-ratelimit-reset` into a wait time.
  package var now: @Sendable () -> Date
  /// Where ``token`` came from, for the line that says so.
  package var tokenSource: TokenSource
  /// The transport's timeout in seconds, named by the timeout error; nil when unknown.
  package var timeoutSeconds: Int?
  /// Whether the user chose the API root (`--api-url`, `GITHUB_API_URL`): with neither that
  /// nor a token, "could not reach GitHub" suggests `--offline`.
  package var apiURLWasSet: Bool

  package init(
    baseURL: URL, token: Secret? = nil, userAgent: String, now: @escaping @Sendable () -> Date = { Date() },
    tokenSource: TokenSource? = nil, timeoutSeconds: Int? = nil, apiURLWasSet: Bool = true
  ) {
    self.baseURL = baseURL
    self.token = token
    self.userAgent = userAgent
    self.now = now
    self.tokenSource = tokenSource ?? (token == nil ? .none(keyringHost: nil) : .environment("GH_TOKEN"))
    self.timeoutSeconds = timeoutSeconds
    self.apiURLWasSet = apiURLWasSet
  }

  /// The default API root.
  package static let defaultBaseURL = URL(string: "https://api.github.com")!

  /// Resolves the base URL and token the documented way: `--api-url`, then `GITHUB_API_URL`,
  /// then the default; `GH_TOKEN`, then `GITHUB_TOKEN`, then the token gh keeps for the API's
  /// host in its `hosts.yml` (see ``GitHubCLIHosts``). Empty values count as unset.
  ///
  /// `environment` looks a variable up (reactor passes `getenv`; nothing builds a dictionary of
  /// the whole environment at start-up); `readFile` reads gh's file, so tests never read the
  /// user's own.
  package static func resolve(
    apiURL: String?, environment: (String) -> String?, userAgent: String,
    readFile: (String) -> String? = { _ in nil }
  ) throws -> GitHubConfiguration {
    let raw = [apiURL, environment("GITHUB_API_URL")].compactMap { $0 }.first { !$0.isEmpty }
    var baseURL = defaultBaseURL
    if let raw {
      guard let url = URL(string: raw), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
        url.host != nil
      else { throw ConfigurationError.badURL(raw) }
      baseURL = url
    }
    var token: Secret?
    var source = TokenSource.none(keyringHost: nil)
    if let name = ["GH_TOKEN", "GITHUB_TOKEN"].first(where: { !(environment($0) ?? "").isEmpty }) {
      token = environment(name).map(Secret.init)
      source = .environment(name)
    } else if let path = GitHubCLIHosts.path(environment: environment), let text = readFile(path) {
      let host = GitHubCLIHosts.host(forAPIHost: baseURL.host ?? "")
      switch GitHubCLIHosts.entry(for: host, in: text) {
      case .token(let value):
        token = Secret(value)
        source = .ghHosts(path: path, host: host)
      case .keyring: source = .none(keyringHost: host)
      case .absent: break
      }
    }
    return GitHubConfiguration(
      baseURL: baseURL, token: token, userAgent: userAgent, tokenSource: source, apiURLWasSet: raw != nil)
  }

  /// Why a configuration could not be resolved.
  package enum ConfigurationError: Error, Equatable, CustomStringConvertible {
    case badURL(String)
    package var description: String {
      switch self {
      case .badURL(let url): "invalid API URL '\(url)': expected http:// or https:// with a host"
      }
    }
  }
}

/// A secret string (a token) that never shows up in descriptions, dumps or logs (see `Redacted`).
package struct Secret: Sendable, Equatable, Redacted {
  /// The secret itself; read it only where it is sent.
  package let revealed: String
  package init(_ value: String) { revealed = value }
}
