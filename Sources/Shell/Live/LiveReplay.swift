import FeatureKit
import LiveTerminal
import ReactorCore
import Rendering

/// Replays a live transcript: the recorded keys at their offsets on the virtual clock, so the
/// throttle, the cancellations and the page loads happen at the same virtual instants, every
/// byte the View draws fed to a model of the terminal, and the screen taken at the same
/// checkpoints as the recording took it.
struct LiveReplay {
  let runner: TranscriptRunner

  /// The transcript the replay makes: the input events of `transcript` with the screens, the
  /// output and the status of this run.
  func run(_ transcript: LiveTranscript, log: ReplayLog) throws -> LiveTranscript {
    let settings = transcript.settings
    guard let feature = runner.features.first(where: { $0.live?.name == settings.live.feature })?.live else {
      let names = runner.features.compactMap(\.live?.name)
      throw TranscriptParser.Failure(
        line: 1, message: "%live names no live view: \(settings.live.feature); known: \(names.joined(separator: ", "))")
    }
    let clock = VirtualClock()
    let executor = ManualExecutor()
    let time = TimeSource.virtual(clock, start: settings.clock)
    var configuration = Session.Configuration(
      client: try runner.makeClient(settings, time, log), features: runner.features,
      options: RenderOptions(mode: .json), sink: NullSink(), time: time, executor: executor,
      settings: settings.features, historyLimit: 0)
    runner.adjust(&configuration)
    let session = Session(configuration: configuration)
    guard let host = session.host(forFeature: feature.name) else { return transcript }
    let budgets = session.configuration.client.rateLimits
    let offline = settings.offline || settings.sampleData
    let context = LiveContext(
      arguments: settings.live.arguments, throttle: settings.live.throttle, printed: settings.live.printed,
      multi: settings.live.multi, preview: settings.live.preview,
      budget: { resource in offline ? nil : budgets().first { $0.resource == resource } })
    let view = feature.make(host, context) { _ in }
    var screen = LiveScreen(view: view, width: settings.live.width, height: settings.live.height, color: false)
    var result = LiveTranscript(header: transcript.header, settings: settings, events: [])
    let now = { clock.now.offset }

    /// Runs what is ready, sends what the View's throttle has due, and draws.
    func settle() {
      _ = executor.runUntilIdle()
      view.tick(at: now())
      _ = executor.runUntilIdle()
      _ = screen.draw(at: now())
    }

    /// Moves virtual time to `target`, stopping at each deadline before it (the View's throttle,
    /// a sleeping effect's latency) to let what is due run.
    func advance(to target: Duration) {
      settle()
      while let next = [view.deadline, clock.nextDeadline?.offset].compactMap({ $0 }).min(), next <= target {
        let before = (view.deadline, clock.nextDeadline)
        clock.advance(to: VirtualClock.Instant(offset: max(next, now())))
        settle()
        // Nothing moved (a deadline that sent nothing): the rest waits for the target.
        if view.deadline == before.0 && clock.nextDeadline == before.1 { break }
      }
      clock.advance(to: VirtualClock.Instant(offset: max(target, now())))
      settle()
    }

    _ = screen.open(at: now())
    view.start(at: now())
    settle()
    var status: Int32?
    var output: String?
    // The screens are taken at the instants the recording took them: what the screen showed
    // then depends on the keys and answers before that instant, not on how a terminal's loop
    // happened to order them.
    events: for (offset, event) in transcript.events {
      switch event {
      case .keys(let keys):
        advance(to: offset)
        result.events.append((offset, event))
        for key in keys {
          // Ctrl-L is the terminal loop's, as on a terminal: a repaint, which shows nothing new.
          if key == .control("l") {
            screen.redraw()
            settle()
            continue
          }
          // A secret character was not recorded: x stands for each, so a password replays with
          // its length (two that differed only in content replay as equal).
          if case .exit(let code, let printed) = view.handle(key == .secret ? .text("x") : key, at: now()) {
            (status, output) = (code, LiveDriver.Outcome.printable(printed))
            break events
          }
          settle()
        }
      case .resize(let width, let height):
        advance(to: offset)
        result.events.append((offset, event))
        screen.resize(width: width, height: height)
        settle()
      case .signal(let number):
        advance(to: offset)
        result.events.append((offset, event))
        status = 128 + number
        break events
      case .closed:
        advance(to: offset)
        result.events.append((offset, event))
        status = 130
        break events
      case .screen(let reason, _) where reason != "end":
        advance(to: offset)
        result.events.append((offset, .screen(reason: reason, lines: screen.lines)))
      case .screen, .print, .exit:
        continue
      }
    }
    // The keys must end the view as they did when it was recorded: a recording whose keys no
    // longer leave it (an edited key, a View that changed) proves nothing about its exit.
    guard let status else {
      view.cancelAll()
      _ = executor.runUntilIdle()
      let recorded = transcript.events.lazy.compactMap { event -> Int32? in
        if case .exit(let code) = event.event { code } else { nil }
      }.last
      throw DidNotExit(recorded: recorded)
    }
    view.cancelAll()
    _ = executor.runUntilIdle()
    _ = screen.draw(at: now())
    result.events.append((now(), .screen(reason: "end", lines: screen.lines)))
    if let output {
      for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
        result.events.append((now(), .print(String(line))))
      }
    }
    result.events.append((now(), .exit(status)))
    return result
  }

  /// The recording's input ended with the view still open.
  struct DidNotExit: Error, CustomStringConvertible {
    /// The status the recording's `exit` line says.
    var recorded: Int32?

    var description: String {
      "the view did not exit: no key of the recording leaves it, and no signal ends it"
        + (recorded.map { " (the recording says exit \($0))" } ?? "")
    }
  }
}

extension Replayer {
  /// Replays a live transcript and says what differs: the screens, the output, the status.
  func replayLive(_ text: String, name: String) -> Outcome {
    let transcript: LiveTranscript
    do {
      transcript = try LiveTranscript.parse(text, features: runner.features.settings)
    } catch {
      return Outcome(verdict: .broken("\(name): \(error)"))
    }
    let log = ReplayLog()
    let actual: LiveTranscript
    do {
      actual = try LiveReplay(runner: runner).run(transcript, log: log)
    } catch {
      return Outcome(verdict: .broken("\(name): \(error)"))
    }
    if let problem = log.problems.first {
      return Outcome(
        verdict: .broken("\(name): \(problem) (record the transcript again, or add the exchange to its cassette)"))
    }
    let expected = transcript.checked
    let got = actual.checked
    if expected == got { return Outcome(verdict: .ok) }
    var source = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if source.last?.isEmpty == true { source.removeLast() }
    let rewritten = transcript.rewritten(text, with: actual)
    let diff = UnifiedDiff.make(
      expected: source, actual: rewritten, expectedName: name, actualName: name + " (actual)")
    return Outcome(verdict: .mismatch(diff: diff), updated: rewritten.joined(separator: "\n") + "\n")
  }
}
