public import FeedFeature
public import GitHubClient
public import ReactorCore
public import ReactorJSON
public import Rendering
import SearchFeature
public import SignupFeature

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
    /// The signup simulation: how often a submission fails, and how long it takes.
    public var signupFailureRate: Double
    public var signupLatency: Duration
    /// Asks for a secret without echo (terminals only); nil where nobody can be asked.
    public var promptSecret: (@Sendable (String) -> String?)?
    /// Which implementation runs search at the start (`engine` switches later).
    public var engine: SearchEngineKind

    public init(
      client: GitHubClient, options: RenderOptions = RenderOptions(), sink: any OutputSink,
      opener: any URLOpener = PrintingOpener(), dataNote: String? = nil, cancelsStaleSearches: Bool = true,
      time: TimeSource = .system, executor: (any TaskExecutor)? = nil, seed: UInt64 = 0,
      signupFailureRate: Double = 1.0 / 3, signupLatency: Duration = .milliseconds(1500),
      promptSecret: (@Sendable (String) -> String?)? = nil, engine: SearchEngineKind = .reactor
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
    }
  }

  /// How one line ended.
  public enum Outcome: Sendable, Equatable {
    case ok, failed, cancelled, quit
  }

  public let configuration: Configuration
  public let sequencer = Sequencer()
  /// Search, on the engine chosen now (made on first use); replaced (with fresh state) by the
  /// `engine` command.
  private let searchEngine = Locked<(any SearchEngine)?>(nil)
  /// Signup and feed are made on first use: a daemon or REPL that only searches never pays
  /// for them. Held as `AnyObject` so that not even their types' generic metadata (a runtime
  /// conformance lookup each, measurable in the daemon's start) is built before then.
  private let signupStore = Locked<AnyObject?>(nil)
  private let feedStore = Locked<AnyObject?>(nil)
  let records: Records
  /// `sleep` commands in progress, so Ctrl-C can end them too.
  private let sleeps = Locked<[SleepEntry]>([])
  private let nextSleep = Locked<UInt64>(0)

  /// A `sleep` in progress. It is registered before its task starts, so a sleep that ends at
  /// once still finds its entry to remove, and a cancellation that comes before the task is
  /// stored still lands. (An array, not a dictionary: few entries, and no runtime conformance
  /// lookup for the key type at start-up.)
  private struct SleepEntry {
    let key: UInt64
    let tag: JSONValue?
    var task: Task<Outcome, Never>?
    var cancelled = false
  }

  public init(configuration: Configuration) {
    self.configuration = configuration
    self.records = Records(options: configuration.options)
  }

  /// The signup feature's store, made (and attached to the sink) on first use.
  public var signup: Store<SignupReactor> {
    store(in: signupStore) {
      let service = SimulatedSignupService(
        failureRate: configuration.signupFailureRate, latency: configuration.signupLatency,
        random: SeededGenerator(seed: configuration.seed), time: configuration.time)
      let store = Store(
        reactor: SignupReactor(client: configuration.client, service: service), sequencer: sequencer,
        executor: configuration.executor)
      let text = SignupText(options: configuration.options)
      attach(store, feature: "signup", verb: Self.verb(for:)) { text.render($0, state: $1, command: $2) }
      return store
    }
  }

  /// The feed feature's store, made (and attached to the sink) on first use.
  public var feed: Store<FeedReactor> {
    store(in: feedStore) {
      let store = Store(
        reactor: FeedReactor(client: configuration.client), sequencer: sequencer, executor: configuration.executor)
      let text = FeedText(options: configuration.options, now: configuration.time.now)
      attach(store, feature: "feed", verb: Self.verb(for:)) { text.render($0, state: $1, command: $2) }
      return store
    }
  }

  /// The store held in `slot`, made by `make` the first time it is asked for. The slot holds
  /// only ever a `Store<R>`, so the downcast is safe.
  private func store<R: Reactor>(in slot: Locked<AnyObject?>, make: () -> Store<R>) -> Store<R> {
    slot.withLock { held in
      if let held { return unsafeDowncast(held, to: Store<R>.self) }
      let made = make()
      held = made
      return made
    }
  }

  /// The search engine now, made on first use like the other features' stores.
  var search: any SearchEngine {
    searchEngine.withLock { engine in
      if let engine { return engine }
      let made = makeSearchEngine(configuration.engine)
      engine = made
      return made
    }
  }

  /// A fresh search feature on `kind`, rendering to the sink.
  private func makeSearchEngine(_ kind: SearchEngineKind) -> any SearchEngine {
    let configuration = configuration
    let searchText = SearchText(options: configuration.options)
    switch kind {
    case .reactor:
      let store = Store(
        reactor: SearchReactor(client: configuration.client, cancelsStaleSearches: configuration.cancelsStaleSearches),
        sequencer: sequencer, executor: configuration.executor)
      attach(store, feature: "search", verb: Self.verb(for:)) { searchText.render($0, state: $1, command: $2) }
      return StoreSearchEngine(store)
    case .feedback:
      let store = Store(
        reactor: FeedbackSearch(client: configuration.client), sequencer: sequencer, executor: configuration.executor)
      attach(store, feature: "search", verb: Self.verb(for:)) { searchText.render($0, state: $1, command: $2) }
      return StoreSearchEngine(store)
    }
  }

  /// `engine`: say which engine runs search, or switch to another with fresh search state.
  private func switchEngine(to name: String?, sink: any OutputSink) -> Outcome {
    let current = search.kind
    guard let name else {
      sink.write([records.info("engine: \(current.rawValue)")])
      return .ok
    }
    guard let kind = SearchEngineKind(rawValue: name) else {
      sink.write([
        records.error(code: "invalid-argument", message: "engine: expected reactor or feedback, got '\(name)'")
      ])
      return .failed
    }
    search.cancelAll()
    let fresh = makeSearchEngine(kind)
    searchEngine.withLock { $0 = fresh }
    if configuration.options.mode == .json, case .object(let state) = fresh.state.jsonValue.resolved {
      // A `change` record that replaces every field, so that a consumer applying the patches
      // in order still holds exactly what `state search` prints (the NDJSON invariant).
      let patch = state.members.map { member in
        PatchOperation(op: .replace, path: "/" + PatchOperation.escapeToken(member.key), value: member.value)
      }
      let records = records
      sequencer.commit { seq in
        sink.write([records.change(feature: "search", seq: seq, action: "engine", mutation: "reset", patch: patch)])
      }
    }
    sink.write([records.info("engine: \(current.rawValue) -> \(kind.rawValue) (search state reset)")])
    return .ok
  }

  /// Renders a store's events to the sink as they are committed.
  private func attach<R: Reactor>(
    _ store: Store<R>, feature: String, verb: @escaping @Sendable (R.Action) -> String,
    render: @escaping @Sendable (StateTransition<R>, R.State, String) -> [OutputLine]
  ) {
    let sink = configuration.sink
    let records = records
    store.observe { event, state in
      switch event {
      case .transition(let transition):
        sink.write(render(transition, state, verb(transition.action)).map { $0.tagged(transition.origin.tag) })
      case .notice(let notice, _, let origin):
        sink.write([records.info(notice.message, feature: feature).tagged(origin.tag)])
      case .failure(let error, _, let origin):
        let failure = GitHubError.from(error)
        sink.write([records.error(code: failure.code, message: failure.message, feature: feature).tagged(origin.tag)])
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

  static func verb(for event: FeedbackSearch.Event) -> String {
    switch event {
    case .searchChanged, .response, .failed: "query"
    case .startLoadingNextPage: "next"
    case .cancel: "cancel"
    }
  }

  static func verb(for action: SignupReactor.Action) -> String {
    switch action {
    case .updateUsername: "username"
    case .updatePassword: "password"
    case .updateRepeat: "repeat"
    case .submit: "submit"
    case .cancel: "cancel"
    }
  }

  static func verb(for action: FeedReactor.Action) -> String {
    switch action {
    case .refresh: "refresh"
    case .loadMore: "more"
    case .cancel: "cancel"
    }
  }

  // MARK: - Running lines

  /// Splits a trailing ` &` (run without waiting) from a line.
  public static func splitBackground(_ line: String) -> (String, Bool) {
    // Most lines end in a printable ASCII byte other than `&`: their last Character is neither
    // whitespace nor `&` (one that starts with whitespace and ends in such a byte cannot be
    // formed), so nothing is split. Breaking Characters from the end cost ~1,700 instructions.
    if let last = line.utf8.last, last < 0x80, last != UInt8(ascii: "&"), last != 0x20, !(0x09...0x0D).contains(last) {
      return (line, false)
    }
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
  /// `tag` marks every record the command causes, now or from its effects (daemon ids).
  public func start(_ line: String, tag: JSONValue? = nil) -> Execution {
    let command: Command?
    do {
      command = try CommandParser.parse(line)
    } catch {
      configuration.sink.write([records.error(code: error.code, message: error.message).tagged(tag)])
      return .done(.failed)
    }
    guard let command else { return .done(.ok) }
    return start(command, tag: tag)
  }

  /// Starts one command (see ``start(_:)-(String)``).
  public func start(_ command: Command, tag: JSONValue? = nil) -> Execution {
    let sink = TaggingSink(base: configuration.sink, tag: tag)
    switch command {
    case .query(let text):
      return .store(search.query(text, tag: tag))
    case .next:
      return .store(search.next(tag: tag))
    case .open(let number):
      return .done(open(number, sink: sink))
    case .state(let feature):
      for name in feature.map({ [$0] }) ?? CommandTable.features {
        sink.write(records.state(feature: name, state: stateJSON(name)))
      }
      return .done(.ok)
    case .help(let topic):
      sink.write(HelpText.lines(topic: topic, dataNote: configuration.dataNote, records: records))
      return .done(.ok)
    case .sleep(let duration):
      let time = configuration.time
      let records = records
      let sleeps = sleeps
      let key = nextSleep.withLock { value in
        value += 1
        return value
      }
      sleeps.withLock { $0.append(SleepEntry(key: key, tag: tag)) }
      let task = Task(executorPreference: configuration.executor) { () -> Outcome in
        defer { sleeps.withLock { $0.removeAll { $0.key == key } } }
        do {
          try await time.sleep(for: duration)
        } catch {
          sink.write([records.info("sleep cancelled")])
          return .cancelled
        }
        return .ok
      }
      let cancelNow = sleeps.withLock { entries in
        guard let index = entries.firstIndex(where: { $0.key == key }) else { return false }
        entries[index].task = task
        return entries[index].cancelled
      }
      if cancelNow { task.cancel() }
      return .task(task)
    case .username(let name):
      return .store(signup.send(.updateUsername(name), tag: tag))
    case .password(let text):
      return secret(text, prompt: "password: ", command: "password", tag: tag) { .updatePassword($0) }
    case .repeatPassword(let text):
      return secret(text, prompt: "repeat password: ", command: "repeat", tag: tag) { .updateRepeat($0) }
    case .submit:
      return submit(tag: tag)
    case .signup(let name, let password, let repeatPassword):
      let signup = signup
      let submitting = submit
      return .task(
        Task(executorPreference: configuration.executor) {
          var failed = false
          for action in [
            SignupReactor.Action.updateUsername(name), .updatePassword(password), .updateRepeat(repeatPassword),
          ] {
            if await signup.send(action, tag: tag).finish() == .error { failed = true }
          }
          let outcome = await submitting(tag).outcome()
          return failed ? .failed : outcome
        })
    case .refresh:
      return .store(feed.send(.refresh, tag: tag))
    case .more:
      return .store(feed.send(.loadMore, tag: tag))
    case .cancel(let target):
      return .done(cancel(target, tag: tag, sink: sink))
    case .engine(let name):
      return .done(switchEngine(to: name, sink: sink))
    case .quit:
      return .done(.quit)
    }
  }

  /// `submit`: fails when it was refused or the submission failed.
  private func submit(tag: JSONValue?) -> Execution {
    let signup = signup
    let task = signup.send(.submit, tag: tag)
    return .task(
      Task(executorPreference: configuration.executor) {
        let completion = await task.finish()
        if completion == .cancelled { return .cancelled }
        guard completion != .error, signup.currentState.result?.ok == true else { return .failed }
        return .ok
      })
  }

  /// `password` / `repeat`: the given text, or a prompt without echo on a terminal.
  private func secret(
    _ text: String?, prompt: String, command: String, tag: JSONValue?,
    action: @escaping @Sendable (String) -> SignupReactor.Action
  ) -> Execution {
    if let text { return .store(signup.send(action(text), tag: tag)) }
    guard let ask = configuration.promptSecret else {
      configuration.sink.write([
        records.error(
          code: "missing-argument", message: "\(command): expected a password (it can only be asked for on a terminal)"
        )
        .tagged(tag)
      ])
      return .done(.failed)
    }
    let signup = signup
    return .task(
      Task.detached {
        guard let answer = ask(prompt) else { return .failed }
        return await signup.send(action(answer), tag: tag).finish() == .error ? .failed : .ok
      })
  }

  /// `cancel`: everything in flight, or the request tagged `target` (a daemon id).
  /// Only that request's effects stop; a feature's state is reset (its `cancel` action, tagged
  /// with this command's own id) only when nothing else of that feature is still running.
  private func cancel(_ target: String?, tag ownTag: JSONValue?, sink: any OutputSink) -> Outcome {
    guard let target else {
      cancelAll()
      return .ok
    }
    let tags = Self.tags(matching: target)
    var found = false
    for tag in tags {
      if search.cancel(tag: tag, by: ownTag) { found = true }
      if signup.cancel(tag: tag) {
        found = true
        if signup.liveEffectCount == 0 { signup.send(.cancel, tag: ownTag) }
      }
      if feed.cancel(tag: tag) {
        found = true
        if feed.liveEffectCount == 0 { feed.send(.cancel, tag: ownTag) }
      }
      if let tasks = cancelSleeps(where: { $0.tag == tag }) {
        for task in tasks { task.cancel() }
        found = true
      }
    }
    if !found {
      sink.write([records.error(code: "not-found", message: "cancel: no request '\(target)' is in flight")])
      return .failed
    }
    return .ok
  }

  /// The tags a `cancel` argument may mean: the string, and the number if it is one.
  static func tags(matching text: String) -> [JSONValue] {
    [.string(text)] + (Int(text).map { [.int($0)] } ?? []) + (Double(text).map { [.double($0)] } ?? [])
  }

  /// Stops everything in flight (Ctrl-C), leaving the results so far.
  public func cancelAll() {
    search.cancelAll()
    signup.send(.cancel)
    signup.cancelAll()
    feed.send(.cancel)
    feed.cancelAll()
    for task in cancelSleeps(where: { _ in true }) ?? [] { task.cancel() }
  }

  /// Marks the sleeps that match as cancelled and returns their tasks (those already stored),
  /// or nil if none matched.
  private func cancelSleeps(where matches: (SleepEntry) -> Bool) -> [Task<Outcome, Never>]? {
    sleeps.withLock { entries in
      var tasks: [Task<Outcome, Never>] = []
      var matched = false
      for index in entries.indices where matches(entries[index]) {
        matched = true
        entries[index].cancelled = true
        if let task = entries[index].task { tasks.append(task) }
      }
      return matched ? tasks : nil
    }
  }

  /// The JSON state of a feature, as `state` prints it.
  public func stateJSON(_ feature: String) -> JSONValue {
    switch feature {
    case "search": return search.state.jsonValue
    case "signup": return signup.currentState.jsonValue
    case "feed": return feed.currentState.jsonValue
    default: return .null
    }
  }

  private func open(_ number: Int, sink: any OutputSink) -> Outcome {
    let url: String? = {
      let state = search.state
      return number <= state.repos.count ? state.repos[number - 1].url : nil
    }()
    guard let url else {
      let count = search.state.repos.count
      let message = count == 0 ? "no result \(number); there are no results" : "no result \(number); there are \(count)"
      sink.write([records.error(code: "out-of-range", message: "open: \(message)")])
      return .failed
    }
    let launched = configuration.opener.open(url)
    sink.write([records.open(url: url, launched: launched)])
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

/// Tags every line written through it (unless already tagged) with one request's tag.
struct TaggingSink: OutputSink {
  let base: any OutputSink
  let tag: JSONValue?

  func write(_ lines: [OutputLine]) {
    base.write(tag == nil ? lines : lines.map { $0.tag == nil ? $0.tagged(tag) : $0 })
  }
}
