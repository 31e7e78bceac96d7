import FeatureList
import Foundation
import GitHubClient
import Rendering
import Shell
import Testing

/// What `replay --rerecord` counts as a recording made worse (issue 37, item 1).
@Suite struct RerecordLossTests {
  static let text = Records(options: RenderOptions(mode: .text))
  static let json = Records(options: RenderOptions(mode: .json))

  @Test("a failure of GitHub's making is found in text and NDJSON output alike; others are not")
  func failures() {
    for records in [Self.text, Self.json] {
      let lines = [
        records.info("query: \"swift\""),
        records.error(code: "offline", message: "Could not reach GitHub"),
        records.error(code: "not-found", message: "no such user"),
        records.error(code: "rate-limited", message: "rate limited"),
        records.error(code: "unauthorized", message: "bad credentials"),
        records.error(code: "cancelled", message: "cancelled"),
      ]
      #expect(RerecordLoss.failures(in: lines).map(\.code) == ["offline", "rate-limited", "unauthorized"])
      #expect(RerecordLoss.failures(in: lines).first?.message == "Could not reach GitHub")
    }
  }

  static func failure(_ code: String) -> RerecordLoss.Failure {
    RerecordLoss.Failure(category: GitHubError.category(ofCode: code)!, code: code, message: code)
  }

  @Test("a command that fails now where it had answers is lost, with the status of the first one lost")
  func lost() throws {
    let loss = try #require(
      RerecordLoss.between(
        old: [[], [], []], new: [[Self.failure("rate-limited")], [], [Self.failure("offline")]],
        inputs: ["query a", "next", "query b"]))
    #expect(loss.commands.map(\.input) == ["query a", "query b"])
    #expect(loss.status == 5)
    #expect(loss.lines == ["  > query a: rate-limited: rate-limited", "  > query b: offline: offline"])
  }

  @Test("a failure of the same kind as the recording's is no loss; a new kind is")
  func sameKind() {
    let old = [[Self.failure("server-error")]]
    #expect(RerecordLoss.between(old: old, new: [[Self.failure("offline")]], inputs: ["q"]) == nil)
    #expect(RerecordLoss.between(old: old, new: [[]], inputs: ["q"]) == nil, "answers where it failed are no loss")
    #expect(RerecordLoss.between(old: old, new: [[Self.failure("unauthorized")]], inputs: ["q"])?.status == 4)
  }

  @Test("an old recording that cannot be replayed counts as one without failures")
  func unknownOld() {
    #expect(RerecordLoss.between(old: nil, new: [[Self.failure("timeout")]], inputs: ["q"])?.status == 3)
    #expect(RerecordLoss.between(old: nil, new: [[]], inputs: ["q"]) == nil)
  }

  @Test("removeSampleData drops the %data line and its setting, and nothing else")
  func sampleData() throws {
    let text = "# a comment\n%data offline-sample\n%cassette c.json\n> help\nhi\n%status 1\n"
    var transcript = try TranscriptParser.parse(text, features: Features.all.settings)
    #expect(transcript.settings.sampleData)
    let removed = transcript.removeSampleData()
    #expect(removed)
    #expect(!transcript.settings.sampleData)
    #expect(transcript.text() == "# a comment\n%cassette c.json\n> help\nhi\n%status 1\n")
    let again = transcript.removeSampleData()
    #expect(!again, "once gone, nothing to remove")
  }
}
