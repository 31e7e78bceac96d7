import Foundation
import Testing

/// The REPL on a terminal: `script(1)` gives reactor a pseudo-terminal, so it edits lines with
/// libedit (loaded on first use), completes with tab and keeps history.
@Suite(
  "reactor binary: interactive REPL on a terminal",
  .enabled(if: ReactorBinary.hasScript, "needs script(1) from util-linux"))
struct InteractiveSessionTests {
  /// `input` typed into `reactor --offline` on a terminal, with a HOME of its own.
  private func onTerminal(_ input: String, _ check: (ReactorBinary.Result, String) throws -> Void) async throws {
    try await ReactorBinary.withScratchHome { home in
      let result = try await ReactorBinary.run(
        ["--offline", "--color", "never"], input: input, environment: ["HOME": home], terminal: true)
      try check(result, home)
    }
  }

  @Test("banner, prompt, a search, and the history file (mode 600)")
  func session() async throws {
    try await onTerminal("query swift\nquit\n") { result, home in
      #expect(result.status == 0, "stderr: \(result.stderr)")
      let screen = result.stdout.replacingOccurrences(of: "\r\n", with: "\n")
      #expect(screen.contains("type 'help' for commands, Ctrl-D to leave (offline sample data)"))
      #expect(screen.contains("reactor> "))
      #expect(screen.contains(#"query: "swift""#))
      #expect(!screen.contains("no line editing"))
      let history = home + "/.local/state/reactor/history"
      let text = try String(contentsOfFile: history, encoding: .utf8)
      #expect(text.contains(#"query\040swift"#))
      let mode = try #require(try FileManager.default.attributesOfItem(atPath: history)[.posixPermissions] as? Int)
      #expect(mode == 0o600)
    }
  }

  @Test("tab completes a verb")
  func completion() async throws {
    try await onTerminal("que\t swift\nquit\n") { result, _ in
      #expect(result.status == 0)
      #expect(result.stdout.contains(#"query: "swift""#), "\(result.stdout.suffix(400))")
    }
  }

  @Test("tab completes a feature's field after why, a JSON Pointer with its slash")
  func fieldCompletion() async throws {
    try await onTerminal("query swift\nwhy sea\t/que\t\nquit\n") { result, _ in
      #expect(result.status == 0)
      #expect(result.stdout.contains("search /query = \"swift\": set by seq"), "\(result.stdout.suffix(400))")
    }
  }

  @Test("libedit is loaded here, and only here: not for --version, pipes or the daemon")
  func libeditOnlyOnATerminal() async throws {
    try await ReactorBinary.withScratchHome { home in
      func loaded(_ arguments: [String], input: String = "", terminal: Bool = false) async throws -> String {
        try await ReactorBinary.librariesLoaded(
          arguments, input: input, environment: ["HOME": home], terminal: terminal)
      }
      let version = try await loaded(["--version"])
      #expect(!version.isEmpty, "LD_DEBUG wrote nothing: the check would prove nothing")
      #expect(!version.contains("libedit"))
      #expect(!(try await loaded(["--offline"], input: "query swift\n")).contains("libedit"))
      #expect(
        !(try await loaded(["--offline", "--daemon"], input: #"{"id":1,"command":"query swift"}"# + "\n")).contains(
          "libedit"))
      #expect(try await loaded(["--offline"], input: "quit\n", terminal: true).contains("libedit.so.2"))
    }
  }
}
