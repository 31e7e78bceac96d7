public import GitHubClient
public import ReactorCore
public import Rendering
public import SearchFeature

/// One session: the feature stores, their rendering, and the commands that drive them.
///
/// Every store shares one ``Sequencer``, so `seq` is global across features. Each store's
/// observer renders its events and writes them to the sink as they are committed.
public final class Session: Sendable {
  /// What a session is built from.
  public struct Configuration: Sendable {
    public var client: GitHubClient
    public var options: RenderOptions
    public var sink: any OutputSink
    public var opener: any URLOpener
    /// Shown by `help` when the data is not live GitHub data.
    public var dataNote: String?
    /// Only for tests that prove the race transcript can fail.
    public var cancelsStaleSearches: Bool
    /// The clock effects and `sleep` use, and the current time.
    public var time: TimeSource
    /// Where effect tasks run (a ``ManualExecutor`` in replays); nil for the global executor.
    public var executor: (any TaskExecutor)?
    /// Seeds everything random in the session.
    public var seed: UInt64

    public init(
      client: GitHubClient, options: RenderOptions = RenderOptions(), sink: any OutputSink,
      opener: any URLOpener = PrintingOpener(), dataNote: String? = nil, cancelsStaleSearches: Bool = true,
      time: TimeSource = .system, executor: (any TaskExecutor)? = nil, seed: UInt64 = 0
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
    }
  }

  /// How one line ended.
  public enum Outcome: Sendable, Equatable {
    case ok, failed, quit
  }

  public let configuration: Configuration
  public let sequencer = Sequencer()
  public let search: Store<SearchReactor>
  let records: Records

  public init(configuration: Configuration) {
    self.configuration = configuration
    self.records = Records(options: configuration.options)
    self.search = Store(
      reactor: SearchReactor(client: configuration.client, cancelsStaleSearches: configuration.cancelsStaleSearches),
      sequencer: sequencer, executor: configuration.executor)
    let renderer = SearchText(options: configuration.options)
    let sink = configuration.sink
    let records = records
    search.observe { event, state in
      switch event {
      case .transition(let transition):
        sink.write(renderer.render(transition, state: state, command: Self.verb(for: transition.action)))
      case .notice(let notice, _, _):
        sink.write([records.info(notice.message, feature: "search")])
      case .failure(let error, _, _):
        let failure = GitHubError.from(error)
        sink.write([records.error(code: failure.code, message: failure.message, feature: "search")])
      }
    }
  }

  /// What `help` says about the data when the session serves the built-in sample.
  public static let offlineDataNote = "built-in offline sample (a snapshot written for demos; not live GitHub data)"

  /// The command verb an action stands for, as the NDJSON `action` field names it.
  static func verb(for action: SearchReactor.Action) -> String {
    switch action {
    case .updateQuery: "query"
    case .loadNextPage: "next"
    case .cancel: "cancel"
    }
  }

  // MARK: - Running lines

  /// Splits a trailing ` &` (run without waiting) from a line.
  public static func splitBackground(_ line: String) -> (String, Bool) {
    var trimmed = Substring(line)
    while trimmed.last?.isWhitespace == true { trimmed.removeLast() }
    guard trimmed.hasSuffix("&"), trimmed.dropLast().last?.isWhitespace ?? false, !trimmed.hasSuffix("\\&") else {
      return (line, false)
    }
    return (String(trimmed.dropLast()).trimmingTrailingWhitespace, true)
  }

  /// Parses and runs one line, and waits until every effect it started has finished.
  public func execute(_ line: String) async -> Outcome { await start(line).outcome() }

  /// Parses one line and starts it: everything synchronous (parsing, sending the action,
  /// its immediate mutations and output) happens before this returns; effects go on.
  public func start(_ line: String) -> Execution {
    let command: Command?
    do {
      command = try CommandParser.parse(line)
    } catch {
      configuration.sink.write([records.error(code: error.code, message: error.message)])
      return .done(.failed)
    }
    guard let command else { return .done(.ok) }
    return start(command)
  }

  /// Starts one command (see ``start(_:)-(String)``).
  public func start(_ command: Command) -> Execution {
    switch command {
    case .query(let text):
      return .store(search.send(.updateQuery(text)))
    case .next:
      return .store(search.send(.loadNextPage))
    case .open(let number):
      return .done(open(number))
    case .state(let feature):
      for name in feature.map({ [$0] }) ?? CommandTable.features {
        configuration.sink.write(records.state(feature: name, state: stateJSON(name)))
      }
      return .done(.ok)
    case .help(let topic):
      configuration.sink.write(HelpText.lines(topic: topic, dataNote: configuration.dataNote, records: records))
      return .done(.ok)
    case .sleep(let duration):
      let time = configuration.time
      let sink = configuration.sink
      let records = records
      return .task(
        Task(executorPreference: configuration.executor) {
          do {
            try await time.sleep(for: duration)
          } catch {
            sink.write([records.info("sleep cancelled")])
          }
          return .ok
        })
    case .quit:
      return .done(.quit)
    }
  }

  /// Stops everything in flight (Ctrl-C), leaving the results so far.
  public func cancelAll() {
    search.send(.cancel)
    search.cancelAll()
  }

  /// The JSON state of a feature, as `state` prints it.
  public func stateJSON(_ feature: String) -> JSONValue {
    switch feature {
    case "search": return search.currentState.jsonValue
    default: return .null
    }
  }

  private func open(_ number: Int) -> Outcome {
    let url: String? = {
      let state = search.currentState
      return number <= state.repos.count ? state.repos[number - 1].url : nil
    }()
    guard let url else {
      let count = search.currentState.repos.count
      let message = count == 0 ? "no result \(number); there are no results" : "no result \(number); there are \(count)"
      configuration.sink.write([records.error(code: "out-of-range", message: "open: \(message)")])
      return .failed
    }
    let launched = configuration.opener.open(url)
    configuration.sink.write([records.open(url: url, launched: launched)])
    return .ok
  }

  static func outcome(_ completion: StoreTask.Completion) -> Outcome {
    completion == .error ? .failed : .ok
  }
}

extension String {
  fileprivate var trimmingTrailingWhitespace: String {
    var copy = self
    while copy.last?.isWhitespace == true { copy.removeLast() }
    return copy
  }
}
