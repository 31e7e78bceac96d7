import Foundation
import TestSupport
import Testing

/// `--wait-on-rate-limit`'s countdown in a REPL whose prompt is shown (a command run with `&`):
/// it is a status line above the prompt, never written over the prompt's row.
@Suite("reactor binary: the rate-limit countdown beside the prompt")
struct TerminalCountdownTests {
  private static let status = "for GitHub's rate limit (Ctrl-C stops)"
  private static let oneResult = #"""
    {"total_count":1,"incomplete_results":false,"items":[{"id":1,"full_name":"apple/swift",\#
    "stargazers_count":67100,"html_url":"https://github.com/apple/swift"}]}
    """#

  @Test("a countdown while the user types stays above the prompt; the typed line is drawn intact below it")
  func countdownAboveThePrompt() async throws {
    try await ReactorBinary.withScratchHome { home in
      let release = Latch()
      defer { release.set() }
      let searches = Counter()
      let server = try LoopbackServer { request in
        guard request.pathAndQuery.hasPrefix("/search") else { return .json(404, #"{"message":"Not Found"}"#) }
        guard searches.next() == 0 else {
          return .json(200, Self.oneResult)
        }
        release.wait()
        return .json(
          429, #"{"message":"You have exceeded a secondary rate limit"}"#, headers: [("Retry-After", "2")])
      }
      defer { server.stop() }
      let repl = try TerminalSession(
        ["--api-url", server.baseURL, "--color", "never", "--wait-on-rate-limit=5"], environment: ["HOME": home])
      defer { repl.end() }
      try await repl.wait(forScreen: "reactor> ")
      repl.type("query swift &\r")
      try await repl.wait(forScreen: "reactor> ", count: 2)
      repl.type("username nvi")
      try await repl.wait(forScreen: "username nvi")
      release.set()
      try await repl.wait(forScreen: "apple/swift")
      try await repl.wait(for: "the typed line drawn again below the results") { screen, _ in
        guard let result = screen.range(of: "apple/swift", options: .backwards) else { return false }
        return screen[result.upperBound...].contains("reactor> username nvi")
      }
      let screen = repl.text
      // Every second of the countdown was a row of its own, erased with the prompt's rows and
      // followed by the prompt and the typed line drawn again.
      for seconds in [2, 1] {
        let row = "waiting \(seconds) s \(Self.status)\r\n"
        let range = try #require(screen.range(of: row), "\(screen.suffix(3000).debugDescription)")
        #expect(screen[range.upperBound...].hasPrefix("reactor> username nvi"), "\(screen.debugDescription)")
      }
      // Never rewritten in place on the cursor's row, which is the prompt's.
      #expect(!screen.contains("\u{1B}[2Kwaiting"), "\(screen.debugDescription)")
      repl.type("e\r")
      // The prompt after the check's answer: the countdown's redraws drew prompts of their own,
      // so a count of prompts could be reached while the check still runs.
      try await repl.wait(for: "the prompt after the username check") { screen, _ in
        guard let answer = screen.range(of: "Username available", options: .backwards) else { return false }
        return screen[answer.upperBound...].contains("reactor> ")
      }
      repl.type("\u{4}")
      #expect(try await repl.exitStatus() == 0)
    }
  }
}
