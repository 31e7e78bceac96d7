package import FeatureKit
package import GitHubClient
package import ReactorCore
package import Rendering

extension Session {
  /// How many changes history keeps unless told otherwise.
  package static let defaultHistoryLimit = 10_000

  /// What a session is built from.
  package struct Configuration: Sendable {
    package var client: GitHubClient
    /// The features the session runs, in `help`'s order: the executable's list.
    package var features: [Feature]
    package var options: RenderOptions
    package var sink: any OutputSink
    package var opener: any URLOpener
    /// Shown by `help` when the data is not live GitHub data.
    package var dataNote: String?
    /// The clock effects and `sleep` use, and the current time.
    package var time: TimeSource
    /// Where effect tasks run (a ``ManualExecutor`` in replays); nil for the global executor.
    package var executor: (any TaskExecutor)?
    /// The features' settings (flags and transcript directives); its seed seeds everything
    /// random in the session.
    package var settings: FeatureSettings
    /// Asks for a secret without echo (terminals only); nil where nobody can be asked.
    package var promptSecret: (@Sendable (String) -> String?)?
    /// The most changes history keeps (`--history-limit`); 0 turns history off.
    package var historyLimit: Int
    /// Where the token came from, as `limits` says it (never the token); nil when not known.
    package var credentials: String?
    /// The token source's name in `limits`' JSON record (`GH_TOKEN`, `gh hosts.yml`); nil when
    /// no token is sent.
    package var tokenSource: String?
    /// With `--wait-on-rate-limit`: the longest wait for a primary limit's reset; nil: rate
    /// limits fail at once.
    package var rateLimitWait: Duration?
    /// Shows the seconds left of a rate-limit wait on one line of a terminal, every second; 0
    /// clears the line. Nil off a terminal, where one notice says how long the wait is.
    package var rateLimitCountdown: (@Sendable (Int) -> Void)?
    /// How `live` runs; nil where there is no terminal to draw on (pipes, replays, the daemon).
    package var live: LiveOptions?

    package init(
      client: GitHubClient, features: [Feature], options: RenderOptions = RenderOptions(), sink: any OutputSink,
      opener: any URLOpener = PrintingOpener(), dataNote: String? = nil, time: TimeSource = .system,
      executor: (any TaskExecutor)? = nil, settings: FeatureSettings = FeatureSettings(),
      promptSecret: (@Sendable (String) -> String?)? = nil, historyLimit: Int = Session.defaultHistoryLimit
    ) {
      self.client = client
      self.features = features
      self.options = options
      self.sink = sink
      self.opener = opener
      self.dataNote = dataNote
      self.time = time
      self.executor = executor
      self.settings = settings
      self.promptSecret = promptSecret
      self.historyLimit = historyLimit
    }
  }
}
