import Foundation
import Rendering
import Testing

@testable import Shell

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

  @Test("a (glob) JSON line that no longer matches keeps the wildcards that still do, and the update says so")
  func globJSONUpdated() async throws {
    // The usage changed; the summary's wildcard still matches.
    let text = """
      %offline
      %mode json
      > help next
      {"commands":[{"aliases":[],"name":"next","summary":"load *","usage":"next"}],"type":"help"} (glob)

      """
    let outcome = await replayer.replay(text, name: "p.t")
    let updated = try #require(outcome.updated)
    #expect(
      updated.contains(
        #"{"commands":[{"aliases":[],"name":"next","summary":"load *","usage":"next [<n>|all]"}],"data":"built-in"#
          + #" offline sample (a snapshot written for demos; not live GitHub data)","type":"help"} (glob)"# + "\n"))
    #expect(
      outcome.notes == ["line 4: the (glob) line no longer matches; updated, keeping the wildcards that still match"])
    // What it writes replays.
    #expect(await replayer.replay(updated, name: "p.t").verdict == .ok)
  }

  @Test("a (glob) JSON line whose wildcards match nothing any more, or whose new text has a * of its own, is replaced")
  func globJSONReplaced() {
    #expect(GlobLineUpdate.updated(pattern: #"{"a":"x*"} (glob)"#, actual: #"{"a":"y"}"#) == nil)
    #expect(GlobLineUpdate.updated(pattern: #"{"a":"*","b":1} (glob)"#, actual: #"{"a":"y","b":"2*"}"#) == nil)
    #expect(GlobLineUpdate.updated(pattern: #"{"a":"*","b":1} (glob)"#, actual: #"{"a":"y","b":"\"q"}"#) == nil)
    #expect(GlobLineUpdate.updated(pattern: "a * (glob)", actual: "b c") == nil)
    #expect(
      GlobLineUpdate.updated(
        pattern: #"{"a":["v*",{"b":"?"}],"c":1} (glob)"#, actual: #"{"a":["v2",{"b":"z"},3],"c":2}"#)
        == #"{"a":["v*",{"b":"?"},3],"c":2} (glob)"#)
  }

  @Test("a line added or dropped before a pattern line moves it off no match: lines line up from the end too")
  func linesLineUpFromTheEnd() {
    func lines(_ texts: String...) -> [OutputLine] { texts.map { OutputLine(.out, $0) } }
    var changes: [Int] = []
    let added = Replayer.merge(
      expected: ["v* (glob)", "b", "c"], actual: lines("new", "v2", "b", "c"),
      changed: { line, _ in changes.append(line) })
    #expect(added == ["new", "v* (glob)", "b", "c"])
    let dropped = Replayer.merge(
      expected: ["old", "v* (glob)", "b"], actual: lines("v2", "b"), changed: { line, _ in changes.append(line) })
    #expect(dropped == ["v* (glob)", "b"])
    // Between the lines that match from the start and from the end, by position.
    let between = Replayer.merge(
      expected: ["a", "x* (glob)", "c"], actual: lines("a", "y", "z", "c"), changed: { line, _ in changes.append(line) }
    )
    #expect(between == ["a", "y", "z", "c"])
    #expect(changes == [1])
  }
}
