import CommandLanguage
import FeatureKit
import FeatureList
import Foundation
import GitHubClient
import GitHubClientLive
import ReactorCore
import SearchFeature
import Shell
import Testing

/// The transcript corpus in Tests/Transcripts, replayed in-process: one test case per file,
/// so a failure names the file.
@Suite("Transcript corpus")
struct TranscriptCorpusTests {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Transcripts")

  static let files: [String] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".t") }.sorted()
  }()

  static func replayer(
    features: [Feature] = Features.all, adjust: @escaping @Sendable (inout Session.Configuration) -> Void = { _ in }
  ) -> Replayer {
    let runner = TranscriptRunner(
      features: features,
      makeClient: { settings, time, log in
        try GitHubClient.replaying(
          cassettePath: settings.offline ? nil : settings.cassette.map { directory.appendingPathComponent($0).path },
          time: time, userAgent: "reactor/test", log: log)
      }, adjust: adjust)
    return Replayer(runner: runner, write: { _ in })
  }

  static func text(_ file: String) throws -> String {
    try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
  }

  @Test("the corpus is there") func corpusExists() {
    #expect(Self.files.count >= 15, "expected the transcript corpus in \(Self.directory.path)")
  }

  @Test("replays exactly, on both search engines", arguments: files, SearchEffectStyle.allCases.map(\.rawValue))
  func replays(_ file: String, engine: String) async throws {
    let (verdict, _) = await Self.replayer { $0.settings["engine"] = engine }.check(try Self.text(file), name: file)
    guard case .mismatch(let diff) = verdict else {
      #expect(verdict == .ok)
      return
    }
    Issue.record("\(file) does not replay on the \(engine) engine:\n\(diff)")
  }

  @Test("the race transcript fails when the search reactor does not cancel stale searches")
  func raceCanFail() async throws {
    let staleSearch = Features.all.map { $0.name == SearchView.name ? Feature(StaleSearchView.self) : $0 }
    let replayer = Self.replayer(features: staleSearch)
    let (verdict, _) = await replayer.check(try Self.text("race.t"), name: "race.t")
    guard case .mismatch(let diff) = verdict else {
      Issue.record("the race transcript passed without cancellation: it cannot catch the bug it is for")
      return
    }
    // The stale page lands last: its setRepos shows up as extra output.
    #expect(diff.contains("+{\"action\":\"query\",\"feature\":\"search\",\"mutation\":\"setRepos\""))
  }

  @Test("a transcript recorded against the offline sample replays identically 100 times")
  func hundredTimes() async throws {
    let text = try Self.text("search-json.t")
    let replayer = Self.replayer()
    for _ in 0..<100 {
      let (verdict, _) = await replayer.check(text, name: "search-json.t")
      #expect(verdict == .ok)
      if verdict != .ok { break }
    }
  }

  @Test("editing one expected line fails with a diff that points at it; update restores it")
  func editAndUpdate() async throws {
    let original = try Self.text("search-paging-end.t")
    let edited = original.replacingOccurrences(of: "no more results", with: "no more resultz")
    #expect(edited != original)
    let (verdict, updated) = await Self.replayer().check(edited, name: "edited.t")
    guard case .mismatch(let diff) = verdict else {
      Issue.record("an edited transcript passed")
      return
    }
    #expect(diff.contains("-no more resultz"))
    #expect(diff.contains("+no more results"))
    #expect(updated == original)
  }

  @Test("a diff keeps lines apart where an expected line ends in a carriage return")
  func diffSplitsAtEveryNewline() async throws {
    // Written as "stale\r\r\n": split by Characters, "\r\n" is one Character, not "\n".
    let text = "%offline\n> help next\nstale\r\r\nalso stale\n"
    let (verdict, _) = await Self.replayer().check(text, name: "cr.t")
    guard case .mismatch(let diff) = verdict else {
      Issue.record("a transcript with wrong output passed")
      return
    }
    let lines = diff.utf8.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }
    #expect(lines.contains("-stale\r\r"), "\(lines)")
    #expect(lines.contains("-also stale"), "\(lines)")
  }
}

@Suite("Transcript replay failures")
struct TranscriptFailureTests {
  @Test("a request the cassette cannot answer fails the replay, even when its error is the expected output")
  func unexpectedRequest() async throws {
    let text = """
      %cassette race.t.cassette.json
      > query rust
      query: "rust"
      error: Could not reach GitHub: no recorded answer for GET /search/repositories?q=rust&page=1&per_page=30.

      """
    let (verdict, updated) = await TranscriptCorpusTests.replayer().check(text, name: "unexpected.t")
    guard case .broken(let message) = verdict else {
      Issue.record("replayed with a request the cassette does not hold: \(verdict)")
      return
    }
    #expect(message.contains("no recorded answer for GET /search/repositories?q=rust&page=1&per_page=30"))
    #expect(updated == nil, "--update must not paper over it")
  }

  @Test("replays compare bytes: an expected line that is only canonically equivalent fails")
  func byteForByte() async throws {
    let recorded = try #require(
      await TranscriptCorpusTests.replayer().check("%offline\n> query café\n", name: "cafe.t").updated)
    #expect(await TranscriptCorpusTests.replayer().check(recorded, name: "cafe.t").verdict == .ok)
    // The same text with the output's "é" decomposed (e + U+0301): equal as Swift Strings,
    // different bytes. The input line keeps its own spelling.
    let lines = recorded.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      line.hasPrefix(">") ? String(line) : line.replacingOccurrences(of: "caf\u{E9}", with: "cafe\u{301}")
    }
    let decomposed = lines.joined(separator: "\n")
    #expect(decomposed == recorded, "Swift calls them equal")
    #expect(!Transcript.sameBytes(decomposed, recorded))
    guard case .mismatch = await TranscriptCorpusTests.replayer().check(decomposed, name: "cafe.t").verdict else {
      Issue.record("a transcript that differs in bytes replayed as ok")
      return
    }
  }

  @Test("a missing cassette is a clear failure")
  func missingCassette() async {
    let (verdict, _) = await TranscriptCorpusTests.replayer().check("%cassette nope.json\n> help\n", name: "x.t")
    guard case .broken(let message) = verdict else {
      Issue.record("\(verdict)")
      return
    }
    #expect(message.contains("cannot read cassette"))
    #expect(message.contains("no such file"))
  }
}

@Suite("Transcript runner")
struct TranscriptRunnerTests {
  /// Every command's output reaches `keep` once, in order, complete: a background command's
  /// late output and the tail after the last command included.
  @Test func keepSeesEachCommandsFinalOutput() async throws {
    let text = """
      %offline
      > query swift &
      > help next
      > next
      > query rust &

      """
    let transcript = try TranscriptParser.parse(text, features: Features.all.settings)
    let runner = TranscriptRunner(
      features: Features.all,
      makeClient: { _, time, log in
        try GitHubClient.replaying(cassettePath: nil, time: time, userAgent: "reactor/test", log: log)
      })
    let plain = try await runner.run(transcript, log: ReplayLog())
    let calls = Locked<[(Int, [String])]>([])
    let kept = try await runner.run(transcript, log: ReplayLog()) { index, lines in
      calls.withLock { $0.append((index, lines.map(Transcript.written))) }
      return ["kept \(index)"]
    }
    #expect(plain.count == 4 && plain.last?.isEmpty == false, "the tail lands under the last command")
    #expect(calls.withLock { $0.map(\.0) } == [0, 1, 2, 3])
    #expect(calls.withLock { $0.map(\.1) } == plain)
    #expect(kept == (0..<4).map { ["kept \($0)"] })
  }
}
