import Foundation

/// Finds the examples of the README and the man pages (see ``DocumentationExample``).
enum DocumentationPages {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The pages whose examples run, in the order they run.
  static let pages = ["README.md", "man/reactor.1", "man/reactor-transcript.5", "man/reactor-ndjson.7"]

  /// Every example, in page order.
  static func examples() throws -> [DocumentationExample] {
    try pages.flatMap { $0.hasSuffix(".md") ? try markdown($0) : try manPage($0) }
  }

  /// The ```` ```console ```` blocks of a Markdown page.
  static func markdown(_ path: String) throws -> [DocumentationExample] {
    let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    let lines = text.components(separatedBy: "\n")
    var examples: [DocumentationExample] = []
    var index = 0
    while index < lines.count {
      guard lines[index] == "```console" else {
        index += 1
        continue
      }
      let start = index + 1
      var end = start
      while end < lines.count, lines[end] != "```" { end += 1 }
      if let example = DocumentationExample.parse(Array(lines[start..<end]), source: "\(path):\(start)", page: path) {
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
    // The blocks to render: each example's first line, and for a script the file it is saved as.
    var starts: [(line: Int, file: String?)] = []
    var index = 0
    while index < lines.count {
      guard lines[index].hasPrefix(".Bd -literal") else {
        index += 1
        continue
      }
      var end = index + 1
      while end < lines.count, lines[end] != ".Ed" { end += 1 }
      let body = lines[(index + 1)..<end]
      let file = index > 0 ? lines[index - 1].firstMatch(of: fileMarker).map { String($0.1) } : nil
      if file != nil || body.contains(where: { $0.hasPrefix("$ ") || $0.hasPrefix("reactor> ") })
        || isTranscript(Array(body))
      {
        starts.append((index + 1, file))
        document += [".Sh EXAMPLE-\(starts.count)", ".Bd -literal"] + body + [".Ed"]
      }
      index = end + 1
    }
    let rendered = try render(document.joined(separator: "\n") + "\n")
    var examples: [DocumentationExample] = []
    var files: [String: String] = [:]
    for (number, (start, file)) in starts.enumerated() {
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
      if let file {
        files[file] = block.joined(separator: "\n") + "\n"
      } else if isTranscript(block) {
        examples.append(transcript(block, source: "\(path):\(start)", page: path, number: number + 1))
      } else if var example = DocumentationExample.parse(block, source: "\(path):\(start)", page: path) {
        example.files.merge(files) { $1 }
        files = [:]
        examples.append(example)
      }
    }
    // A script that no example runs would be text no test reads.
    if let unused = files.keys.sorted().first {
      throw DocumentationError.unusedFile(page: path, file: unused)
    }
    return examples
  }

  /// The comment that saves the literal block after it as a file for the next example, as
  /// `.\" example file: client.py`: the page shows the script, and the example runs it.
  static var fileMarker: Regex<(Substring, Substring)> { #/^\.\\" example file: (\S+)$/# }

  enum DocumentationError: Error, CustomStringConvertible {
    case unusedFile(page: String, file: String)

    var description: String {
      switch self {
      case .unusedFile(let page, let file): "\(page): the example file \(file) is followed by no example that runs it"
      }
    }
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
      try? input.fileHandleForWriting.write(contentsOf: Data(text.utf8))
      try? input.fileHandleForWriting.close()
    }
    writer.start()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).components(separatedBy: "\n")
  }
}
