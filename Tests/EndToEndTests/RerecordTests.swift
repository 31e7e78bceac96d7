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

  @Test("a re-recording that would save the token is refused, and both files stay as they were")
  func secret() async throws {
    try await TranscriptToolTests.withDirectory { directory in
      let path = directory + "/r.t"
      let first = try Self.server(stars: 100)
      _ = try await ReactorBinary.run(["--api-url", first.baseURL, "--record", path], input: "query swift\n")
      first.stop()
      let before = (TranscriptToolTests.read(path), TranscriptToolTests.read(path + ".cassette.json"))
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
      #expect(TranscriptToolTests.read(path) == before.0)
      #expect(TranscriptToolTests.read(path + ".cassette.json") == before.1)
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
