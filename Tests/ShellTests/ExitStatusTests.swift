import Foundation
import GitHubClient
import Shell
import Testing

/// Every way a GitHub request fails, and the status reactor(1)'s EXIT STATUS table gives it.
@Suite struct ExitStatusTests {
  @Test(
    arguments: [
      (GitHubError.transport("refused"), 3), (.timeout(seconds: 30), 3), (.server(status: 502, message: nil), 3),
      (.http(status: 418, message: nil), 3), (.invalidResponse("not JSON"), 3), (.responseTooLarge(limit: 1), 3),
      (.unauthorized("Bad credentials"), 4), (.forbidden("SSO"), 4),
      (.rateLimited(resetsIn: 1, authenticated: true), 5), (.secondaryRateLimited(retryAfter: 1), 5),
      (.insecureToken(host: "example.com"), 2), (.tooLong(length: 300, limit: 256), 1),
      (.validationFailed("q"), 1), (.notFound("x"), 1), (.cancelled, 1),
    ] as [(GitHubError, Int32)])
  func gitHubFailures(_ error: GitHubError, _ status: Int32) throws {
    #expect(Shell.ExitStatus(failureCode: error.code).rawValue == status, "\(error.code)")
    // reactor(1) names the code under its status, as scripts look it up there.
    guard error.code != "cancelled" else { return }
    let entry = try #require(try Self.manualEntries()[status], "EXIT STATUS has no entry \(status)")
    #expect(entry.contains("Li \(error.code)"), "reactor(1) EXIT STATUS \(status) does not name \(error.code)")
  }

  /// reactor(1)'s EXIT STATUS entries by status: the text of each `.It N` up to the next.
  static func manualEntries() throws -> [Int32: String] {
    let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("man/reactor.1")
    let text = try String(contentsOf: page, encoding: .utf8)
    guard let start = text.range(of: "\n.Sh EXIT STATUS\n"),
      let end = text.range(of: "\n.Sh ", range: start.upperBound..<text.endIndex)
    else { return [:] }
    var entries: [Int32: String] = [:]
    var current: Int32?
    for line in text[start.upperBound..<end.lowerBound].split(separator: "\n") {
      if line.hasPrefix(".It ") {
        current = Int32(line.dropFirst(4))
        continue
      }
      if let current { entries[current, default: ""] += line + "\n" }
    }
    return entries
  }

  @Test func commandFailuresAndTheRest() {
    for code in ["unknown-command", "invalid-argument", "out-of-range", "submit-refused", "signup-failed", nil] {
      #expect(Shell.ExitStatus(failureCode: code) == .commandFailed, "\(code ?? "no code")")
    }
    #expect(Shell.ExitStatus.usage.rawValue == 2)
    #expect(Shell.ExitStatus.interrupted.rawValue == 130)
    #expect(Shell.ExitStatus.success.rawValue == 0)
  }
}
