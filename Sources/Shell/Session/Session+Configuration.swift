public import GitHubClient
public import ReactorCore
public import Rendering

extension Session {
  /// How many changes history keeps unless told otherwise.
  public static let defaultHistoryLimit = 10_000

  /// What a session is built from.
  public struct Configuration: Sendable {
    public var client: GitHubClient
    public var options: RenderOptions
    public var sink: any OutputSink
    package var opener: any URLOpener
    /// Shown by `help` when the data is not live GitHub data.
    package var dataNote: String?
    /// Only for tests that prove the race transcript can fail.
    package var cancelsStaleSearches: Bool
    /// The clock effects and `sleep` use, and the current time.
    public var time: TimeSource
    /// Where effect tasks run (a ``ManualExecutor`` in replays); nil for the global executor.
    public var executor: (any TaskExecutor)?
    /// Seeds everything random in the session.
    package var seed: UInt64
    /// The signup simulation: how often a submission fails, and how long it takes.
    package var signupFailureRate: Double
    package var signupLatency: Duration
    /// Asks for a secret without echo (terminals only); nil where nobody can be asked.
    package var promptSecret: (@Sendable (String) -> String?)?
    /// Which implementation runs search at the start (`engine` switches later).
    package var engine: SearchEngineKind
    /// The most changes history keeps (`--history-limit`); 0 turns history off.
    package var historyLimit: Int
    /// The sort of search results at the start (`--sort`, `--order`).
    package var sort: SearchSort = .best
    package var order: SearchOrder = .desc
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

    public init(
      client: GitHubClient, options: RenderOptions = RenderOptions(), sink: any OutputSink,
      opener: any URLOpener = PrintingOpener(), dataNote: String? = nil, cancelsStaleSearches: Bool = true,
      time: TimeSource = .system, executor: (any TaskExecutor)? = nil, seed: UInt64 = 0,
      signupFailureRate: Double = 1.0 / 3, signupLatency: Duration = .milliseconds(1500),
      promptSecret: (@Sendable (String) -> String?)? = nil, engine: SearchEngineKind = .reactor,
      historyLimit: Int = Session.defaultHistoryLimit
    ) {
      self.client = client
      self.options = options
      self.sink = sink
      self.opener = opener
      self.dataNote = dataNote
      self.cancelsStaleSearches = cancelsStaleSearches
      self.time = time
      self.executor = executor
      self.seed = seed
      self.signupFailureRate = signupFailureRate
      self.signupLatency = signupLatency
      self.promptSecret = promptSecret
      self.engine = engine
      self.historyLimit = historyLimit
    }
  }
}
