import Foundation
import Testing

/// The manual pages stay in step with the command table and the flags: every verb, alias and
/// long option the binary knows must be documented.
@Suite("man pages")
struct ManualPageTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static func page(_ name: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent("man/\(name)"), encoding: .utf8)
  }

  /// Every long option of every (sub)command, from ArgumentParser's own description of them.
  static func options() async throws -> [String] {
    let result = try await ReactorBinary.run(["--experimental-dump-help"])
    let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
    var names: [String] = []
    func walk(_ command: [String: Any]) {
      for argument in command["arguments"] as? [[String: Any]] ?? [] {
        for name in argument["names"] as? [[String: Any]] ?? [] where name["kind"] as? String == "long" {
          names.append(name["name"] as! String)
        }
      }
      for sub in command["subcommands"] as? [[String: Any]] ?? [] { walk(sub) }
    }
    walk(json["command"] as! [String: Any])
    return Array(Set(names)).sorted()
  }

  @Test("reactor.1 documents every long option")
  func options() async throws {
    let text = try Self.page("reactor.1")
    for option in try await Self.options() {
      #expect(text.contains("Fl -\(option)"), "man/reactor.1 does not document --\(option)")
    }
  }

  @Test("reactor.1 documents every command verb and alias")
  func verbs() async throws {
    let text = try Self.page("reactor.1")
    let help = try await ReactorBinary.run(["--offline", "--json"], input: "help\n")
    let record = try #require(try jsonLines(help.stdout).first)
    for command in record["commands"] as! [[String: Any]] {
      let name = command["name"] as! String
      #expect(text.contains("Ic \(name)"), "man/reactor.1 does not document the '\(name)' command")
      for alias in command["aliases"] as! [String] {
        #expect(text.contains(alias), "man/reactor.1 does not mention the alias '\(alias)'")
      }
    }
  }

  @Test("reactor-transcript.5 documents every directive")
  func directives() async throws {
    let text = try Self.page("reactor-transcript.5")
    for directive in ["cassette", "offline", "data", "seed", "clock", "mode", "width"] {
      #expect(text.contains(directive), "man/reactor-transcript.5 does not document %\(directive)")
    }
  }
}
