/// Where the token came from, for the line that says so (never the token itself).
package enum TokenSource: Sendable, Equatable {
  /// An environment variable: `GH_TOKEN` or `GITHUB_TOKEN`.
  case environment(String)
  /// gh's `hosts.yml` at this path, for the host.
  case ghHosts(path: String, host: String)
  /// No token; `keyringHost` is set when gh is logged in to the host but keeps its token in
  /// the system keyring, where reactor does not look.
  case none(keyringHost: String?)

  /// The source's name for machines (`limits --json`): the variable's name, `gh hosts.yml`,
  /// or nil when there is no token.
  package var name: String? {
    switch self {
    case .environment(let name): return name
    case .ghHosts: return "gh hosts.yml"
    case .none: return nil
    }
  }

  /// One line for people: which source, or how to pass a token.
  package var description: String {
    switch self {
    case .environment(let name): return "token: from \(name)"
    case .ghHosts(let path, let host): return "token: gh's token for \(host), from \(path)"
    case .none(let keyringHost?):
      return "token: none; gh keeps its token for \(keyringHost) in the system keyring, "
        + "so pass it with GH_TOKEN=$(gh auth token) reactor"
    case .none(nil): return "token: none (set GH_TOKEN for higher rate limits)"
    }
  }
}
