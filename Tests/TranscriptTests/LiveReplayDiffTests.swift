import Foundation
import Shell
import Testing

/// A live transcript that fails: the diff is of the file itself (its line numbers, its `@ms`
/// times), and one whose times go back is refused as it is read.
@Suite("Live transcript replays that fail")
struct LiveReplayDiffTests {
  let replayer = TranscriptCorpusTests.replayer()

  @Test("a wrong screen line is shown at its line of the file, among its @ms events")
  func diffNamesTheFilesLines() async throws {
    let text = try TranscriptCorpusTests.text("live-keys.t")
    let wrong = "| 60 of 147 · no browser to open https://github.com/Alamofire/Alamofire"
    var lines = text.components(separatedBy: "\n")
    let index = try #require(lines.firstIndex(of: wrong))
    lines[index] = "| 61 of 147 · no browser to open https://github.com/Alamofire/Alamofire"
    let (verdict, updated) = await replayer.check(lines.joined(separator: "\n"), name: "live-keys.t")
    guard case .mismatch(let diff) = verdict else {
      Issue.record("a wrong screen passed: \(verdict)")
      return
    }
    // The changed line is line index + 1 of the file; the hunk starts three lines above it.
    #expect(diff.contains("@@ -\(index + 1 - 3),7 +\(index + 1 - 3),7 @@"), "\(diff)")
    #expect(diff.contains("\n-| 61 of 147"), "\(diff)")
    #expect(diff.contains("\n+| 60 of 147"), "\(diff)")
    #expect(diff.contains("\n @400ms key <enter>"), "the event times stay: \(diff)")
    // --update writes the file back as it was, comments, header and times included.
    #expect(updated == text)
  }

  @Test("a different end is shown at the file's end lines with the recorded times")
  func differentEnd() async throws {
    let text = try TranscriptCorpusTests.text("live-keys.t")
    let edited = text.replacingOccurrences(of: "@400ms exit 0", with: "@400ms exit 130")
    let (verdict, _) = await replayer.check(edited, name: "live-keys.t")
    guard case .mismatch(let diff) = verdict else {
      Issue.record("a wrong status passed")
      return
    }
    let count = text.components(separatedBy: "\n").count - 1
    #expect(diff.contains("-@400ms exit 130\n+@400ms exit 0"), "\(diff)")
    #expect(diff.contains("@@ -\(count - 3),4 +\(count - 3),4 @@"), "\(diff)")
  }

  @Test("an event earlier than the one before it is refused when the transcript is read, naming its line")
  func outOfOrder() async throws {
    let text = try TranscriptCorpusTests.text("live-keys.t")
    var lines = text.components(separatedBy: "\n")
    let index = try #require(lines.firstIndex(of: "@200ms key <end>"))
    lines[index] = "@90ms key <end>"
    let (verdict, _) = await replayer.check(lines.joined(separator: "\n"), name: "live-keys.t")
    #expect(
      verdict
        == .broken(
          "live-keys.t: line \(index + 1): @90ms is earlier than the event before it (@110ms): events are in time order"
        ), "\(verdict)")
  }
}
