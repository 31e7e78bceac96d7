import Foundation
import Testing

/// The REPL on a terminal: `script(1)` gives reactor a pseudo-terminal, so it edits lines with
/// libedit (loaded on first use), completes with tab and keeps history.
@Suite("reactor binary: interactive REPL on a terminal", .enabled(if: ReactorBinary.hasScript, "needs script(1) from util-linux"))
struct InteractiveSessionTests {
  private func scratchHome() -> String {
    NSTemporaryDirectory() + "reactor-e2e-tty-\(UUID().uuidString)"
  }

  @Test("banner, prompt, a search, and the history file (mode 600)")
  func session() throws {
    let home = scratchHome()
    defer { try? FileManager.default.removeItem(atPath: home) }
    let result = try ReactorBinary.run(
      ["--offline", "--color", "never"], input: "query swift\nquit\n", environment: ["HOME": home], terminal: true)
    #expect(result.status == 0, "stderr: \(result.stderr)")
    let screen = result.stdout.replacingOccurrences(of: "\r\n", with: "\n")
    #expect(screen.contains("type 'help' for commands, Ctrl-D to leave (offline sample data)"))
    #expect(screen.contains("reactor> "))
    #expect(screen.contains(#"query: nil -> "swift""#))
    #expect(!screen.contains("no line editing"))
    let history = home + "/.local/state/reactor/history"
    let text = try String(contentsOfFile: history, encoding: .utf8)
    #expect(text.contains(#"query\040swift"#))
    let mode = try #require(try FileManager.default.attributesOfItem(atPath: history)[.posixPermissions] as? Int)
    #expect(mode == 0o600)
  }

  @Test("tab completes a verb")
  func completion() throws {
    let home = scratchHome()
    defer { try? FileManager.default.removeItem(atPath: home) }
    let result = try ReactorBinary.run(
      ["--offline", "--color", "never"], input: "que\t swift\nquit\n", environment: ["HOME": home], terminal: true)
    #expect(result.status == 0)
    #expect(result.stdout.contains(#"query: nil -> "swift""#), "\(result.stdout.suffix(400))")
  }

  @Test("libedit is loaded here, and only here: not for --version, pipes or the daemon")
  func libeditOnlyOnATerminal() throws {
    func loaded(_ arguments: [String], input: String = "", terminal: Bool = false) throws -> String {
      let log = FileManager.default.temporaryDirectory.appendingPathComponent("reactor-ld-edit-\(UUID().uuidString)")
      let directory = log.deletingLastPathComponent()
      defer {
        for file in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        where file.hasPrefix(log.lastPathComponent) {
          try? FileManager.default.removeItem(at: directory.appendingPathComponent(file))
        }
      }
      _ = try ReactorBinary.run(
        arguments, input: input, environment: ["LD_DEBUG": "libs", "LD_DEBUG_OUTPUT": log.path, "HOME": scratchHome()],
        terminal: terminal)
      return try FileManager.default.contentsOfDirectory(atPath: directory.path)
        .filter { $0.hasPrefix(log.lastPathComponent) }
        .map { try String(contentsOf: directory.appendingPathComponent($0), encoding: .utf8) }.joined()
    }
    let version = try loaded(["--version"])
    #expect(!version.isEmpty, "LD_DEBUG wrote nothing: the check would prove nothing")
    #expect(!version.contains("libedit"))
    #expect(!(try loaded(["--offline"], input: "query swift\n")).contains("libedit"))
    #expect(!(try loaded(["--offline", "--daemon"], input: #"{"id":1,"command":"query swift"}"# + "\n")).contains("libedit"))
    #expect(try loaded(["--offline"], input: "quit\n", terminal: true).contains("libedit.so.2"))
  }
}
