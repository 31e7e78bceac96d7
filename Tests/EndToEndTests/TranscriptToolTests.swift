import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `reactor replay` as a test tool and `reactor --record` as users run them: the built binary.
@Suite("Transcripts as a test tool (binary)")
struct TranscriptToolTests {
  static let corpus = ReplayBinaryTests.corpus.path

  /// A scratch directory, removed afterwards.
  static func withDirectory(_ body: (String) async throws -> Void) async throws {
    let directory = NSTemporaryDirectory() + "reactor-tool-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try await body(directory)
  }

  static func read(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

  @Test("replay --help lists every flag")
  func help() async throws {
    let result = try await ReactorBinary.run(["replay", "--help"])
    for flag in ["--update", "--jobs", "--shard", "--junit", "--filter", "--rerecord"] {
      #expect(result.stdout.contains(flag), "\(flag) missing from replay --help")
    }
  }

  @Test("a directory replays in a stable order, the same for --jobs 1 and 2, with a JUnit report")
  func directoryJobsJUnit() async throws {
    try await Self.withDirectory { directory in
      let one = try await ReactorBinary.run(["replay", "--jobs", "1", Self.corpus])
      let two = try await ReactorBinary.run(["replay", "--jobs", "2", "--junit", directory + "/r.xml", Self.corpus])
      #expect(one.status == 0)
      #expect(one.stdout == two.stdout)
      let count = ReplayBinaryTests.files.count
      #expect(one.lines.last == "\(count) passed, 0 failed")
      #expect(one.lines.dropLast() == ReplayBinaryTests.files.map { "ok " + $0 }[...])
      let xml = Self.read(directory + "/r.xml")
      #expect(xml.components(separatedBy: "<testcase ").count == count + 1)
      #expect(xml.contains("failures=\"0\""))
    }
  }

  @Test("the shards of a suite are the suite; --filter picks by path")
  func shardsAndFilter() async throws {
    var seen: [String] = []
    for index in 1...3 {
      let result = try await ReactorBinary.run(["replay", "--shard", "\(index)/3", Self.corpus])
      #expect(result.status == 0)
      seen += result.lines.dropLast().map { String($0.dropFirst(3)) }
    }
    #expect(seen.sorted() == ReplayBinaryTests.files.sorted())
    let filtered = try await ReactorBinary.run(["replay", "--filter", "signup-(taken|json)", Self.corpus])
    #expect(
      filtered.lines == ["ok \(Self.corpus)/signup-json.t", "ok \(Self.corpus)/signup-taken.t", "2 passed, 0 failed"])
  }

  @Test(
    "bad replay options are usage errors (exit 2)",
    arguments: [
      ["--shard", "0/2", "x.t"], ["--jobs", "0", "x.t"], ["--filter", "(", "x.t"], [], ["--rerecord", "a.t", "b.t"],
    ])
  func usageErrors(arguments: [String]) async throws {
    let result = try await ReactorBinary.run(["replay"] + arguments)
    #expect(result.status == 2, "\(result.stderr)")
  }

  @Test("a missing file says ENOENT; a changed exit status and a moved stream fail")
  func failures() async throws {
    try await Self.withDirectory { directory in
      let missing = try await ReactorBinary.run(["replay", directory + "/none.t"])
      #expect(
        missing.stdout.contains("FAIL \(directory)/none.t: cannot read the file: No such file or directory (ENOENT)"))
      #expect(missing.status == 1)
      let path = directory + "/s.t"
      try "%offline\n> opne\nerror: unknown command 'opne'; did you mean 'open'?\n".write(
        toFile: path, atomically: true, encoding: .utf8)
      let result = try await ReactorBinary.run(["replay", path])
      #expect(result.status == 1)
      #expect(result.stdout.contains("+! error: unknown command 'opne'"))
      #expect(result.stdout.contains("+%status 1"))
      #expect(result.stdout.contains("exit status: expected 0, got 1"))
    }
  }

  @Test("a suite that selects no transcript (an empty directory, a --filter that matches nothing) exits 5")
  func nothingSelected() async throws {
    try await Self.withDirectory { directory in
      let empty = try await ReactorBinary.run(["replay", directory + "/"])
      #expect(empty.status == 5, "\(empty.stdout)\(empty.stderr)")
      #expect(empty.stderr == "error: no transcript to replay: '\(directory)/' holds no *.t file\n")
      #expect(empty.stdout == "")
      let unmatched = try await ReactorBinary.run(["replay", "--filter", "nomatch", Self.corpus])
      #expect(unmatched.status == 5, "\(unmatched.stdout)\(unmatched.stderr)")
      #expect(
        unmatched.stderr
          == "error: no transcript to replay: --filter 'nomatch' matches none of the \(ReplayBinaryTests.files.count) transcripts under '\(Self.corpus)'\n"
      )
    }
  }

  @Test("--update keeps a (glob) line that matches, replaces one that does not, and says so")
  func updatePatterns() async throws {
    try await Self.withDirectory { directory in
      let path = directory + "/g.t"
      try "%offline\n> help next\nusage: * (glob)\n  load the prev* (glob)\n".write(
        toFile: path, atomically: true, encoding: .utf8)
      let result = try await ReactorBinary.run(["replay", "--update", path])
      #expect(result.status == 0)
      #expect(
        result.stdout.contains("\(path): line 4: the (glob) line no longer matches; replaced by the literal line\n"))
      let text = Self.read(path)
      #expect(text.contains("\nusage: * (glob)\n  load the next page of results (or n pages, or all)\n"))
      #expect(try await ReactorBinary.run(["replay", path]).status == 0)
    }
  }

  @Test("a failing %mode json replay shows the differing JSON path with both values")
  func jsonDifference() async throws {
    try await Self.withDirectory { directory in
      for name in ["search-json.t", "search-json.t.cassette.json"] {
        try FileManager.default.copyItem(atPath: Self.corpus + "/" + name, toPath: directory + "/" + name)
      }
      var text = Self.read(directory + "/search-json.t")
      let range = try #require(text.range(of: #""stars":11000"#))
      text.replaceSubrange(range, with: #""stars":11001"#)
      try text.write(toFile: directory + "/search-json.t", atomically: true, encoding: .utf8)
      let result = try await ReactorBinary.run(["replay", directory + "/search-json.t"])
      #expect(result.status == 1)
      #expect(result.stdout.contains(#"/stars: 11001 -> 11000"#), "\(result.stdout.suffix(300))")
    }
  }

  @Test("--record refuses an unwritable path and an existing transcript before running anything (exit 2)")
  func recordChecks() async throws {
    try await Self.withDirectory { directory in
      let unwritable = try await ReactorBinary.run(
        ["--offline", "--record", directory + "/no/such/x.t"], input: "help\n")
      #expect(unwritable.status == 2)
      #expect(unwritable.stdout.isEmpty, "ran a command: \(unwritable.stdout.prefix(100))")
      #expect(
        unwritable.stderr.contains(
          "cannot write the transcript \(directory)/no/such/x.t: No such file or directory (ENOENT)"))
      let path = directory + "/x.t"
      let first = try await ReactorBinary.run(["--offline", "--record", path], input: "help next\nopne\n")
      #expect(first.status == 1)
      #expect(first.stderr.hasSuffix("recorded 2 commands to \(path)\n"), "\(first.stderr)")
      let again = try await ReactorBinary.run(["--offline", "--record", path], input: "help\n")
      #expect(again.status == 2)
      #expect(again.stdout.isEmpty)
      #expect(again.stderr.contains("\(path) exists; add --force to overwrite the transcript"))
      let replay = try await ReactorBinary.run(["replay", path])
      #expect(replay.status == 0, "\(replay.stdout)")
      let forced = try await ReactorBinary.run(["--offline", "--record", path, "--force"], input: "help next\n")
      #expect(forced.status == 0)
      #expect(!Self.read(path).contains("opne"))
    }
  }

  @Test("a session cut by a closed pipe leaves a transcript that replays")
  func closedPipe() async throws {
    try await Self.withDirectory { directory in
      let binary = try #require(ReactorBinary.url).path
      let path = directory + "/p.t"
      let result = try await ReactorBinary.runShell(
        "printf 'help\\nquery swift\\nnext\\n' | '\(binary)' --offline --record '\(path)' | head -2")
      #expect(result.stdout.split(separator: "\n").count == 2)
      #expect(result.stderr.contains("recorded "), "\(result.stderr)")
      #expect(Self.read(path).contains("> help\n"))
      let replay = try await ReactorBinary.run(["replay", path])
      #expect(replay.status == 0, "\(replay.stdout)")
    }
  }

  @Test("SIGTERM and SIGHUP leave a transcript that replays", arguments: [SIGTERM, SIGHUP])
  func signals(signal: Int32) async throws {
    try await Self.withDirectory { directory in
      let path = directory + "/t.t"
      let (process, stdin, stdout, stderr) = try ReactorBinary.prepare(
        ["--offline", "--record", path], environment: [:])
      try process.run()
      try stdin.fileHandleForWriting.write(contentsOf: Data("help next\nquery swift\n".utf8))
      // Saved when the next line begins: the first command is complete on disk.
      #expect(
        await poll(timeout: TimingSlack.seconds(60)) {
          Self.read(path).contains("> help next\nusage: next [<n>|all]\n")
        })
      kill(process.processIdentifier, signal)
      let (out, err) = try await offThePool {
        (stdout.fileHandleForReading.readDataToEndOfFile(), stderr.fileHandleForReading.readDataToEndOfFile())
      }
      process.waitUntilExit()
      _ = out
      #expect(process.terminationStatus == 128 + signal)
      #expect(String(decoding: err, as: UTF8.self).contains("recorded "))
      let replay = try await ReactorBinary.run(["replay", path])
      #expect(replay.status == 0, "\(replay.stdout)")
    }
  }

  @Test("a process killed outright, like a crash, leaves the transcript saved after its last command")
  func killed() async throws {
    try await Self.withDirectory { directory in
      let path = directory + "/k.t"
      let (process, stdin, _, _) = try ReactorBinary.prepare(["--offline", "--record", path], environment: [:])
      try process.run()
      try stdin.fileHandleForWriting.write(contentsOf: Data("help next\nopne\n".utf8))
      #expect(await poll(timeout: TimingSlack.seconds(60)) { Self.read(path).contains("%status 1\n") })
      kill(process.processIdentifier, SIGKILL)
      try await offThePool { process.waitUntilExit() }
      #expect(process.terminationReason == .uncaughtSignal)
      let text = Self.read(path)
      #expect(text.hasSuffix("> opne\n! error: unknown command 'opne'; did you mean 'open'?\n%status 1\n"), "\(text)")
      let replay = try await ReactorBinary.run(["replay", path])
      #expect(replay.status == 0, "\(replay.stdout)")
    }
  }

  @Test(
    "a transcript or cassette that would hold GH_TOKEN is not written, and the message names the file, not the token")
  func secretRefused() async throws {
    try await Self.withDirectory { directory in
      let path = directory + "/k.t"
      let token = "ghp_e2eSecret0123456789"
      let result = try await ReactorBinary.run(
        ["--offline", "--record", path], input: "help next\nquery \(token)\n", environment: ["GH_TOKEN": token])
      #expect(result.status == 2)
      #expect(
        result.stderr.contains(
          "error: the recording stops: command 2 ('query …') would put the token in GH_TOKEN into \(path).cassette.json;"
            + " \(path) keeps the 1 command before it, and nothing after it is recorded\n"), "\(result.stderr)")
      #expect(!result.stderr.contains(token))
      #expect(!Self.read(path).contains(token))
      #expect(!Self.read(path + ".cassette.json").contains(token))
    }
  }

  /// As reactor-transcript(5) says under Passwords: an empty password is `''`, a line of these
  /// verbs that does not parse keeps its verb and what made it fail, and both replay.
  @Test("an empty password is recorded as '', a password line that does not parse as its verb and its fault")
  func emptyAndUnparsablePasswords() async throws {
    try await Self.withDirectory { directory in
      let path = directory + "/q.t"
      let input = "password ''\npassword \"secret\nrepeat 'x y\nsignup bob hunter22 \"x\npassword \\\n"
      let result = try await ReactorBinary.run(["--offline", "--record", path], input: input)
      #expect(result.status == 1)
      let text = Self.read(path)
      let lines = text.split(separator: "\n").filter { $0.hasPrefix("> ") }
      #expect(lines == ["> password ''", #"> password ""#, "> repeat '", #"> signup ""#, #"> password \"#], "\(text)")
      #expect(!text.contains("secret") && !text.contains("hunter22"))
      #expect(text.contains("> password ''\npassword: not set\n"))
      let replay = try await ReactorBinary.run(["replay", path])
      #expect(replay.status == 0, "\(replay.stdout)")
    }
  }

  @Test("a typed password that a later command prints ends the recording: a complete file that says why, and exit 2")
  func secretEndsTheRecording() async throws {
    try await Self.withDirectory { directory in
      let path = directory + "/s.t"
      let result = try await ReactorBinary.run(
        ["--offline", "--record", path], input: "password hunter22\nquery hunter22\nhelp quit\n")
      #expect(result.status == 2)
      #expect(result.stdout.contains("usage: quit"), "the session goes on")
      #expect(!result.stderr.contains("hunter22"))
      #expect(
        result.stderr.hasSuffix(
          "recorded 1 command to \(path); it stops before command 2 ('query …'), which would have put a password"
            + " typed in the session into \(path).cassette.json\n"), "\(result.stderr)")
      let text = Self.read(path)
      #expect(!text.contains("hunter22") && !Self.read(path + ".cassette.json").contains("hunter22"))
      #expect(
        text.contains(
          "\n# The recording ends after 1 command: command 2 ('query …') would have put a password typed in the"
            + " session into its cassette, and reactor records no secret.\n"), "\(text)")
      #expect(text.hasSuffix("> password ********\npassword: set, valid\n"), "\(text)")
      let replay = try await ReactorBinary.run(["replay", path])
      #expect(replay.status == 0, "\(replay.stdout)")
    }
  }

  @Test("the token gh keeps in hosts.yml is a secret a recording must not hold, as GH_TOKEN is")
  func ghHostsTokenEndsTheRecording() async throws {
    try await Self.withDirectory { directory in
      let token = "gho_fromHostsFile1234"
      try "github.com:\n    oauth_token: \(token)\n    user: octocat\n".write(
        toFile: directory + "/hosts.yml", atomically: true, encoding: .utf8)
      let path = directory + "/h.t"
      let result = try await ReactorBinary.run(
        ["--offline", "--record", path], input: "help quit\nquery \(token)\n",
        environment: ["GH_CONFIG_DIR": directory])
      #expect(result.status == 2, "\(result.stderr)")
      #expect(!result.stderr.contains(token))
      #expect(result.stderr.contains("would have put the token in \(directory)/hosts.yml into"), "\(result.stderr)")
      #expect(!Self.read(path).contains(token) && !Self.read(path + ".cassette.json").contains(token))
    }
  }
}
