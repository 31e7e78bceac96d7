import Foundation
import TestSupport
import Testing

/// Every example of the README and of the man pages, run against the built binary (offline,
/// or against nothing at all) and compared with the output the page shows, so that a pasted
/// example cannot break unnoticed. See ``DocumentationRunner`` for the rules.
@Suite(
  "documentation examples run as shown",
  .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/groff"), "needs groff to render the man pages"))
struct DocumentationExampleTests {
  @Test("every example of the page runs and prints what it shows", arguments: DocumentationPages.pages)
  func page(_ page: String) async throws {
    let binary = try #require(ReactorBinary.url, "the reactor binary was not found")
    let examples = try DocumentationPages.examples().filter { $0.page == page }
    #expect(!examples.isEmpty, "no examples found in \(page): the extraction would prove nothing")
    // The examples run on a thread of their own, where an issue would be recorded against no
    // test: the failures come back and are recorded here, against this page.
    let failures = try await offThePool {
      let runner = try DocumentationRunner(binary: binary)
      defer { runner.remove() }
      return try examples.flatMap { try Self.check($0, runner) }
    }
    for failure in failures { Issue.record("\(failure)") }
  }

  /// How the example failed: nothing when it printed what the page shows.
  static func check(_ example: DocumentationExample, _ runner: DocumentationRunner) throws -> [String] {
    for (name, text) in example.files {
      try text.write(to: runner.scratch.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    if example.kind == .repl {
      let screen = try runner.runREPL(example)
      let shown = example.steps.flatMap(\.expected).map(runner.localized)
      return DocumentationRunner.screenShows(shown, screen)
        ? [] : ["\(example.source): the screen was\n\(screen.joined(separator: "\n"))"]
    }
    let outputs = try runner.run(example)
    var failures: [String] = []
    if outputs.count != example.steps.count { failures.append("\(example.source): a step did not finish") }
    for (step, actual) in zip(example.steps, outputs) {
      let expected = step.expected.map(runner.localized)
      let matched =
        step.command.contains("--daemon")
        ? daemonMatches(expected, actual) : DocumentationRunner.matches(expected, actual)
      if !matched {
        failures.append(
          """
          \(example.source): $ \(step.command)
          expected:
          \(expected.joined(separator: "\n"))
          actual:
          \(actual.joined(separator: "\n"))
          """)
      }
    }
    return failures
  }

  /// Each request's records in their order, whatever the interleaving of requests.
  static func daemonMatches(_ expected: [String], _ actual: [String]) -> Bool {
    let wanted = DocumentationRunner.byRequest(expected)
    let got = DocumentationRunner.byRequest(actual)
    return wanted.keys.sorted() == got.keys.sorted()
      && wanted.allSatisfy { DocumentationRunner.matches($0.value, got[$0.key] ?? []) }
  }
}

/// The matching rules themselves, so that a lenient matcher cannot pass everything.
@Suite struct DocumentationMatchingTests {
  @Test func dotsStandForAnyLinesAndNothingElseIsLoose() {
    #expect(DocumentationRunner.matches(["a", "...", "z"], ["a", "b", "c", "z"]))
    #expect(DocumentationRunner.matches(["a", "   ...", "z"], ["a", "z"]))
    #expect(!DocumentationRunner.matches(["a", "z"], ["a", "b", "z"]))
    #expect(!DocumentationRunner.matches(["a", "...", "z"], ["a", "b"]))
    #expect(!DocumentationRunner.matches(["a"], ["a", "extra"]))
    #expect(!DocumentationRunner.matches([], ["unexpected output"]), "an example that shows no output must print none")
  }

  @Test func commandsContinueOverBackslashAndPipe() throws {
    let example = try #require(
      DocumentationExample.parse(
        ["$ printf 'x\\n' \\", "    | jq . |", "    cat", "out", "$ echo $?", "0"], source: "t:1", page: "t"))
    #expect(example.steps.map(\.command) == ["printf 'x\\n' \\\n    | jq . |\n    cat", "echo $?"])
    #expect(example.steps.map(\.expected) == [["out"], ["0"]])
  }

  @Test func daemonRecordsAreComparedRequestByRequest() {
    let expected = [#"{"id":"a","type":"begin"}"#, #"{"id":"b","type":"begin"}"#, #"{"id":"a","type":"end"}"#]
    #expect(
      DocumentationExampleTests.daemonMatches(
        expected, [#"{"id":"b","type":"begin"}"#, #"{"id":"a","type":"begin"}"#, #"{"id":"a","type":"end"}"#]))
    #expect(
      !DocumentationExampleTests.daemonMatches(
        expected, [#"{"id":"a","type":"end"}"#, #"{"id":"a","type":"begin"}"#, #"{"id":"b","type":"begin"}"#]))
  }

  @Test func aScreenMustShowEveryLineInOrder() {
    let screen = ["reactor> query x", #"query: "x""#, "reactor> next", "no more results"]
    #expect(DocumentationRunner.screenShows([#"query: "x""#, "...", "no more results"], screen))
    #expect(!DocumentationRunner.screenShows(["no more results", #"query: "x""#], screen), "order counts")
    #expect(!DocumentationRunner.screenShows(["a line never shown"], screen))
  }

  @Test func wholeTranscriptsOfTheFormatPageAreReplayed() throws {
    let examples = try DocumentationPages.manPage("man/reactor-transcript.5")
    let replays = examples.flatMap(\.steps).filter { $0.command.hasPrefix("reactor replay example-") }
    #expect(replays.count == 3, "the daemon, offline and signup transcripts: \(examples.map(\.source))")
  }

  @Test func everyManPageIsRun() throws {
    let man = DocumentationPages.root.appendingPathComponent("man")
    let pages = try FileManager.default.contentsOfDirectory(atPath: man.path).filter { $0.first != "." }
    #expect(!pages.isEmpty)
    for page in pages {
      #expect(DocumentationPages.pages.contains("man/\(page)"), "the examples of man/\(page) are not run")
    }
  }

  @Test func theScriptsOfAPageAreWrittenForTheExampleThatRunsThem() throws {
    let examples = try DocumentationPages.manPage("man/reactor-ndjson.7")
    for (script, command) in [("client.sh", "bash client.sh"), ("client.py", "python3 client.py")] {
      let example = try #require(examples.first { $0.steps.map(\.command) == [command] }, "no '$ \(command)' example")
      let text = try #require(example.files[script], "\(example.source) does not get \(script)")
      #expect(!text.contains("\\e") && !text.contains("\\&"), "\(script) is not rendered as a reader sees it")
    }
    #expect(
      examples.flatMap(\.files.keys).count == 2, "each script goes to the one example after it, not to every later one")
  }

  @Test func manPageExamplesAreRenderedAsAReaderSeesThem() throws {
    let examples = try DocumentationPages.manPage("man/reactor.1")
    let commands = examples.flatMap(\.steps).map(\.command)
    #expect(commands.contains { $0.contains(#"printf 'query swift\nnext\n'"#) }, "\\e renders as a backslash")
    #expect(!commands.contains { $0.contains(#"\e"#) })
  }
}
