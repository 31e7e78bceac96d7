import Foundation
import Testing

/// The manual pages stay in step with the binary: every verb, alias and long option it knows is
/// in reactor.1, and every record type and error code it prints is in reactor-ndjson.7. The
/// README, which keeps no reference of its own, points to them.
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

  /// ArgumentParser's built-in options that its help dump leaves out, though users need them:
  /// `scripts/install` and anyone installing completions by hand call this one.
  static let hiddenBuiltIns = ["generate-completion-script"]

  @Test("reactor.1 documents every long option")
  func options() async throws {
    let text = try Self.page("reactor.1")
    for option in try await Self.options() + Self.hiddenBuiltIns {
      #expect(text.contains("Fl -\(option)"), "man/reactor.1 does not document --\(option)")
    }
  }

  @Test("the hidden built-in options it documents exist")
  func hiddenBuiltInsExist() async throws {
    for option in Self.hiddenBuiltIns {
      let result = try await ReactorBinary.run(["--\(option)=bash"])
      #expect(result.status == 0 && !result.stdout.isEmpty, "reactor --\(option)=bash failed: \(result.stderr)")
    }
  }

  @Test("reactor.1 documents every command verb and alias")
  func verbs() async throws {
    let text = try Self.page("reactor.1")
    let help = try await ReactorBinary.run(["--offline", "--json"], input: "help\n")
    let record = try #require(try jsonLines(help.stdout).first)
    let entries = Self.commandEntries(text)
    for command in record["commands"] as! [[String: Any]] {
      let name = command["name"] as! String
      guard let entry = entries[name] else {
        Issue.record("man/reactor.1 does not document the '\(name)' command (no '.It Ic \(name)' in COMMANDS)")
        continue
      }
      // The alias is named as a command (`.Ic exit`) in its verb's entry, not merely a word
      // somewhere in the page.
      for alias in command["aliases"] as! [String] {
        #expect(
          entry.contains { Self.macroArguments($0, "Ic").first == alias },
          "man/reactor.1's entry for '\(name)' does not name its alias '\(alias)' with .Ic")
      }
    }
  }

  /// The arguments of `line` when it is a call of `macro` (`.Ic exit ,` gives `["exit", ","]`),
  /// with roff's zero-width escape `\&` removed; empty for any other line.
  static func macroArguments(_ line: String, _ macro: String) -> [String] {
    let words = line.replacingOccurrences(of: "\\&", with: "").split(separator: " ").map(String.init)
    guard words.first == "." + macro else { return [] }
    return Array(words.dropFirst())
  }

  /// The entries of the COMMANDS section by command name: the lines after each
  /// `.It Ic <name> ...`, up to the next item or the end of its list.
  static func commandEntries(_ text: String) -> [String: [String]] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let start = lines.firstIndex(of: ".Sh COMMANDS") else { return [:] }
    var entries: [String: [String]] = [:]
    var current: String?
    for line in lines[(start + 1)...] {
      if line.hasPrefix(".Sh ") { break }
      if line.hasPrefix(".It") || line.hasPrefix(".El") || line.hasPrefix(".Ss") {
        // `.It Ic help Op Ar command` is the entry of `help`.
        current = macroArguments(line, "It").starts(with: ["Ic"]) ? macroArguments(line, "It").dropFirst().first : nil
        if let current { entries[current] = [] }
        continue
      }
      if let current { entries[current]?.append(line) }
    }
    return entries
  }

  /// The `.It Li <name>` entries of a man page's section (`.Sh <section>`), as names.
  static func listEntries(_ text: String, section: String) -> Set<String> {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let start = lines.firstIndex(of: ".Sh \(section)") else { return [] }
    var names: Set<String> = []
    for line in lines[(start + 1)...] {
      if line.hasPrefix(".Sh ") { break }
      let arguments = macroArguments(line, "It")
      if arguments.count == 2, arguments[0] == "Li" { names.insert(arguments[1]) }
    }
    return names
  }

  /// Every record type, and the error codes, that a session prints when it runs most commands,
  /// right and wrong, on a pipe and as a daemon.
  static func printedRecords() async throws -> (types: Set<String>, codes: Set<String>) {
    let lines = [
      "help", "query swift", "next", "open 99", "open 1", "state search", "history search 2", "diff 1",
      "why search /query", "watch search /query", "trace on", "query language:rust stars:>90000", "next",
      "trace off", "unwatch search /repos", "unwatch", "undo", "redo", "redo", "opne", #"query "x"#, "open",
      "open 0", "open 1 2", "password <redacted>", "submit", "cancel zzz", "limits",
      "query " + String(repeating: "a", count: 300),
    ]
    let piped = try await ReactorBinary.run(["--offline", "--json"], input: lines.joined(separator: "\n") + "\n")
    let daemon = try await ReactorBinary.run(
      ["--daemon", "--offline"],
      input: ["help", #"{"id":"#, #"{"id":1}"#, #"{"x":"# + String(repeating: "[", count: 128)].joined(separator: "\n")
        + "\n")
    let records = try jsonLines(piped.stdout) + jsonLines(daemon.stdout)
    return (Set(records.compactMap { $0["type"] as? String }), Set(records.compactMap { $0["code"] as? String }))
  }

  @Test("reactor-ndjson.7 describes exactly the record types, and every error code, a session prints")
  func records() async throws {
    let text = try Self.page("reactor-ndjson.7")
    let (types, codes) = try await Self.printedRecords()
    // The session is meant to print every type; if it stops doing so, this says which.
    let documented = Self.listEntries(text, section: "RECORDS")
    #expect(documented.count >= 14, "reactor-ndjson.7's RECORDS lists \(documented.sorted())")
    for type in types.subtracting(documented).sorted() {
      Issue.record("reactor-ndjson.7 has no '.It Li \(type)' entry under RECORDS for the records reactor prints")
    }
    for type in documented.subtracting(types).sorted() {
      Issue.record("reactor-ndjson.7 documents the record type '\(type)', which the session did not print")
    }
    let documentedCodes = Self.listEntries(text, section: "ERROR CODES")
    #expect(codes.count >= 12, "the session printed only the codes \(codes.sorted())")
    for code in codes.subtracting(documentedCodes).sorted() {
      Issue.record("reactor-ndjson.7 has no '.It Li \(code)' entry under ERROR CODES")
    }
  }

  /// The README's links to files of this repository (`[text](path)`), without their anchors.
  static func readmeLinks() throws -> [String] {
    let text = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
    return text.matches(of: #/\]\(([^)\s]+)\)/#).map { String($0.1) }
      .filter { !$0.hasPrefix("http://") && !$0.hasPrefix("https://") && !$0.hasPrefix("#") }
      .map { String($0.prefix { $0 != "#" }) }
  }

  @Test("the README is short, links every man page and the other documents, and each link resolves")
  func readmePointsToTheRest() throws {
    let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
    let lineCount = readme.split(separator: "\n", omittingEmptySubsequences: false).count - 1
    #expect(lineCount <= 250, "README.md has \(lineCount) lines: the reference belongs in the man pages")
    let links = try Self.readmeLinks()
    for link in links {
      #expect(
        FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(link).path),
        "README.md links \(link), which does not exist")
    }
    let pages = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("man").path)
      .filter { $0.range(of: #"\.[0-9]$"#, options: .regularExpression) != nil }
    #expect(pages.count >= 3, "man/ holds \(pages)")
    let documents =
      pages.map { "man/\($0)" } + ["docs/ARCHITECTURE.md", "CONTRIBUTING.md", "Benchmarks/README.md", "CHANGELOG.md"]
    for document in documents {
      #expect(links.contains(document), "README.md does not link \(document)")
    }
  }

  @Test("CONTRIBUTING's recipes name files that exist, and README paragraphs that exist")
  func contributingNamesWhatExists() throws {
    let text = try String(contentsOf: Self.root.appendingPathComponent("CONTRIBUTING.md"), encoding: .utf8)
    // Paths in code spans: whole ones, not commands, patterns or placeholders.
    let paths = text.matches(of: #/`([^`\s*<>\[]+/[^`\s*<>\[]*)`/#).map { String($0.1) }
      .filter { !$0.hasPrefix("../") }
    #expect(paths.count >= 20, "\(paths)")
    let files =
      FileManager.default.enumerator(atPath: Self.root.path)?.compactMap { $0 as? String }
      .filter { !$0.hasPrefix(".build") } ?? []
    for path in paths {
      // A path relative to the module the recipe names (`Store/Store.swift`) counts.
      let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
      #expect(
        FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(path).path)
          || files.contains { $0.hasSuffix("/" + trimmed) }, "CONTRIBUTING.md names \(path), which does not exist")
    }
    let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
    for paragraph in text.matches(of: #/README's "([^"]+)" paragraph/#).map({ String($0.1) }) {
      #expect(readme.contains("**" + paragraph), "CONTRIBUTING.md names the README's \"\(paragraph)\" paragraph")
    }
  }

  // reactor-transcript.5's directives are checked against the parser's own list in
  // TranscriptTests (TranscriptManualPageTests): this target sees only the binary.
}
