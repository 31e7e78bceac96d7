import GitHubClientLive
import Testing

// Where the token comes from: GH_TOKEN, GITHUB_TOKEN, then gh's hosts.yml, never read from
// the user's own files in a test.

@Suite struct TokenSourceTests {
  private static let hosts = """
    github.com:
        users:
            monalisa:
                oauth_token: gho_user_copy
        oauth_token: gho_from_gh
        git_protocol: https
        user: monalisa
    ghe.example.com:
        user: hubot
        git_protocol: ssh
    """

  private func resolve(_ environment: [String: String], apiURL: String? = nil, files: [String: String] = [:]) throws
    -> GitHubConfiguration
  {
    try GitHubConfiguration.resolve(
      apiURL: apiURL, environment: { environment[$0] }, userAgent: "reactor/x", readFile: { files[$0] })
  }

  @Test func theSourcesInOrder() throws {
    let files = ["/cfg/hosts.yml": Self.hosts]
    let all = ["GH_TOKEN": "ghp_a", "GITHUB_TOKEN": "ghp_b", "GH_CONFIG_DIR": "/cfg"]
    #expect(try resolve(all, files: files).token == Secret("ghp_a"))
    #expect(try resolve(all, files: files).tokenSource == .environment("GH_TOKEN"))
    var environment = all
    environment["GH_TOKEN"] = ""
    #expect(try resolve(environment, files: files).token == Secret("ghp_b"))
    #expect(try resolve(environment, files: files).tokenSource == .environment("GITHUB_TOKEN"))
    environment["GITHUB_TOKEN"] = nil
    let fromGH = try resolve(environment, files: files)
    #expect(fromGH.token == Secret("gho_from_gh"))
    #expect(fromGH.tokenSource == .ghHosts(path: "/cfg/hosts.yml", host: "github.com"))
    #expect(fromGH.tokenSource.description == "token: gh's token for github.com, from /cfg/hosts.yml")
    environment["GH_CONFIG_DIR"] = nil
    #expect(try resolve(environment, files: files).token == nil)
    #expect(try resolve(environment, files: files).tokenSource == .none(keyringHost: nil))
  }

  @Test func ghsFileIsFoundUnderXDGConfigHomeThenHome() throws {
    let files = ["/x/gh/hosts.yml": Self.hosts, "/home/u/.config/gh/hosts.yml": Self.hosts]
    #expect(
      try resolve(["XDG_CONFIG_HOME": "/x", "HOME": "/home/u"], files: files).tokenSource
        == .ghHosts(path: "/x/gh/hosts.yml", host: "github.com"))
    #expect(
      try resolve(["HOME": "/home/u"], files: files).tokenSource
        == .ghHosts(path: "/home/u/.config/gh/hosts.yml", host: "github.com"))
  }

  @Test func aHostLoggedInThroughTheKeyringSaysHowToPassAToken() throws {
    let configuration = try resolve(
      ["GH_CONFIG_DIR": "/cfg"], apiURL: "https://ghe.example.com/api/v3", files: ["/cfg/hosts.yml": Self.hosts])
    #expect(configuration.token == nil)
    #expect(configuration.tokenSource == .none(keyringHost: "ghe.example.com"))
    #expect(configuration.tokenSource.description.contains("GH_TOKEN=$(gh auth token)"))
  }

  /// Every way a token is found, each with a token of its own: the source resolve reports for
  /// it, in words and by name, never holds the token.
  @Test func noDescriptionShowsTheToken() throws {
    let hosts = "github.com:\n    oauth_token: gho_fromHostsFile42\n    user: monalisa\n"
    let cases: [(environment: [String: String], token: String)] = [
      (["GH_TOKEN": "ghp_fromGHToken42", "GITHUB_TOKEN": "ghp_notUsed42"], "ghp_fromGHToken42"),
      (["GITHUB_TOKEN": "ghp_fromGitHubToken42"], "ghp_fromGitHubToken42"),
      (["GH_CONFIG_DIR": "/cfg"], "gho_fromHostsFile42"),
    ]
    for (environment, token) in cases {
      let configuration = try resolve(environment, files: ["/cfg/hosts.yml": hosts])
      #expect(configuration.token == Secret(token), "the case must hold a token, or it checks nothing")
      let source = configuration.tokenSource
      #expect(!source.description.contains(token), "\(source.description)")
      #expect(!(source.name ?? "").contains(token), "\(source.name ?? "")")
      #expect(!String(describing: source).contains(token), "\(source)")
    }
  }

  @Test func quotedTokensAndOtherHostsAreRead() {
    let text = "other.com:\n  oauth_token: nope\n\"github.com\":\n  oauth_token: 'gho_quoted'\n"
    #expect(GitHubCLIHosts.entry(for: "github.com", in: text) == .token("gho_quoted"))
    #expect(GitHubCLIHosts.entry(for: "absent.com", in: text) == .absent)
    #expect(GitHubCLIHosts.host(forAPIHost: "API.GitHub.com") == "github.com")
  }
}
