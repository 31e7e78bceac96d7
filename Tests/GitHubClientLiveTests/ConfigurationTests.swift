import Foundation
import GitHubClientLive
import Testing

// GitHubConfiguration.resolve precedence, and that the token never shows up in descriptions.

private func resolve(_ apiURL: String? = nil, _ environment: [String: String] = [:]) throws -> GitHubConfiguration {
  try GitHubConfiguration.resolve(apiURL: apiURL, environment: { environment[$0] }, userAgent: "reactor/x")
}

@Suite struct ConfigurationTests {
  // MARK: - Base URL

  @Test func defaultsToApiGitHubCom() throws {
    let configuration = try resolve()
    #expect(configuration.baseURL.absoluteString == "https://api.github.com")
    #expect(configuration.baseURL == GitHubConfiguration.defaultBaseURL)
    #expect(configuration.token == nil)
    #expect(configuration.userAgent == "reactor/x")
  }

  @Test func flagBeatsEnvironment() throws {
    let configuration = try resolve("https://flag.example/api/v3", ["GITHUB_API_URL": "https://env.example"])
    #expect(configuration.baseURL.absoluteString == "https://flag.example/api/v3")
  }

  @Test func environmentBeatsDefault() throws {
    #expect(
      try resolve(nil, ["GITHUB_API_URL": "https://env.example/api"]).baseURL.absoluteString
        == "https://env.example/api")
  }

  @Test func emptyValuesCountAsUnset() throws {
    #expect(try resolve("", ["GITHUB_API_URL": "https://env.example"]).baseURL.absoluteString == "https://env.example")
    #expect(try resolve("", ["GITHUB_API_URL": ""]).baseURL == GitHubConfiguration.defaultBaseURL)
  }

  @Test func loopbackHTTPIsAccepted() throws {
    #expect(try resolve("http://127.0.0.1:54321").baseURL.absoluteString == "http://127.0.0.1:54321")
  }

  @Test(arguments: ["ftp://example.com", "api.github.com", "http://", "not a url", "file:///etc/passwd", "https:"])
  func badURLsAreErrors(_ raw: String) {
    #expect(throws: GitHubConfiguration.ConfigurationError.badURL(raw)) { try resolve(raw) }
    #expect(
      GitHubConfiguration.ConfigurationError.badURL(raw).description
        == "invalid API URL '\(raw)': expected http:// or https:// with a host")
  }

  @Test func badEnvironmentURLIsAnErrorToo() {
    #expect(throws: GitHubConfiguration.ConfigurationError.badURL("gopher://x")) {
      try resolve(nil, ["GITHUB_API_URL": "gopher://x"])
    }
  }

  // MARK: - Token

  @Test func ghTokenBeatsGitHubToken() throws {
    let configuration = try resolve(nil, ["GH_TOKEN": "gh-one", "GITHUB_TOKEN": "github-two"])
    #expect(configuration.token?.revealed == "gh-one")
  }

  @Test func gitHubTokenIsTheFallback() throws {
    #expect(try resolve(nil, ["GITHUB_TOKEN": "github-two"]).token?.revealed == "github-two")
    #expect(try resolve(nil, ["GH_TOKEN": "", "GITHUB_TOKEN": "github-two"]).token?.revealed == "github-two")
  }

  @Test func emptyTokensAreIgnored() throws {
    #expect(try resolve(nil, ["GH_TOKEN": "", "GITHUB_TOKEN": ""]).token == nil)
  }

  // MARK: - Redaction

  @Test func descriptionsNeverContainTheToken() throws {
    let token = "ghp_SUPERSECRET1234567890"
    let configuration = try resolve(nil, ["GH_TOKEN": token])
    #expect(configuration.token?.revealed == token)
    let secret = try #require(configuration.token)

    var dumped = ""
    dump(configuration, to: &dumped)
    var dumpedSecret = ""
    dump(secret, to: &dumpedSecret)
    var debugPrinted = ""
    debugPrint(configuration, to: &debugPrinted)
    let renderings = [
      String(describing: configuration), "\(configuration)", String(reflecting: configuration), dumped,
      String(describing: secret), "\(secret)", String(reflecting: secret), dumpedSecret, debugPrinted,
      "\(Optional(secret) as Any)", "\([secret])",
    ]
    for text in renderings {
      #expect(!text.contains(token), "token leaked in: \(text)")
      #expect(!text.contains("SUPERSECRET"), "token leaked in: \(text)")
    }
    #expect(String(describing: secret) == "<redacted>")
    #expect(String(reflecting: secret) == "<redacted>")
    #expect(Mirror(reflecting: secret).children.isEmpty)
  }

  @Test func theTokenIsOnlyInTheAuthorizationHeader() throws {
    let configuration = try resolve(nil, ["GH_TOKEN": "ghp_TOKEN"])
    let request = GitHubAPI(configuration: configuration).user("octocat")
    #expect(request.header("Authorization") == "Bearer ghp_TOKEN")
    #expect(!request.url.absoluteString.contains("ghp_TOKEN"))
  }
}
