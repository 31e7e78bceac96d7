import FeatureList
import Foundation
import GitHubClient
import ReactorCore
import Rendering
import Testing

@testable import Shell

/// A live transcript's replay checks how the view ended: its keys (or the signal recorded)
/// must end the view with the recorded `exit`, never a status taken from the recording.
@Suite("Live replays: the view must exit as recorded")
struct LiveReplayExitTests {
  static func replay(_ text: String) async -> Replayer.Outcome {
    await TranscriptCorpusTests.replayer().replay(text, name: "k.t")
  }

  @Test("keys that no longer leave the view fail with 'the view did not exit', even with --update")
  func keysMustLeave() async throws {
    let text = try TranscriptCorpusTests.text("live-keys.t")
    #expect(await Self.replay(text).verdict == .ok)
    for key in ["<left>", "<down>", "x"] {
      let edited = text.replacingOccurrences(of: "@400ms key <enter>", with: "@400ms key \(key)")
      #expect(edited != text)
      let outcome = await Self.replay(edited)
      #expect(
        outcome.verdict
          == .broken(
            "k.t: the view did not exit: no key of the recording leaves it, and no signal ends it (the recording says exit 0)"
          ), "\(key)")
      #expect(outcome.updated == nil, "--update must not write a status the keys did not produce")
    }
    // Escape leaves with 130, not the 0 recorded: a mismatch that shows the status.
    let escaped = text.replacingOccurrences(of: "@400ms key <enter>", with: "@400ms key <esc>")
    guard case .mismatch(let diff) = await Self.replay(escaped).verdict else {
      Issue.record("Escape replayed as the recorded Enter")
      return
    }
    #expect(diff.contains("-@400ms exit 0\n+@400ms exit 130"), "\(diff)")
    // Recorded with Escape, then edited to a key that does not leave: the recorded 130 is no
    // longer what the keys produce, however well the screens match.
    let recorded = try #require(await Self.replay(escaped).updated)
    #expect(await Self.replay(recorded).verdict == .ok)
    let edited = recorded.replacingOccurrences(of: "@400ms key <esc>", with: "@400ms key <left>")
    #expect(
      await Self.replay(edited).verdict
        == .broken(
          "k.t: the view did not exit: no key of the recording leaves it, and no signal ends it (the recording says exit 130)"
        ))
  }

  @Test("a view ended by a signal or a closed terminal is recorded so, and replays with its status")
  func signalEnds() async throws {
    let text = try TranscriptCorpusTests.text("live-keys.t")
    let cut = try #require(text.range(of: "@400ms key <enter>"))
    for (event, status) in [("signal TERM", 143), ("signal HUP", 129), ("signal INT", 130), ("closed", 130)] {
      let ended = String(text[..<cut.lowerBound]) + "@400ms \(event)\n@400ms screen end\n@400ms exit \(status)\n"
      let first = await Self.replay(ended)
      // The end screen is the replay's to fill in; the status must already match.
      guard case .mismatch(let diff) = first.verdict, let updated = first.updated else {
        Issue.record("\(event): \(first.verdict)")
        continue
      }
      // The diff is of the file, whose lines carry their times (`@400ms exit 130`).
      #expect(!diff.contains("\n-@400ms exit") && !diff.contains("\n+@400ms exit"), "\(event): \(diff)")
      #expect(updated.contains("\n@400ms \(event)\n"), "\(event) is kept as input")
      #expect(updated.hasSuffix("@400ms exit \(status)\n"))
      #expect(await Self.replay(updated).verdict == .ok, "\(event)")
    }
    let bogus = String(text[..<cut.lowerBound]) + "@400ms signal KILL\n"
    #expect(
      await Self.replay(bogus).verdict
        == .broken("k.t: line 48: signal expects one of HUP, INT, QUIT, TERM, got 'KILL'"))
  }

  @Test("the REPL's live verb where there is no screen (a recording, a replay) refuses at once, so it replays")
  func liveVerbWithoutAScreen() async throws {
    let session = Session(
      configuration: Session.Configuration(
        client: GitHubClient(searchRepositories: { _, page, _ in Page(items: [], page: page, nextPage: nil) }),
        features: Features.all, sink: MemorySink(), executor: ManualExecutor()))
    // Refused before anything runs: a task on the shared pool finished, or not, before the
    // replay's executor went idle, and the replay said the command never finished.
    #expect(session.start("live swift").isFinished)
    let text =
      "%offline\n> live swift\n! error: live: not here (pipes, replays, the daemon and recorded sessions have no"
      + " screen for it); run 'reactor live ...' from a shell\n> help quit\nusage: quit\n  leave (Ctrl-D does the"
      + " same)\n  also: exit\n%status 1\n"
    #expect(await Self.replay(text).verdict == .ok)
  }

  @Test("the recorder writes what ended the view before the end screen")
  func recorderWritesTheCause() throws {
    let saved = Locked<String?>(nil)
    let recorder = LiveRecorder(header: ["%offline", "%live search"]) { text in saved.withLock { $0 = text } }
    recorder.end(
      ["end"], outcome: LiveDriver.Outcome(status: 143, output: nil), cause: .signal(SIGTERM),
      at: .milliseconds(1234))
    let text = try #require(saved.withLock { $0 })
    #expect(text == "%offline\n%live search\n@1234ms signal TERM\n@1234ms screen end\n|end\n@1234ms exit 143\n")
    let parsed = try LiveTranscript.parse(text, features: Features.all.settings)
    #expect(parsed.events.map(\.event) == [.signal(SIGTERM), .screen(reason: "end", lines: ["end"]), .exit(143)])
  }
}
