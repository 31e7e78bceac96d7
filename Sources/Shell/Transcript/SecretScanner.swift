import FoundationEssentials
import GitHubClient
import ReactorJSON

/// Looks for secrets in text about to be saved in a transcript or cassette: the GitHub token
/// of the environment and every password typed in the session. What is saved is redacted
/// already (placeholders, no credential headers); this is the check that it really is, as
/// a token in a recorded body or a password echoed in an error message slips past redaction.
package struct SecretScanner: Sendable {
  /// Shorter passwords are not looked for: they occur by chance in any text, and the signup
  /// rules refuse them anyway.
  package static let minimumPasswordLength = 4

  private var secrets: [(kind: String, value: String)] = []

  /// - Parameters:
  ///   - environment: reads `GH_TOKEN` and `GITHUB_TOKEN`.
  ///   - token: a token found elsewhere (gh's `hosts.yml`), and where, as a message names it.
  package init(environment: (String) -> String?, token: (value: String, source: String)? = nil) {
    for name in ["GH_TOKEN", "GITHUB_TOKEN"] {
      if let token = environment(name)?.trimmingWhiteSpaceAndNewlines, !token.isEmpty {
        secrets.append(("the token in \(name)", token))
      }
    }
    if let token, !token.value.isEmpty, !secrets.contains(where: { $0.value == token.value }) {
      secrets.append(("the token in \(token.source)", token.value))
    }
  }

  /// Adds a password typed in the session, as typed and as a JSON string writes it (an NDJSON
  /// record or a cassette holds `pass\"word` for `pass"word`).
  package mutating func addPassword(_ password: String) {
    guard password.count >= Self.minimumPasswordLength, !secrets.contains(where: { $0.value == password }) else {
      return
    }
    secrets.append(("a password typed in the session", password))
    let escaped = String(JSONValue.string(password).jsonText.dropFirst().dropLast())
    if escaped != password { secrets.append(("a password typed in the session", escaped)) }
  }

  /// The kind of the first secret `text` contains (never the secret), or nil.
  package func find(in text: String) -> String? {
    secrets.first { text.contains($0.value) }?.kind
  }
}
