import Foundation
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Runs documentation examples against the built binary and compares their output.
///
/// Each page's examples run in order in a scratch folder of their own, which is the working
/// directory; `reactor` on `PATH` is the built binary, and so are `scripts/run` and
/// `.build/debug/reactor` (which build it first for a reader); `/tmp/` stands for the scratch
/// folder, in commands and in output alike. The environment is clean: a scratch HOME,
/// `LANG=C.UTF-8`, no token. `gh` is a stand-in that prints a token (never sent: the example
/// that uses it runs no command).
///
/// Matching output: line by line, exactly, except that a line `...` (indented or not) stands
/// for any number of lines, none included. The records of a `--daemon` example are compared
/// request by request (the order of one request's records is kept; requests interleave as
/// they run). A REPL example runs on a pseudo-terminal, where the prompt and the echo of what
/// was typed mix with the output: there, the lines shown must appear in order, each at the end
/// of a line of the screen; a password prompt is answered with `hunter22`.
struct DocumentationRunner {
  let binary: URL
  let scratch: URL

  init(binary: URL) throws {
    // A REPL example that ends early closes the pipe its keys go to: a failed example, not a
    // test process killed by SIGPIPE.
    signal(SIGPIPE, SIG_IGN)
    self.binary = binary
    scratch = FileManager.default.temporaryDirectory.appendingPathComponent("reactor-docs-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    let bin = scratch.appendingPathComponent(".bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(at: bin.appendingPathComponent("reactor"), withDestinationURL: binary)
    let gh = bin.appendingPathComponent("gh")
    try "#!/bin/sh\necho ghp_documentationExampleToken\n".write(to: gh, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: gh.path)
    try FileManager.default.createDirectory(
      at: scratch.appendingPathComponent("home"), withIntermediateDirectories: true)
  }

  func remove() { try? FileManager.default.removeItem(at: scratch) }

  /// `text` as it runs here: the documented stand-ins replaced.
  func localized(_ text: String) -> String {
    text.replacingOccurrences(of: "/tmp/", with: scratch.path + "/")
      .replacingOccurrences(of: ".build/debug/reactor", with: "reactor")
      .replacingOccurrences(of: "scripts/run", with: "reactor")
  }

  var environment: [String: String] {
    var environment = [
      "PATH": scratch.path + "/.bin:/usr/local/bin:/usr/bin:/bin", "HOME": scratch.path + "/home", "LANG": "C.UTF-8",
    ]
    if let python = ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":").first(where: {
      FileManager.default.isExecutableFile(atPath: "\($0)/python3")
    }) {
      environment["PATH"]! += ":" + python
    }
    environment.merge(ReactorBinary.sanitizerEnvironment) { $1 }
    return environment
  }

  /// The output of each step of a shell example: one `bash` runs them all, so `echo $?` sees
  /// the status of the command before it.
  func run(_ example: DocumentationExample) throws -> [[String]] {
    let marker = "@@reactor-documentation-step@@"
    let script = example.steps.map { localized($0.command) + "\n__s=$?; echo \(marker); (exit $__s)\n" }.joined()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", "exec 2>&1\n" + script]
    process.currentDirectoryURL = scratch
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    var steps: [[String]] = [[]]
    for line in String(decoding: data, as: UTF8.self).components(separatedBy: "\n").dropLast() {
      if line == marker { steps.append([]) } else { steps[steps.count - 1].append(line) }
    }
    return Array(steps.dropLast())
  }

  /// The screen of a REPL example: its first step starts `reactor` on a pseudo-terminal, the
  /// others are typed, each once the screen ends in the prompt that waits for it (typing ahead
  /// would hand a password prompt's answer to the line editor).
  func runREPL(_ example: DocumentationExample) throws -> [String] {
    var typed: [(line: String, after: String)] = []
    for step in example.steps.dropFirst() {
      typed.append((step.command, "reactor> "))
      if ["password", "repeat"].contains(step.command) { typed.append(("hunter22", "password: ")) }
    }
    typed.append(("quit", "reactor> "))
    let process = Process()
    process.executableURL = URL(fileURLWithPath: ReactorBinary.scriptPath)
    process.arguments = ["-qec", localized(example.steps[0].command), "/dev/null"]
    process.currentDirectoryURL = scratch
    var environment = environment
    environment["BROWSER"] = "true"
    environment["TERM"] = "dumb"
    process.environment = environment
    let (input, output) = (Pipe(), Pipe())
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    let screen = ScreenBuffer()
    let reader = Thread {
      while true {
        let chunk = output.fileHandleForReading.availableData
        if chunk.isEmpty { break }
        screen.append(chunk)
      }
      screen.finish()
    }
    reader.start()
    // What the screen held when the last line was typed: the prompt waited for is one printed
    // after it, never the one the line answered (typed ahead, a line editor may flush it).
    var typedAt = 0
    for (line, prompt) in typed {
      // Waits for an event it can see (the prompt), with a bound only against a hang.
      let deadline = ContinuousClock.now + TimingSlack.seconds(60)
      while !screen.done, ContinuousClock.now < deadline {
        let bytes = screen.value
        let text = String(decoding: bytes.dropFirst(typedAt), as: UTF8.self).replacingOccurrences(of: "\r", with: "")
        if text.hasSuffix(prompt) { break }
        Thread.sleep(forTimeInterval: 0.01)
      }
      typedAt = screen.value.count
      try? input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
    }
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
    while !screen.done { Thread.sleep(forTimeInterval: 0.001) }
    let escape = try NSRegularExpression(pattern: "\u{1B}\\[[0-9;?]*[A-Za-z]|\r")
    let text = String(decoding: screen.value, as: UTF8.self)
    let plain = escape.stringByReplacingMatches(
      in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "")
    return plain.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
  }

  // MARK: - Matching

  /// Whether `actual` is what `expected` shows, `...` standing for any lines.
  static func matches(_ expected: [String], _ actual: [String]) -> Bool {
    func match(_ e: ArraySlice<String>, _ a: ArraySlice<String>) -> Bool {
      guard let first = e.first else { return a.isEmpty }
      if first.trimmingCharacters(in: .whitespaces) == "..." {
        let rest = e.dropFirst()
        return (a.startIndex...a.endIndex).contains { match(rest, a[$0...]) }
      }
      guard let line = a.first, line == first else { return false }
      return match(e.dropFirst(), a.dropFirst())
    }
    return match(expected[...], actual[...])
  }

  /// The daemon's records, one list per request id in the order they came (`...` lines and
  /// records without an id kept under the key `-`).
  static func byRequest(_ lines: [String]) -> [String: [String]] {
    var requests: [String: [String]] = [:]
    for line in lines {
      let id = line.range(of: #""id":("[^"]*"|[0-9.]+)"#, options: .regularExpression).map { String(line[$0]) }
      requests[id ?? "-", default: []].append(line)
    }
    return requests
  }

  /// Whether the screen shows `expected` (prompt lines left out) in order, each line at the
  /// end of a line of the screen.
  static func screenShows(_ expected: [String], _ screen: [String]) -> Bool {
    var rest = screen[...]
    for line in expected where line.trimmingCharacters(in: .whitespaces) != "..." {
      let wanted = line.trimmingCharacters(in: .whitespaces)
      guard let found = rest.firstIndex(where: { $0.hasSuffix(wanted) }) else { return false }
      rest = rest[(found + 1)...]
    }
    return true
  }
}
