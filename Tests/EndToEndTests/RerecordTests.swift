import Foundation
import TestSupport
import Testing

/// `reactor replay --rerecord FILE --api-url URL` against a loopback GitHub.
@Suite("reactor replay --rerecord (binary)")
struct RerecordTests {
  /// A GitHub whose one search result has `stars` stars and `description`.
  static func server(stars: Int, description: String = "A library") throws -> LoopbackServer {
    try LoopbackServer { _ in
      .json(
        200,
        #"{"total_count":1,"incomplete_results":false,"items":[{"id":1,"name":"x","full_name":"o/x","owner":{"login":"o"},"html_url":"https://github.com/o/x","description":"\#(description)","stargazers_count":\#(stars),"forks_count":1,"language":"Swift","topics":[]}]}"#
      )
    }
  }

  /// `r.t` in `directory`, `query swift` recorded against a GitHub whose result has 100 stars.
  static func recorded(in directory: String) async throws -> String {
    let path = directory + "/r.t"
    let first = try server(stars: 100)
    defer { first.stop() }
    _ = try await ReactorBinary.run(["--api-url", first.baseURL, "--record", path], input: "query swift\n")
    return path
  }

  @Test("re-running against a changed server rewrites the transcript and cassette, keeping directives and comments")
  func rerecord() async throws {
    try await TranscriptToolTests.withDirectory { directory in
      let path = directory + "/r.t"
      let first = try Self.server(stars: 100)
      let recorded = try await ReactorBinary.run(
        ["--api-url", first.baseURL, "--record", path, "--seed", "5"], input: "query swift\n",
        environment: ["COLUMNS": "80"])
      first.stop()
      #expect(recorded.status == 0, "\(recorded.stderr)")
      // A comment and a changed directive of the user's own.
      let text = TranscriptToolTests.read(path).replacingOccurrences(of: "%width 80", with: "# wider\n%width 90")
      try text.write(toFile: path, atomically: true, encoding: .utf8)
      #expect(text.contains("★ 100"))

      let second = try Self.server(stars: 2500)
      defer { second.stop() }
      let result = try await ReactorBinary.run(["replay", "--rerecord", path, "--api-url", second.baseURL])
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stdout.hasPrefix("rerecorded \(path) (1 exchanges)\n"))
      #expect(result.stdout.contains("+   1. o/x"))
      let rewritten = TranscriptToolTests.read(path)
      #expect(rewritten.contains("★ 2.5k"))
      #expect(rewritten.contains("# wider\n%width 90\n"))
      #expect(rewritten.contains("%seed 5\n"))
      #expect(TranscriptToolTests.read(path + ".cassette.json").contains(#"\"stargazers_count\":2500"#))
      #expect(second.requests.count == 1)
      let replay = try await ReactorBinary.run(["replay", path])
      #expect(replay.status == 0, "\(replay.stdout)")
    }
  }

  @Test("a cassette other transcripts replay from is not rewritten for one of them without --force")
  func sharedCassette() async throws {
    try await TranscriptToolTests.withDirectory { directory in
      let path = try await Self.recorded(in: directory)
      // A second transcript that replays from the same cassette.
      try TranscriptToolTests.read(path).write(toFile: directory + "/s.t", atomically: true, encoding: .utf8)
      let before = Self.files(path)
      let second = try Self.server(stars: 2500)
      defer { second.stop() }
      let refused = try await ReactorBinary.run(["replay", "--rerecord", path, "--api-url", second.baseURL])
      #expect(refused.status == 2)
      #expect(
        refused.stderr
          == "error: not rewriting \(path).cassette.json: \(directory)/s.t replays from it too, and the new cassette "
          + "would hold only \(path)'s exchanges; give \(path) a %cassette of its own, or add --force\n")
      #expect(second.requests.isEmpty, "refused before anything is sent")
      #expect(Self.files(path) == before)
      let forced = try await ReactorBinary.run(["replay", "--rerecord", path, "--force", "--api-url", second.baseURL])
      #expect(forced.status == 0, "\(forced.stderr)")
      #expect(forced.stderr.hasPrefix("warning: \(directory)/s.t replays from \(path).cassette.json too (--force)\n"))
    }
  }

  @Test("a re-recording that would save the token is refused, and both files stay as they were")
  func secret() async throws {
    try await TranscriptToolTests.withDirectory { directory in
      let path = try await Self.recorded(in: directory)
      let before = Self.files(path)
      let token = "ghp_rerecordSecret42"
      let leaky = try Self.server(stars: 7, description: "leaks \(token)")
      defer { leaky.stop() }
      let result = try await ReactorBinary.run(
        ["replay", "--rerecord", path, "--api-url", leaky.baseURL], environment: ["GH_TOKEN": token])
      #expect(result.status == 2)
      #expect(
        result.stderr.contains("not writing the cassette \(path).cassette.json: it would contain the token in GH_TOKEN")
      )
      #expect(!result.stderr.contains(token))
      #expect(Self.files(path) == before)
    }
  }

  /// A copy of the corpus's `search-paging-end.t` (recorded from the offline sample, with
  /// `%data offline-sample`) and its cassette in `directory`; returns the transcript's path.
  static func copyPagingEnd(to directory: String) throws -> String {
    let corpus = ReplayBinaryTests.corpus.path
    for name in ["search-paging-end.t", "search-paging-end.t.cassette.json"] {
      try FileManager.default.copyItem(atPath: corpus + "/" + name, toPath: directory + "/" + name)
    }
    return directory + "/search-paging-end.t"
  }

  /// The transcript's and the cassette's bytes.
  static func files(_ path: String) -> (String, String) {
    (TranscriptToolTests.read(path), TranscriptToolTests.read(path + ".cassette.json"))
  }

  @Test("without GitHub, a rerecord keeps both files, says which commands lost their answers, and exits 3")
  func unreachable() async throws {
    try await TranscriptToolTests.withDirectory { directory in
      let path = try Self.copyPagingEnd(to: directory)
      let before = Self.files(path)
      let refusing = try RefusingPort()
      defer { refusing.close() }
      let result = try await ReactorBinary.run(["replay", "--rerecord", path, "--api-url", refusing.baseURL])
      #expect(result.status == 3, "\(result.stderr)")
      #expect(result.stdout.isEmpty, "nothing is rerecorded: \(result.stdout)")
      #expect(
        result.stderr.hasPrefix("error: not rewriting \(path): the new run failed where the recording had answers"))
      #expect(result.stderr.contains("\n  > query language:rust: offline: "), "\(result.stderr)")
      #expect(result.stderr.contains("add --force to take the new run"))
      #expect(Self.files(path) == before, "both files as they were")
      #expect(WriteErrorTests.strays(in: directory).isEmpty, "\(WriteErrorTests.strays(in: directory))")
    }
  }

  @Test("a 5xx or a rate limit where the recording had answers is kept out too, with its status")
  func serverFailures() async throws {
    for (response, status, code) in [
      (LoopbackResponse.json(503, #"{"message":"busy"}"#), Int32(3), "server-error"),
      (
        LoopbackResponse.json(
          403, #"{"message":"API rate limit exceeded"}"#,
          headers: [("x-ratelimit-remaining", "0"), ("x-ratelimit-limit", "10"), ("x-ratelimit-reset", "9999999999")]),
        5, "rate-limited"
      ),
    ] {
      try await TranscriptToolTests.withDirectory { directory in
        let path = try Self.copyPagingEnd(to: directory)
        let before = Self.files(path)
        let server = try LoopbackServer { _ in response }
        defer { server.stop() }
        let result = try await ReactorBinary.run(["replay", "--rerecord", path, "--api-url", server.baseURL])
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderr.contains("\n  > query language:rust: \(code): "), "\(result.stderr)")
        #expect(Self.files(path) == before)
      }
    }
  }

  @Test("--force takes the failing run: the failure and its status are recorded, and %data goes")
  func forced() async throws {
    try await TranscriptToolTests.withDirectory { directory in
      let path = try Self.copyPagingEnd(to: directory)
      let refusing = try RefusingPort()
      defer { refusing.close() }
      let result = try await ReactorBinary.run(
        ["replay", "--rerecord", path, "--force", "--api-url", refusing.baseURL])
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stderr.hasPrefix("warning: \(path): the new run failed where the recording had answers"))
      #expect(result.stderr.contains("taking the new run (--force)"))
      #expect(result.stdout.hasPrefix("rerecorded \(path) ("))
      #expect(result.stdout.contains("\(path): %data offline-sample removed"))
      let (transcript, cassette) = Self.files(path)
      #expect(transcript.contains("! error: "))
      #expect(transcript.hasSuffix("%status 3\n"))
      #expect(!transcript.contains("%data"), "the new cassette is not the offline sample")
      #expect(cassette.contains(#""error" : "unreachable: "#))
      let replay = try await ReactorBinary.run(["replay", path])
      #expect(replay.status == 0, "\(replay.stdout)")
    }
  }

  @Test("a rerecord that answers keeps %data only when still true: a GitHub cassette drops it")
  func sampleData() async throws {
    try await TranscriptToolTests.withDirectory { directory in
      let path = try Self.copyPagingEnd(to: directory)
      let server = try Self.server(stars: 42)
      defer { server.stop() }
      let result = try await ReactorBinary.run(["replay", "--rerecord", path, "--api-url", server.baseURL])
      #expect(result.status == 0, "\(result.stderr)")
      let transcript = TranscriptToolTests.read(path)
      #expect(!transcript.contains("%data"))
      #expect(transcript.contains("o/x"))
      let replay = try await ReactorBinary.run(["replay", path])
      #expect(replay.status == 0, "\(replay.stdout)")
    }
  }

  @Test("a recording that failed the same way before is no loss: it is rerecorded")
  func sameFailure() async throws {
    try await TranscriptToolTests.withDirectory { directory in
      let path = directory + "/f.t"
      let refusing = try RefusingPort()
      defer { refusing.close() }
      let recorded = try await ReactorBinary.run(
        ["--api-url", refusing.baseURL, "--record", path], input: "query swift\n")
      #expect(recorded.status == 3)
      let result = try await ReactorBinary.run(["replay", "--rerecord", path, "--api-url", refusing.baseURL])
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stdout.hasPrefix("rerecorded \(path) (1 exchanges)\n"))
    }
  }

  @Test(
    "the pair is written together or not at all: with no room for either, both stay as they were",
    .enabled(if: WriteErrorTests.limitsFileSize))
  func noRoom() async throws {
    try await TranscriptToolTests.withDirectory { directory in
      let path = try await Self.recorded(in: directory)
      let before = Self.files(path)
      let second = try Self.server(stars: 2500)
      defer { second.stop() }
      let result = try await ReactorBinary.run(
        ["replay", "--rerecord", path, "--api-url", second.baseURL], shell: WriteErrorTests.noRoom)
      #expect(result.status == 2, "\(result.stderr)")
      #expect(result.stderr.contains("File too large (EFBIG); \(path) and its cassette are as they were"))
      #expect(Self.files(path) == before)
      #expect(WriteErrorTests.strays(in: directory).isEmpty, "\(WriteErrorTests.strays(in: directory))")
    }
  }

  @Test("an %offline transcript has nothing to record again")
  func offline() async throws {
    try await TranscriptToolTests.withDirectory { directory in
      try "%offline\n> help\n".write(toFile: directory + "/o.t", atomically: true, encoding: .utf8)
      let result = try await ReactorBinary.run(["replay", "--rerecord", directory + "/o.t"])
      #expect(result.status == 1)
      #expect(result.stderr.contains("an %offline transcript has no cassette to record again"))
    }
  }
}
