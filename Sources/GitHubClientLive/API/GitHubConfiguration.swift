public import Foundation
public import ReactorCore

/// Where and how the live client talks to GitHub.
public struct GitHubConfiguration: Sendable {
  /// `https://api.github.com`, or a GitHub Enterprise / test server root.
  public var baseURL: URL
  /// The token sent as `Authorization: Bearer`; never printed (see ``Secret``).
  public var token: Secret?
  /// `reactor/<version>`.
  public var userAgent: String
  /// The clock used to turn `x-ratelimit-reset` into a wait time.
  public var now: @Sendable () -> Date

  public init(baseURL: URL, token: Secret? = nil, userAgent: String, now: @escaping @Sendable () -> Date = { Date() }) {
    self.baseURL = baseURL
    self.token = token
    self.userAgent = userAgent
    self.now = now
  }

  /// The default API root.
  public static let defaultBaseURL = URL(string: "https://api.github.com")!

  /// Resolves the base URL and token the documented way: `--api-url`, then `GITHUB_API_URL`,
  /// then the default; `GH_TOKEN`, then `GITHUB_TOKEN`. Empty values count as unset.
  ///
  /// `environment` looks a variable up (reactor passes `getenv`; nothing builds a dictionary of
  /// the whole environment at start-up).
  package static func resolve(
    apiURL: String?, environment: (String) -> String?, userAgent: String
  ) throws -> GitHubConfiguration {
    let raw = [apiURL, environment("GITHUB_API_URL")].compactMap { $0 }.first { !$0.isEmpty }
    var baseURL = defaultBaseURL
    if let raw {
      guard let url = URL(string: raw), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
        url.host != nil
      else { throw ConfigurationError.badURL(raw) }
      baseURL = url
    }
    let token = [environment("GH_TOKEN"), environment("GITHUB_TOKEN")].compactMap { $0 }.first { !$0.isEmpty }
    return GitHubConfiguration(baseURL: baseURL, token: token.map(Secret.init), userAgent: userAgent)
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
public struct Secret: Sendable, Equatable, Redacted {
  /// The secret itself; read it only where it is sent.
  package let revealed: String
  public init(_ value: String) { revealed = value }
}
