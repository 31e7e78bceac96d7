/// Reads the token `gh` stores for a host in its `hosts.yml`.
///
/// Only the shape gh writes is understood: a host key at the left margin, and under it an
/// `oauth_token:` at the first indentation (gh 2.40 and later also keep one per user under
/// `users:`, with the active user's copied to the host level). No general YAML parser is
/// needed, and none is a dependency.
package enum GitHubCLIHosts {
  /// What the file says about `host`.
  package enum Entry: Equatable {
    /// The host is there with a token.
    case token(String)
    /// The host is there without a token: gh keeps it in the system keyring.
    case keyring
    /// The host is not in the file.
    case absent
  }

  /// The gh host for an API root: `github.com` for `api.github.com`, else the host itself
  /// (GitHub Enterprise serves its API under `/api/v3` on the same host).
  package static func host(forAPIHost apiHost: String) -> String {
    apiHost.lowercased() == "api.github.com" ? "github.com" : apiHost.lowercased()
  }

  /// The `hosts.yml` path: `$GH_CONFIG_DIR/hosts.yml`, else `$XDG_CONFIG_HOME/gh/hosts.yml`,
  /// else `~/.config/gh/hosts.yml`; nil when none of the variables it needs is set.
  package static func path(environment: (String) -> String?) -> String? {
    if let directory = environment("GH_CONFIG_DIR"), !directory.isEmpty { return directory + "/hosts.yml" }
    if let directory = environment("XDG_CONFIG_HOME"), !directory.isEmpty { return directory + "/gh/hosts.yml" }
    if let home = environment("HOME"), !home.isEmpty { return home + "/.config/gh/hosts.yml" }
    return nil
  }

  /// The entry for `host` in the text of a `hosts.yml`.
  package static func entry(for host: String, in text: String) -> Entry {
    var inHost = false
    var childIndent: Int?
    var found = false
    for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
      let trimmed = line.drop { $0 == " " || $0 == "\t" }
      if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
      let indent = line.count - trimmed.count
      if indent == 0 {
        inHost = unquote(trimmed.split(separator: ":", maxSplits: 1).first ?? "").lowercased() == host
        if inHost { found = true }
        childIndent = nil
        continue
      }
      guard inHost else { continue }
      if childIndent == nil { childIndent = indent }
      guard indent == childIndent, trimmed.hasPrefix("oauth_token:") else { continue }
      let value = unquote(trimmed.dropFirst("oauth_token:".count))
      if !value.isEmpty { return .token(value) }
    }
    return found ? .keyring : .absent
  }

  /// A YAML scalar without surrounding spaces and quotes.
  private static func unquote(_ text: Substring) -> String {
    let blank: Set<Character> = [" ", "\t"]
    guard let start = text.firstIndex(where: { !blank.contains($0) }),
      let end = text.lastIndex(where: { !blank.contains($0) })
    else { return "" }
    var value = String(text[start...end])
    if value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first {
      value = String(value.dropFirst().dropLast())
    }
    return value
  }
}
