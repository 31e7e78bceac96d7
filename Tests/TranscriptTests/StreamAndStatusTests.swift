import FeatureList
import Foundation
import Rendering
import Shell
import Testing

/// Standard error lines (`! `) and the session's exit status (`%status N`) in transcripts.
@Suite("Transcript streams and exit status")
struct StreamAndStatusTests {
  let replayer = TranscriptCorpusTests.replayer()

  @Test("a standard error line is written after '! '; a standard output line that starts with '!' is escaped")
  func written() {
    #expect(Transcript.written(OutputLine(.err, "error: x")) == "! error: x")
    #expect(Transcript.written(OutputLine(.err, "")) == "!")
    #expect(Transcript.written(OutputLine(.err, "> looks like input")) == "! > looks like input")
    #expect(Transcript.written(OutputLine(.out, "!important")) == "\\!important")
    #expect(Transcript.written(OutputLine(.out, "plain")) == "plain")
  }

  @Test("a line that moved from standard error to standard output fails the replay")
  func streamMoved() async throws {
    let right = "%offline\n> opne\n! error: unknown command 'opne'; did you mean 'open'?\n%status 1\n"
    #expect(await replayer.check(right, name: "right.t").verdict == .ok)
    let wrong = right.replacingOccurrences(of: "! error", with: "error")
    guard case .mismatch(let diff) = await replayer.check(wrong, name: "wrong.t").verdict else {
      Issue.record("a standard error line expected on standard output passed")
      return
    }
    #expect(diff.contains("-error: unknown command 'opne'"))
    #expect(diff.contains("+! error: unknown command 'opne'"))
  }

  @Test("a transcript written before streams were marked fails with a hint to update it")
  func legacyHint() async throws {
    let old = "%offline\n> opne\nerror: unknown command 'opne'; did you mean 'open'?\n"
    guard case .mismatch(let diff) = await replayer.check(old, name: "old.t").verdict else {
      Issue.record("an unmarked standard error line passed")
      return
    }
    #expect(
      diff.hasSuffix(
        "hint: only the stream marks ('! ') and %status differ: the transcript may predate them; 'reactor replay --update' adds them"
      ))
    // Not for a real difference.
    guard case .mismatch(let other) = await replayer.check(old + "more\n", name: "old.t").verdict else {
      Issue.record("an unmarked standard error line and an extra output line passed")
      return
    }
    #expect(!other.contains("hint:"))
    // With its %status already written, the stream marks alone differ, and the hint says so.
    guard case .mismatch(let marks) = await replayer.check(old + "%status 1\n", name: "old.t").verdict else {
      Issue.record("an unmarked standard error line passed")
      return
    }
    #expect(
      marks.hasSuffix(
        "hint: only the stream marks ('! ') differ: the transcript may predate them; 'reactor replay --update' adds them"
      ), "\(marks)")
    #expect(!marks.contains("exit status:"))
    // A status alone that differs is no stream mark.
    let marked = "%offline\n> opne\n! error: unknown command 'opne'; did you mean 'open'?\n%status 3\n"
    guard case .mismatch(let status) = await replayer.check(marked, name: "new.t").verdict else {
      Issue.record("a wrong %status passed")
      return
    }
    #expect(!status.contains("hint:"), "\(status)")
  }

  @Test("a standard output line expected on standard error fails, even as a pattern")
  func outputExpectedOnError() async throws {
    let text = "%offline\n> help next\n! usage: next\n  load the next page of results\n"
    guard case .mismatch = await replayer.check(text, name: "x.t").verdict else {
      Issue.record("passed")
      return
    }
    let pattern = "%offline\n> help next\n! usage: * (glob)\n"
    guard case .mismatch = await replayer.check(pattern, name: "x.t").verdict else {
      Issue.record("a (glob) line matched across streams")
      return
    }
  }

  @Test("a glob on a standard error line matches its text")
  func errorGlob() async throws {
    let text = "%offline\n> opne\n! error: unknown command * (glob)\n%status 1\n"
    #expect(await replayer.check(text, name: "x.t").verdict == .ok)
  }

  @Test("a failed command makes the status 1; a missing %status line expects 0")
  func statusDiffers() async throws {
    let text = "%offline\n> opne\n! error: unknown command 'opne'; did you mean 'open'?\n"
    let (verdict, updated) = await replayer.check(text, name: "s.t")
    guard case .mismatch(let diff) = verdict else {
      Issue.record("a session that failed replayed as status 0")
      return
    }
    #expect(diff.contains("+%status 1"))
    #expect(diff.hasSuffix("exit status: expected 0, got 1"))
    #expect(updated == text + "%status 1\n")
  }

  @Test("a %status that the session does not end with fails")
  func statusNotReached() async throws {
    let text = "%offline\n> help next\nusage: next\n  load the next page of results\n"
    let full = try #require(await replayer.check(text, name: "x.t").updated)
    #expect(await replayer.check(full, name: "x.t").verdict == .ok)
    guard case .mismatch(let diff) = await replayer.check(full + "%status 3\n", name: "x.t").verdict else {
      Issue.record("status 3 expected, 0 replayed, and it passed")
      return
    }
    #expect(diff.contains("-%status 3"))
    #expect(diff.contains("exit status: expected 3, got 0"))
  }

  @Test(
    "%status is the last line but comments",
    arguments: [
      ("%offline\n%status 1\n> help\n", "line 2: %status goes after the last command's output"),
      ("%offline\n> help\n%status 1\n> help\n", "line 4: %status (line 3) belongs after everything but comments"),
      ("%offline\n> help\n%status 1\nmore\n", "line 4: %status (line 3)"),
      ("%offline\n> help\n%status x\n", "line 3: %status expects an exit status from 0 to 255, got 'x'"),
      ("%offline\n> help\n%status 256\n", "line 3: %status expects an exit status"),
    ])
  func statusPlacement(text: String, message: String) {
    #expect(throws: TranscriptParser.Failure.self) { try TranscriptParser.parse(text, features: Features.all.settings) }
    do {
      _ = try TranscriptParser.parse(text, features: Features.all.settings)
    } catch {
      #expect(error.description.hasPrefix(message), "\(error.description)")
    }
  }

  @Test("%status and a comment after it survive parse and text()")
  func statusRoundTrip() throws {
    let text = "%offline\n> help\n# a note\n%status 1\n"
    let transcript = try TranscriptParser.parse(text, features: Features.all.settings)
    #expect(transcript.status == 1)
    #expect(transcript.text() == "%offline\n> help\n# a note\n%status 1\n")
    #expect(
      try TranscriptParser.parse("%offline\n> help\n%status 1\n# after\n", features: Features.all.settings).status == 1)
  }

  @Test("the status folds the commands' completions: a failure anywhere is 1, cancelled is not a failure")
  func fold() {
    var status = SessionStatus()
    status.add(.ok)
    status.add(.cancelled)
    #expect(status.value == 0)
    status.add(.error)
    status.add(.ok)
    #expect(status.value == 1)
  }

  @Test("a failed command's status is that of the last error it printed, text or NDJSON, as reactor(1) exits")
  func finerStatuses() {
    let records = Records(options: RenderOptions(mode: .text))
    let json = Records(options: RenderOptions(mode: .json))
    let rateLimited = [
      records.error(code: "timeout", message: "GitHub did not answer in time."),
      records.error(code: "rate-limited", message: "GitHub rate limit reached."),
    ]
    #expect(SessionStatus.lastErrorCode(in: rateLimited) == "rate-limited")
    #expect(SessionStatus.lastErrorCode(in: [json.error(code: "server-error", message: "HTTP 500")]) == "server-error")
    #expect(SessionStatus.lastErrorCode(in: [OutputLine(.out, "query: \"swift\"")]) == nil)
    var status = SessionStatus()
    status.add(.error, failureCode: "server-error")
    #expect(status.value == 3)
    status.add(.error, failureCode: "unauthorized")
    #expect(status.value == 4)
    status.add(.error, failureCode: "rate-limited")
    #expect(status.value == 5)
    status.add(.cancelled, failureCode: "timeout")
    #expect(status.value == 5)
    status.add(.error, failureCode: nil)
    #expect(status.value == 1)
  }
}
