package import FeatureKit
import ReactorCore
package import Rendering

/// How `live` runs in this process: set where there is a terminal to draw on.
package struct LiveOptions: Sendable {
  /// `--throttle`.
  package var throttle: Duration
  /// `--print`.
  package var printed: LiveContext.Printed
  package var color: Bool
  /// `--json-log`: where the view's NDJSON change stream goes.
  package var log: (any OutputSink)?
  /// The data is the offline sample: no budget to spare.
  package var offline: Bool
  /// Makes the recorder of a view given its feature and words (`--record`).
  package var recorder: (@Sendable (LiveFeature, [String]) -> LiveRecorder?)?
  /// `--multi` and `--preview`.
  package var multi: Bool
  package var preview: Bool
  /// `ESCDELAY`, as the environment gives it (read when the view opens).
  package var escapeDelay: String?

  package init(
    throttle: Duration = .milliseconds(300), printed: LiveContext.Printed = .name, color: Bool = false,
    log: (any OutputSink)? = nil, offline: Bool = false,
    recorder: (@Sendable (LiveFeature, [String]) -> LiveRecorder?)? = nil, multi: Bool = false, preview: Bool = false,
    escapeDelay: String? = nil
  ) {
    self.throttle = throttle
    self.printed = printed
    self.color = color
    self.log = log
    self.offline = offline
    self.recorder = recorder
    self.multi = multi
    self.preview = preview
    self.escapeDelay = escapeDelay
  }
}

extension Session {
  /// The live Views of the session's features; the first is the one `live` opens by default.
  package var liveFeatures: [LiveFeature] { configuration.features.compactMap(\.live) }

  /// The live View `words` name (its feature's name first, or the default one's words), and
  /// the words it opens with.
  package func liveFeature(for words: [String]) throws(LiveDriver.Failure) -> (LiveFeature, [String]) {
    let live = liveFeatures
    guard let first = live.first else { throw LiveDriver.Failure(description: "live: no feature has a live view") }
    if let word = words.first {
      if let named = live.first(where: { $0.name == word }) {
        let rest = Array(words.dropFirst())
        guard named.words.count.contains(rest.count) else {
          let most = named.words.count.upperBound
          let count = most == 0 ? "no words" : most == 1 ? "at most one word" : "at most \(most) words"
          throw LiveDriver.Failure(description: "live \(named.name) takes \(count): \(named.words.meaning)")
        }
        return (named, rest)
      }
      if configuration.features.contains(where: { $0.name == word }) {
        throw LiveDriver.Failure(
          description: "live: \(word) has no live view; live views: \(live.map(\.name).joined(separator: ", "))")
      }
    }
    return (first, words)
  }

  /// Runs `live words...` on the terminal, in a session of its own on the same client and
  /// settings, whose changes go to `options.log` as NDJSON and nowhere else: the screen is the
  /// View's.
  package func runLive(_ words: [String], options: LiveOptions) async throws(LiveDriver.Failure)
    -> LiveDriver.Outcome
  {
    let (feature, arguments) = try liveFeature(for: words)
    let escapeDelay = try LiveDriver.escapeDelay(options.escapeDelay).get()
    var child = configuration
    child.client = unguardedClient
    child.options = RenderOptions(mode: .json)
    child.sink = options.log ?? NullSink()
    child.historyLimit = 0
    child.rateLimitCountdown = nil
    child.promptSecret = nil
    let session = Session(configuration: child)
    // The log follows every effect too: a throttled query's search starting, cancelled by a
    // newer one, each page's request ending.
    session.trace.isOn = options.log != nil
    guard let host = session.host(forFeature: feature.name) else {
      throw LiveDriver.Failure(description: "live: no feature \(feature.name)")
    }
    let budgets = session.configuration.client.rateLimits
    let offline = options.offline
    let context = LiveContext(
      arguments: arguments, throttle: options.throttle, printed: options.printed, multi: options.multi,
      preview: options.preview, budget: { resource in offline ? nil : budgets().first { $0.resource == resource } })
    let driver = LiveDriver(
      color: options.color, recorder: options.recorder?(feature, arguments), escapeDelay: escapeDelay)
    let outcome = try await driver.run { changed in feature.make(host, context, changed) }
    // A write that failed while the view was open (`--json-log`) is said now that the screen
    // is the user's again.
    WriteErrors.sayUnsaid()
    return outcome
  }

  /// The `live` command of the REPL: the view's selection is printed as the command's output.
  /// Where there is no screen for it, the refusal is printed at once, as the command's whole
  /// run, so that a replay (which has no screen either) finishes it as the session did.
  func live(_ words: [String], sink: TaggingSink) -> Execution {
    guard let options = configuration.live else {
      sink.write([
        records.error(
          code: "no-terminal",
          message:
            "live: not here (pipes, replays, the daemon and recorded sessions have no screen for it); run 'reactor live ...' from a shell"
        )
      ])
      return .done(.error)
    }
    let records = records
    return .task(
      Task(executorPreference: configuration.executor) { [self] in
        do {
          let outcome = try await runLive(words, options: options)
          if let output = outcome.output {
            sink.write(
              output.split(separator: "\n", omittingEmptySubsequences: false).map { OutputLine(.out, String($0)) })
          }
          return outcome.status == 0 ? .ok : .cancelled
        } catch {
          sink.write([records.error(code: "no-terminal", message: "\(error)")])
          return .error
        }
      })
  }
}
