package import FeatureKit
import FoundationEssentials
import ReactorCore
import Rendering

/// `reactor replay --until N FILE` and `reactor replay --step FILE`: replays a transcript's
/// commands, checking their output as usual, then hands the session, in exactly that state,
/// to the user: a REPL on a terminal, the rest of standard input on a pipe.
///
/// Time stays virtual after the hand-over (an ``ExecutorPump`` runs the replay's executor), so
/// recorded latencies and `sleep` take no real time; the caller's client answers from the
/// cassette what it recorded, and sends the rest where the flags say once told the session is
/// handed over.
package struct ReplayHandover: Sendable {
  let features: [Feature]
  let makeClient: TranscriptRunner.ClientFactory
  let adjust: @Sendable (inout Session.Configuration) -> Void
  /// Called just before the user gets the session: new requests may leave the cassette now.
  let handOver: @Sendable () -> Void
  /// Where requests the cassette cannot answer go after the hand-over, for the message.
  let destination: String
  /// Reports (the checks, the hand-over) to standard error.
  let report: @Sendable (String) -> Void

  package init(
    features: [Feature], makeClient: @escaping TranscriptRunner.ClientFactory,
    adjust: @escaping @Sendable (inout Session.Configuration) -> Void,
    handOver: @escaping @Sendable () -> Void, destination: String, report: @escaping @Sendable (String) -> Void
  ) {
    self.features = features
    self.makeClient = makeClient
    self.adjust = adjust
    self.handOver = handOver
    self.destination = destination
    self.report = report
  }

  /// Replays `path` up to `until` commands (all without it), pausing before each when
  /// `step`; returns the exit status: the session's, or 1 if the replay did not match.
  package func run(path: String, until: Int?, step: Bool) async -> Int32 {
    guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
      report("replay: cannot read \(path)\n")
      return 1
    }
    var transcript: Transcript
    do {
      transcript = try TranscriptParser.parse(text, features: features.settings)
    } catch {
      report("replay: \(path): \(error)\n")
      return 1
    }
    // Usage errors, as a bad --until is before the file is read: nothing was replayed.
    if transcript.settings.daemon {
      report("replay: \(path) is a %daemon transcript; --until and --step hand over REPL sessions only\n")
      return ExitStatus.usage.rawValue
    }
    let total = transcript.typedCount()
    if let until {
      guard until <= total else {
        report("replay: --until \(until): \(path) has \(total) command\(total == 1 ? "" : "s")\n")
        return ExitStatus.usage.rawValue
      }
      transcript = transcript.prefix(commands: until)
    }
    let commands = transcript.commands
    let held = Locked<(session: Session, executor: ManualExecutor, clock: VirtualClock)?>(nil)
    let sinkBox = Locked<HandoverSink?>(nil)
    let continuing = Locked(!step)
    let live = StandardOutputSink()
    let adjust = adjust
    let directory = path.deletingLastPathComponent
    let runner = TranscriptRunner(
      features: features, makeClient: makeClient,
      adjust: { configuration in
        adjust(&configuration)
        let sink = HandoverSink(checked: configuration.sink, live: live)
        if step { sink.set(.stepping) }
        sinkBox.withLock { $0 = sink }
        configuration.sink = sink
      },
      observe: { session, executor, clock in held.withLock { $0 = (session, executor, clock) } },
      beforeCommand: { index in
        if continuing.withLock({ $0 }) { return true }
        live.write([OutputLine(.out, "> \(commands[index].input)  [Enter: run; c: run the rest; Ctrl-C: stop here]")])
        switch StepPrompt.ask() {
        case .run: return true
        case .continueToEnd:
          continuing.withLock { $0 = true }
          return true
        case .stop: return false
        }
      }
    ).relative(to: directory)
    let log = ReplayLog()
    let outputs: [(index: Int, lines: [String])]
    do {
      outputs = try await runner.run(transcript, log: log) { index, lines in (index, lines.map(Transcript.written)) }
    } catch {
      report("replay: \(path): \(error)\n")
      return 1
    }
    let matched = check(outputs, against: commands, log: log, path: path)
    guard let (session, executor, clock) = held.withLock({ $0 }) else { return 1 }
    let ran = transcript.typedCount(of: outputs.count)
    report(
      "replay: \(ran) of \(total) command\(total == 1 ? "" : "s") of \(path) replayed\(matched ? ", output as recorded" : "")"
        + "; the session is yours (recorded HTTP still answers; other requests go to \(destination))\n")
    let interactive = Terminal.isInteractive
    let reader: any LineReader
    var output: any OutputSink = live
    if !interactive {
      reader = PipeLineReader()
    } else if let editor = EditLineReader(historyPath: nil, output: live) {
      reader = editor
      output = editor.output
    } else {
      reader = PlainLineReader()
    }
    sinkBox.withLock { $0?.handOver(to: output) }
    handOver()
    let pump = ExecutorPump(executor: executor, clock: clock)
    pump.start()
    let status = await ShellLoop(session: session, reader: reader, interactive: interactive).run()
    pump.stop()
    return matched ? status : 1
  }

  /// Compares each command's output with the transcript's, line by line as a replay does;
  /// reports each difference as a unified diff. True when everything matched.
  private func check(
    _ outputs: [(index: Int, lines: [String])], against commands: [Transcript.Block], log: ReplayLog, path: String
  ) -> Bool {
    var matched = true
    for (index, actual) in outputs where index < commands.count {
      let expected = commands[index].expected.map(String.init)
      let same =
        expected.count == actual.count
        && zip(expected, actual).allSatisfy { LineMatcher.matches(expected: $0, actual: Transcript.unescape($1)) }
      if same { continue }
      matched = false
      let diff = UnifiedDiff.make(
        expected: expected, actual: actual, expectedName: "\(path): > \(commands[index].input)", actualName: "actual")
      report("replay: command \(index + 1) differs from the transcript\n\(diff)\n")
    }
    for problem in log.problems {
      matched = false
      report("replay: \(path): \(problem)\n")
    }
    return matched
  }
}

extension Transcript {
  /// The same transcript with only its first `count` commands (and what comes before the next).
  /// The first `count` typed commands, with the Control-C lines that follow them: a `^C` line
  /// is not a command, as the recorder counts (`recorded N commands`).
  func prefix(commands count: Int) -> Transcript {
    var seen = 0
    var kept: [Item] = []
    for item in items {
      if case .command(let command) = item, command.input != SessionStatus.interrupt {
        if seen == count { break }
        seen += 1
      }
      kept.append(item)
    }
    return Transcript(settings: settings, items: kept)
  }

  /// How many of the first `count` commands were typed, not Control-C.
  func typedCount(of count: Int? = nil) -> Int {
    commands.prefix(count ?? commands.count).count { $0.input != SessionStatus.interrupt }
  }
}
