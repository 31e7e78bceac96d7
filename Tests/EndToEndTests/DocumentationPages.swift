import Foundation

/// Finds the examples of the README and the man pages (see ``DocumentationExample``).
enum DocumentationPages {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Every example, in page order.
  static func examples() throws -> [DocumentationExample] {
    try readme() + manPage("man/reactor.1") + manPage("man/reactor-transcript.5")
  }

  /// The README's ```` ```console ```` blocks.
  static func readme() throws -> [DocumentationExample] {
    let text = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let lines = text.components(separatedBy: "\n")
    var examples: [DocumentationExample] = []
    var python: String?
    var index = 0
    while index < lines.count {
      guard lines[index] == "```console" || lines[index] == "```python" else {
        index += 1
        continue
      }
      let start = index + 1
      var end = start
      while end < lines.count, lines[end] != "```" { end += 1 }
      if lines[index] == "```python" {
        python = lines[start..<end].joined(separator: "\n") + "\n"
      } else if var example = DocumentationExample.parse(
        Array(lines[start..<end]), source: "README.md:\(start)", page: "README.md")
      {
        if let python, let script = example.steps.first?.command.firstMatch(of: /python3 (\S+\.py)/)?.1 {
          example.files[String(script)] = python
        }
        examples.append(example)
      }
      index = end + 1
    }
    return examples
  }

  /// The literal blocks of a man page that show a command, as `groff -mdoc -Tutf8` renders them.
  static func manPage(_ path: String) throws -> [DocumentationExample] {
    let source = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    let lines = source.components(separatedBy: "\n")
    // The page's own character fallbacks, then each block in a section of its own.
    var document = [".Dd January 1, 2026", ".Dt EXAMPLES 1", ".Os"] + lines.filter { $0.hasPrefix(".if !c") }
    var starts: [Int] = []
    var index = 0
    while index < lines.count {
      guard lines[index].hasPrefix(".Bd -literal") else {
        index += 1
        continue
      }
      var end = index + 1
      while end < lines.count, lines[end] != ".Ed" { end += 1 }
      let body = lines[(index + 1)..<end]
      if body.contains(where: { $0.hasPrefix("$ ") || $0.hasPrefix("reactor> ") }) || isTranscript(Array(body)) {
        starts.append(index + 1)
        document += [".Sh EXAMPLE-\(starts.count)", ".Bd -literal"] + body + [".Ed"]
      }
      index = end + 1
    }
    let rendered = try render(document.joined(separator: "\n") + "\n")
    var examples: [DocumentationExample] = []
    for (number, start) in starts.enumerated() {
      guard let heading = rendered.firstIndex(of: "EXAMPLE-\(number + 1)") else { continue }
      var block: [String] = []
      for line in rendered[(heading + 1)...] {
        if line.hasPrefix("EXAMPLE-") || line.contains("January 1, 2026") { break }
        block.append(line)
      }
      while block.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { block.removeLast() }
      // The section's indent is the first line's (a command); deeper indents are the text's.
      let indent = block.first?.prefix { $0 == " " }.count ?? 0
      block = block.map { line in String(line.dropFirst(min(indent, line.prefix { $0 == " " }.count))) }
      if isTranscript(block) {
        examples.append(transcript(block, source: "\(path):\(start)", page: path, number: number + 1))
      } else if let example = DocumentationExample.parse(block, source: "\(path):\(start)", page: path) {
        examples.append(example)
      }
    }
    return examples
  }

  /// Whether a block is a whole transcript: directives, input lines, and nothing cut out
  /// (`...`); a fragment of one is an excerpt, not an example.
  static func isTranscript(_ lines: [String]) -> Bool {
    lines.contains { $0.hasPrefix("%") } && lines.contains { $0.hasPrefix("> ") }
      && !lines.contains {
        $0.trimmingCharacters(in: .whitespaces) == "..." || $0.contains(",...") || $0.contains("...,")
      }
      && !lines.contains { $0.hasPrefix("$ ") }
  }

  /// A transcript example: written to a file (with the cassette it names, from
  /// `Tests/Transcripts`) and replayed, which must pass.
  static func transcript(_ lines: [String], source: String, page: String, number: Int) -> DocumentationExample {
    let name = "example-\(number).t"
    var files = [name: lines.joined(separator: "\n") + "\n"]
    for line in lines where line.hasPrefix("%cassette ") {
      let cassette = String(line.dropFirst("%cassette ".count))
      let url = root.appendingPathComponent("Tests/Transcripts/\(cassette)")
      files[cassette] = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }
    let step = DocumentationExample.Step(
      command: "reactor replay \(name)", expected: ["ok \(name)", "1 passed, 0 failed"])
    return DocumentationExample(source: source, page: page, kind: .shell, steps: [step], files: files)
  }

  /// `text` rendered for a UTF-8 terminal, without bold or underline.
  static func render(_ text: String) throws -> [String] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["groff", "-mdoc", "-Tutf8", "-P-cbou", "-ww"]
    let (input, output) = (Pipe(), Pipe())
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    let writer = Thread {
      input.fileHandleForWriting.write(Data(text.utf8))
      try? input.fileHandleForWriting.close()
    }
    writer.start()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).components(separatedBy: "\n")
  }
}
