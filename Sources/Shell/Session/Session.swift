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

    public init(
      client: GitHubClient, options: RenderOptions = RenderOptions(), sink: any OutputSink,
      opener: any URLOpener = PrintingOpener(), dataNote: String? = nil, cancelsStaleSearches: Bool = true
    ) {
      self.client = client
      self.options = options
      self.sink = sink
      self.opener = opener
      self.dataNote = dataNote
      self.cancelsStaleSearches = cancelsStaleSearches
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
      sequencer: sequencer)
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

  /// The command verb an action stands for, as the NDJSON `action` field names it.
  static func verb(for action: SearchReactor.Action) -> String {
    switch action {
    case .updateQuery: "query"
    case .loadNextPage: "next"
    case .cancel: "cancel"
    }
  }

  // MARK: - Running lines

  /// Parses and runs one line, and waits until every effect it started has finished.
  public func execute(_ line: String) async -> Outcome {
    let command: Command?
    do {
      command = try CommandParser.parse(line)
    } catch {
      configuration.sink.write([records.error(code: error.code, message: error.message)])
      return .failed
    }
    guard let command else { return .ok }
    return await run(command)
  }

  /// Runs one command and waits for its effects.
  public func run(_ command: Command) async -> Outcome {
    switch command {
    case .query(let text):
      return Self.outcome(await search.send(.updateQuery(text)).finish())
    case .next:
      return Self.outcome(await search.send(.loadNextPage).finish())
    case .open(let number):
      return open(number)
    case .state(let feature):
      for name in feature.map({ [$0] }) ?? CommandTable.features {
        configuration.sink.write(records.state(feature: name, state: stateJSON(name)))
      }
      return .ok
    case .help(let topic):
      configuration.sink.write(HelpText.lines(topic: topic, dataNote: configuration.dataNote, records: records))
      return .ok
    case .quit:
      return .quit
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
