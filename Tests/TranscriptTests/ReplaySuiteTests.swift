import CommandLanguage
import FeatureKit
import FeatureList
import Foundation
import ReactorCore
import Shell
import Testing

#if canImport(Glibc)
  import Glibc
#endif
#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `reactor replay` over a suite: directories, read errors, --jobs, --shard, --filter, --junit.
@Suite("Replaying a suite")
struct ReplaySuiteTests {
  /// A directory tree of corpus transcripts (with their cassettes), one broken file, and a
  /// file that is not a transcript; removed after `body`.
  static func withSuite(_ body: (String) async throws -> Void) async throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("reactor-suite-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: root) }
    let layout = [
      "b": ["search-happy.t", "help.t"], "a/deep": ["search-no-results.t", "signup-taken.t"], "": ["parse-errors.t"],
    ]
    for (folder, files) in layout {
      let directory = folder.isEmpty ? root : root + "/" + folder
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
      for file in files {
        for name in [file, file + ".cassette.json"] {
          try FileManager.default.copyItem(
            atPath: TranscriptCorpusTests.directory.appendingPathComponent(name).path, toPath: directory + "/" + name)
        }
      }
    }
    try "%offline\n> help next\nwrong\n".write(toFile: root + "/b/wrong.t", atomically: true, encoding: .utf8)
    try "not a transcript".write(toFile: root + "/notes.txt", atomically: true, encoding: .utf8)
    try await body(root)
  }

  /// Runs a suite and returns its report and status; `opener` opens its files.
  static func run(
    _ options: ReplayOptions, opener: @escaping TranscriptFiles.Opener = TranscriptFiles.openForReading
  ) async -> (report: String, status: Int32) {
    let (report, _, status) = await runWithErrors(options, opener: opener)
    return (report, status)
  }

  /// Runs a suite and returns its report, what it wrote on standard error, and its status.
  static func runWithErrors(
    _ options: ReplayOptions, opener: @escaping TranscriptFiles.Opener = TranscriptFiles.openForReading
  ) async -> (report: String, errors: String, status: Int32) {
    let output = Locked("")
    let errors = Locked("")
    let runner = TranscriptRunner(
      features: Features.all,
      makeClient: { settings, time, log in
        try .replaying(cassettePath: settings.offline ? nil : settings.cassette, time: time, userAgent: "t", log: log)
      })
    var replayer = Replayer(runner: runner) { text in output.withLock { $0 += text } }
    replayer.opener = opener
    replayer.writeError = { text in errors.withLock { $0 += text } }
    let status = await replayer.run(options)
    return (output.withLock { $0 }, errors.withLock { $0 }, status)
  }

  @Test("a suite that selects no transcript fails with its own status and says what was searched")
  func nothingSelected() async throws {
    try await Self.withSuite { root in
      let empty = root + "/empty"
      try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
      var none = await Self.runWithErrors(ReplayOptions(paths: [empty]))
      #expect(none.status == Replayer.noTranscripts && none.status == 5)
      #expect(none.report == "")
      #expect(none.errors == "error: no transcript to replay: '\(empty)' holds no *.t file\n")
      try FileManager.default.createDirectory(atPath: empty + "/sub", withIntermediateDirectories: true)
      none = await Self.runWithErrors(ReplayOptions(paths: [empty, empty + "/sub"]))
      #expect(none.errors == "error: no transcript to replay: '\(empty)', '\(empty)/sub' hold no *.t file\n")

      var filtered = ReplayOptions(paths: [root])
      filtered.filter = "nomatch"
      let unmatched = await Self.runWithErrors(filtered)
      #expect(unmatched.status == 5)
      #expect(
        unmatched.errors
          == "error: no transcript to replay: --filter 'nomatch' matches none of the 6 transcripts under '\(root)'\n")

      var sliced = ReplayOptions(paths: [root + "/a"])
      sliced.shard = (3, 3)
      let shard = await Self.runWithErrors(sliced)
      #expect(shard.status == 5)
      #expect(shard.errors == "error: no transcript to replay: shard 3/3 is empty: the suite has 2 transcripts\n")
    }
  }

  @Test("a directory is every *.t under it, recursively, in byte order")
  func directories() async throws {
    try await Self.withSuite { root in
      let paths = TranscriptFiles.expand([root]).map(\.path)
      #expect(
        paths
          == [
            "a/deep/search-no-results.t", "a/deep/signup-taken.t", "b/help.t", "b/search-happy.t", "b/wrong.t",
            "parse-errors.t",
          ].map { root + "/" + $0 })
      let (report, status) = await Self.run(ReplayOptions(paths: [root]))
      #expect(status == 1)
      #expect(report.hasSuffix("5 passed, 1 failed\n"))
      #expect(report.contains("FAIL \(root)/b/wrong.t\n"))
    }
  }

  @Test("a file that cannot be read says why")
  func readErrors() async throws {
    try await Self.withSuite { root in
      let (report, _) = await Self.run(ReplayOptions(paths: [root + "/none.t", root + "/parse-errors.t/x.t"]))
      #expect(report.contains("FAIL \(root)/none.t: cannot read the file: No such file or directory (ENOENT)\n"))
      #expect(report.contains("FAIL \(root)/parse-errors.t/x.t: cannot read the file: Not a directory (ENOTDIR)\n"))
      #expect(report.hasSuffix("0 passed, 2 failed\n"))
    }
  }

  /// Root reads any file whatever its mode, and CI runs as root: the suite's opener fails
  /// for the one file as open(2) does for a file without read permission.
  @Test("a file without read permission says EACCES")
  func permissionDenied() async throws {
    try await Self.withSuite { root in
      let path = root + "/parse-errors.t"
      let (report, status) = await Self.run(ReplayOptions(paths: [root])) { file in
        guard file == path else { return open(file, O_RDONLY) }
        errno = EACCES
        return -1
      }
      #expect(status == 1)
      #expect(report.contains("FAIL \(path): cannot read the file: Permission denied (EACCES)\n"), "\(report)")
      #expect(report.hasSuffix("4 passed, 2 failed\n"), "the other files are read as before")
    }
  }

  @Test(
    "a file without read permission says EACCES, from the kernel",
    .enabled(if: geteuid() != 0, "root reads any file; the test above covers the message as root"))
  func permissionDeniedByTheKernel() async throws {
    try await Self.withSuite { root in
      let path = root + "/parse-errors.t"
      chmod(path, 0)
      let (report, _) = await Self.run(ReplayOptions(paths: [path]))
      #expect(report.contains("cannot read the file: Permission denied (EACCES)"))
    }
  }

  @Test("read errors name the errno, so users can search for it")
  func errnoNames() {
    #expect(TranscriptFiles.describe(EACCES) == "Permission denied (EACCES)")
    #expect(TranscriptFiles.describe(ENOENT) == "No such file or directory (ENOENT)")
    #expect(TranscriptFiles.describe(EISDIR) == "Is a directory (EISDIR)")
  }

  @Test("the report is the same for 1, 2 and 5 jobs")
  func jobs() async throws {
    try await Self.withSuite { root in
      var reports: [String] = []
      for jobs in [1, 2, 5] {
        var options = ReplayOptions(paths: [root])
        options.jobs = jobs
        reports.append(await Self.run(options).report)
      }
      #expect(reports[0] == reports[1])
      #expect(reports[0] == reports[2])
    }
  }

  @Test("shards are balanced, stable, and together the suite with no file twice")
  func shards() async throws {
    let files = (1...23).map { "f\($0).t" }
    for count in 1...6 {
      let slices = (1...count).map { ReplayOptions.slice(files, shard: ($0, count)) }
      #expect(slices.flatMap { $0 }.sorted() == files.sorted())
      #expect(Set(slices.flatMap { $0 }).count == files.count)
      let sizes = slices.map(\.count)
      #expect(sizes.max()! - sizes.min()! <= 1)
      #expect(slices == (1...count).map { ReplayOptions.slice(files, shard: ($0, count)) })
    }
    #expect(ReplayOptions.shard("2/4")! == (2, 4))
    for bad in ["0/4", "5/4", "1/0", "x/2", "1/2/3", "2", ""] { #expect(ReplayOptions.shard(bad) == nil) }
    try await Self.withSuite { root in
      var seen: [String] = []
      for index in 1...4 {
        var options = ReplayOptions(paths: [root])
        options.shard = (index, 4)
        seen += await Self.run(options).report.split(separator: "\n").filter {
          $0.hasPrefix("ok ") || $0.hasPrefix("FAIL ")
        }
        .map { String($0.split(separator: " ")[1]) }
      }
      #expect(seen.sorted() == TranscriptFiles.expand([root]).map(\.path).sorted())
    }
  }

  @Test("--filter keeps the paths a regular expression finds")
  func filter() async throws {
    try await Self.withSuite { root in
      var options = ReplayOptions(paths: [root])
      options.filter = "deep/s.*-t"
      let (report, status) = await Self.run(options)
      #expect(report == "ok \(root)/a/deep/signup-taken.t\n1 passed, 0 failed\n")
      #expect(status == 0)
    }
  }

  @Test("--junit writes one testcase per transcript, the diff in the failure, XML-escaped")
  func junit() async throws {
    try await Self.withSuite { root in
      var options = ReplayOptions(paths: [root + "/b"])
      options.junit = root + "/report.xml"
      let (report, _) = await Self.run(options)
      #expect(report.hasSuffix("2 passed, 1 failed\n"))
      let xml = try String(contentsOfFile: root + "/report.xml", encoding: .utf8)
      #expect(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites tests=\"3\" failures=\"1\""))
      #expect(xml.components(separatedBy: "<testcase ").count == 4)
      #expect(xml.contains("name=\"\(root)/b/wrong.t\""))
      #expect(xml.contains("<failure message=\"output differs\" type=\"mismatch\">--- \(root)/b/wrong.t\n"))
      #expect(xml.contains("\n-wrong\n"))
      // Parses as XML.
      let document = try XMLDocument(data: Data(xml.utf8))
      #expect(try document.nodes(forXPath: "//testcase").count == 3)
      #expect(try document.nodes(forXPath: "//testcase/failure").count == 1)
    }
  }

  @Test("--update does not write a transcript that would hold the environment's token")
  func updateKeepsSecretsOut() async throws {
    try await Self.withSuite { root in
      // The transcript's query stands in for a token that reached the output.
      let token = "zzzznotarepository"
      var options = ReplayOptions(paths: [root + "/a/deep/search-no-results.t"])
      options.update = true
      options.secrets = SecretScanner(environment: { $0 == "GH_TOKEN" ? token : nil })
      let path = root + "/a/deep/search-no-results.t"
      let before = try String(contentsOfFile: path, encoding: .utf8)
      try before.replacingOccurrences(of: "no more results", with: "stale").write(
        toFile: path, atomically: true, encoding: .utf8)
      let (report, status) = await Self.run(options)
      #expect(status == 1)
      #expect(report.contains("FAIL \(path): not writing the transcript: it would contain the token in GH_TOKEN\n"))
      #expect(!report.contains("updated \(path)"))
      #expect(report.hasSuffix("0 passed, 0 updated, 1 failed\n"))
      #expect(try String(contentsOfFile: path, encoding: .utf8).contains("stale"))
    }
  }

  @Test("JUnit text escapes markup and the control characters XML cannot hold")
  func xmlEscape() throws {
    var report = JUnitReport()
    report.cases = [
      .init(path: "a&b<c>\"d\".t", seconds: 0.0125, failure: ("m\u{1}", "line\u{1B}[31m\r\n<x>"))
    ]
    let xml = report.xml
    #expect(xml.contains("name=\"a&amp;b&lt;c&gt;&quot;d&quot;.t\""))
    #expect(xml.contains("time=\"0.013\""))
    #expect(xml.contains("line\\u{1b}[31m&#13;\n&lt;x&gt;"))
    _ = try XMLDocument(data: Data(xml.utf8))
  }
}
