import Foundation
import Testing

/// The articles of the DocC catalogs show only code that compiles and runs: every `swift` code
/// block of an article is, word for word (less its indentation), a region of this test target
/// between `// snippet: NAME` and `// snippet-end`, and every region is shown by an article.
@Suite("the DocC articles' code")
struct ArticleCodeTests {
  static let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  static let root = here.deletingLastPathComponent().deletingLastPathComponent()

  /// Every `.md` file of every catalog under `Sources/`, by path from the root.
  static func articles() throws -> [String: String] {
    var found: [String: String] = [:]
    let sources = root.appendingPathComponent("Sources")
    let walker = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
    while let file = walker?.nextObject() as? URL {
      guard file.pathExtension == "md", file.path.contains(".docc/") else { continue }
      found[String(file.path.dropFirst(root.path.count + 1))] = try String(contentsOf: file, encoding: .utf8)
    }
    return found
  }

  /// The `swift` code blocks of a Markdown text.
  static func codeBlocks(in text: String) -> [String] {
    var blocks: [String] = []
    var current: [Substring]?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if current == nil, line.trimmingCharacters(in: .whitespaces) == "```swift" {
        current = []
      } else if current != nil, line.trimmingCharacters(in: .whitespaces) == "```" {
        blocks.append(dedented(current!))
        current = nil
      } else {
        current?.append(line)
      }
    }
    return blocks
  }

  /// The snippet regions of this target's Swift files, by name.
  static func snippets() throws -> [String: String] {
    var found: [String: String] = [:]
    for file in try FileManager.default.contentsOfDirectory(at: here, includingPropertiesForKeys: nil)
    where file.pathExtension == "swift" {
      var name: String?
      var lines: [Substring] = []
      for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
      {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("// snippet: ") {
          name = String(trimmed.dropFirst("// snippet: ".count))
          lines = []
        } else if trimmed == "// snippet-end", let open = name {
          found[open] = dedented(lines)
          name = nil
        } else if name != nil {
          lines.append(line)
        }
      }
    }
    return found
  }

  /// The lines without the indentation they all share, joined.
  static func dedented(_ lines: [Substring]) -> String {
    let indent = lines.filter { !$0.allSatisfy(\.isWhitespace) }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
    return lines.map { $0.allSatisfy(\.isWhitespace) ? "" : String($0.dropFirst(indent)) }.joined(separator: "\n")
  }

  @Test("every swift block of an article is a snippet region of this target")
  func blocksAreCompiled() throws {
    let regions = Set(try Self.snippets().values)
    let articles = try Self.articles()
    #expect(articles.count >= 9, "the catalogs' articles were not found under \(Self.root.path)/Sources")
    for (path, text) in articles.sorted(by: { $0.key < $1.key }) {
      for block in Self.codeBlocks(in: text) where !regions.contains(block) {
        Issue.record("\(path) shows code that is no snippet region of Tests/LibraryDocumentationTests:\n\(block)")
      }
    }
  }

  @Test("every snippet region is shown by an article")
  func regionsAreShown() throws {
    let shown = Set(try Self.articles().values.flatMap { Self.codeBlocks(in: $0) })
    for (name, region) in try Self.snippets().sorted(by: { $0.key < $1.key }) where !shown.contains(region) {
      Issue.record("snippet \(name) is shown by no article, or differs from the block that shows it")
    }
  }

  @Test("the extraction finds blocks and regions, and a changed block no longer matches")
  func extraction() {
    let article = "Text.\n\n```swift\nlet a = 1\n  let b = 2\n```\n\n```\nnot swift\n```\n"
    #expect(Self.codeBlocks(in: article) == ["let a = 1\n  let b = 2"])
    #expect(Self.dedented(["    let a = 1", "", "      let b = 2"]) == "let a = 1\n\n  let b = 2")
    #expect(Self.codeBlocks(in: article.replacingOccurrences(of: "= 2", with: "= 3")) != ["let a = 1\n  let b = 2"])
  }
}
