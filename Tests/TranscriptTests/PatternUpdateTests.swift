import Foundation
import Shell
import Testing

/// `--update` and `(glob)`/`(re)` lines: kept while they match, replaced and reported when not.
@Suite("Pattern lines under --update")
struct PatternUpdateTests {
  let replayer = TranscriptCorpusTests.replayer()

  @Test("a matching (glob) and (re) line are kept when another line changes")
  func kept() async throws {
    let text = """
      %offline
      > help next
      usage: * (glob)
        load the \\w+ page of results \\(.*\\) (re)
      stale

      """
    let outcome = await replayer.replay(text, name: "p.t")
    let updated = try #require(outcome.updated)
    #expect(updated.contains("usage: * (glob)\n"))
    #expect(updated.contains("  load the \\w+ page of results \\(.*\\) (re)\n"))
    #expect(!updated.contains("stale"))
    #expect(outcome.notes.isEmpty)
  }

  @Test("a pattern line that no longer matches is replaced by the literal line, and the update says so")
  func replaced() async throws {
    let text = """
      %offline
      > help next
      usage: prev* (glob)
        load the \\d+ page of results (re)

      """
    let outcome = await replayer.replay(text, name: "p.t")
    let updated = try #require(outcome.updated)
    #expect(updated.contains("\nusage: next [<n>|all]\n"))
    #expect(updated.contains("\n  load the next page of results (or n pages, or all)\n"))
    #expect(
      outcome.notes == [
        "line 3: the (glob) line no longer matches; replaced by the literal line",
        "line 4: the (re) line no longer matches; replaced by the literal line",
      ])
  }
}
