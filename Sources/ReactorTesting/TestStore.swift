public import ReactorCore
public import Testing

/// An exhaustive test store, after TCA's: every mutation a reactor commits and every notice it
/// emits must be received and asserted, in order, and every effect must finish.
///
/// ```swift
/// let store = TestStore(reactor: SearchReactor(client: .stub))
/// await store.send(.updateQuery("swift"))
/// await store.receive(.setQuery("swift")) { $0.query = "swift"; $0.isLoading = true }
/// await store.receive(.setRepos(page)) { ... }
/// await store.finish()
/// ```
///
/// A mismatch records a test issue that shows the expected and actual state as a unified diff
/// (``StateDiff``), as a transcript replay shows its difference.
public final class TestStore<R: Reactor>: Sendable where R.State: Equatable, R.Mutation: Equatable {
  /// The store under test.
  public let store: Store<R>

  private enum Received: Sendable {
    /// A committed change: its mutation (nil for a restore) and the state after it.
    case mutation(R.Mutation?, R.State)
    case notice(String)
    case failure(String)
  }

  private let inbox = Locked<[Received]>([])
  private let expected: Locked<R.State>
  private let tasks = Locked<[StoreTask]>([])

  public init(reactor: R) {
    store = Store(reactor: reactor)
    expected = Locked(reactor.initialState)
    let inbox = inbox
    store.observe { event, state in
      inbox.withLock { inbox in
        switch event {
        case .transition(let transition): inbox.append(.mutation(transition.mutation, state))
        case .notice(let notice, _, _): inbox.append(.notice(notice.message))
        case .failure(let error, _, _): inbox.append(.failure(String(describing: error)))
        }
      }
    }
  }

  /// The state the test expects now.
  public var state: R.State { expected.withLock { $0 } }

  /// Sends an action. Everything received before must have been asserted.
  @discardableResult
  public func send(_ action: R.Action, sourceLocation: SourceLocation = #_sourceLocation) async -> StoreTask {
    start("sending \(action)", sourceLocation: sourceLocation) { store.send(action) }
  }

  /// Puts `past` back (`Store.restore(_:tag:)`), as time travel does; assert the
  /// change with ``receiveRestore(timeout:sourceLocation:_:)``. Everything received before must
  /// have been asserted.
  @discardableResult
  public func restore(_ past: R.State, sourceLocation: SourceLocation = #_sourceLocation) async -> StoreTask {
    start("restoring a state", sourceLocation: sourceLocation) { store.restore(past) }
  }

  /// Checks that everything received has been asserted, then starts `what` and keeps its task
  /// for ``finish(timeout:sourceLocation:)``.
  private func start(_ what: String, sourceLocation: SourceLocation, _ send: () -> StoreTask) -> StoreTask {
    let pending = inbox.withLock { $0 }
    if !pending.isEmpty {
      Issue.record(
        "Must handle \(pending.count) received item(s) before \(what): \(pending)", sourceLocation: sourceLocation)
    }
    let task = send()
    tasks.withLock { $0.append(task) }
    return task
  }

  /// Waits for the next committed mutation, checks it equals `mutation`, and checks that the
  /// state after it equals the expected state changed by `update`.
  ///
  /// Every `timeout` here counts only time the test was running to look, not stalls of a busy
  /// machine (see `PatientDeadline`).
  public func receive(
    _ mutation: R.Mutation, timeout: Duration = .seconds(20), sourceLocation: SourceLocation = #_sourceLocation,
    _ update: ((inout R.State) -> Void)? = nil
  ) async {
    guard let item = await next(timeout: timeout) else {
      Issue.record(
        "Expected to receive \(mutation), but nothing arrived within \(timeout)", sourceLocation: sourceLocation)
      return
    }
    guard case .mutation(let actualMutation, let actualState) = item else {
      Issue.record("Expected to receive \(mutation), but received \(item)", sourceLocation: sourceLocation)
      return
    }
    guard let actualMutation else {
      Issue.record("Expected to receive \(mutation), but received a restore", sourceLocation: sourceLocation)
      return
    }
    if actualMutation != mutation {
      Issue.record("Received \(actualMutation), expected \(mutation)", sourceLocation: sourceLocation)
    }
    check(actualState, after: "\(actualMutation)", update, sourceLocation: sourceLocation)
  }

  /// Waits for the next committed change, checks it is a restore (``restore(_:sourceLocation:)``),
  /// and checks that the state after it equals the expected state changed by `update`.
  public func receiveRestore(
    timeout: Duration = .seconds(20), sourceLocation: SourceLocation = #_sourceLocation,
    _ update: ((inout R.State) -> Void)? = nil
  ) async {
    let item = await next(timeout: timeout)
    guard case .mutation(nil, let actualState)? = item else {
      Issue.record("Expected a restore, received \(String(describing: item))", sourceLocation: sourceLocation)
      return
    }
    check(actualState, after: "the restore", update, sourceLocation: sourceLocation)
  }

  /// Checks that `actualState` equals the expected state changed by `update`; records the
  /// difference and takes the actual state as expected if not.
  private func check(
    _ actualState: R.State, after change: String, _ update: ((inout R.State) -> Void)?, sourceLocation: SourceLocation
  ) {
    let expectedState = expected.withLock { state in
      update?(&state)
      return state
    }
    if expectedState != actualState {
      let diff = StateDiff.lines(expectedState, actualState)
      // Equal dumps of unequal states: the difference is in what does not print (a `Redacted`).
      let shown = diff.isEmpty ? "(the dumps are equal: what differs does not print)" : diff
      let message = "State after \(change) differs:\n\(shown)"
      Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
      expected.withLock { $0 = actualState }
    }
  }

  /// Waits for the next notice and checks its text.
  public func receiveNotice(
    _ message: String, timeout: Duration = .seconds(20), sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let item = await next(timeout: timeout)
    guard case .notice(let actual)? = item else {
      Issue.record(
        "Expected notice \"\(message)\", received \(String(describing: item))", sourceLocation: sourceLocation)
      return
    }
    #expect(actual == message, sourceLocation: sourceLocation)
  }

  /// Waits for the next effect failure and returns its description.
  public func receiveFailure(timeout: Duration = .seconds(20), sourceLocation: SourceLocation = #_sourceLocation) async
    -> String?
  {
    let item = await next(timeout: timeout)
    guard case .failure(let description)? = item else {
      Issue.record("Expected a failure, received \(String(describing: item))", sourceLocation: sourceLocation)
      return nil
    }
    return description
  }

  /// Waits for every effect to finish and checks nothing is left unasserted.
  public func finish(timeout: Duration = .seconds(20), sourceLocation: SourceLocation = #_sourceLocation) async {
    var deadline = PatientDeadline(timeout)
    for task in tasks.withLock({ $0 }) {
      while !task.isFinished && !deadline.expired() { try? await Task.sleep(for: .milliseconds(1)) }
      if !task.isFinished {
        Issue.record("An effect is still running after \(timeout)", sourceLocation: sourceLocation)
      }
    }
    let pending = inbox.withLock { $0 }
    if !pending.isEmpty {
      Issue.record("\(pending.count) received item(s) were not asserted: \(pending)", sourceLocation: sourceLocation)
    }
  }

  /// Asserts that nothing was received that has not been asserted yet.
  public func assertNothingPending(sourceLocation: SourceLocation = #_sourceLocation) {
    let pending = inbox.withLock { $0 }
    if !pending.isEmpty {
      Issue.record("Unexpected received item(s): \(pending)", sourceLocation: sourceLocation)
    }
  }

  private func next(timeout: Duration) async -> Received? {
    var deadline = PatientDeadline(timeout)
    while true {
      let item = inbox.withLock { $0.isEmpty ? nil : $0.removeFirst() }
      if let item { return item }
      if deadline.expired() { return nil }
      try? await Task.sleep(for: .milliseconds(1))
    }
  }
}

/// The difference of two values as a unified diff of their `dump` output, as a transcript
/// replay shows its difference.
///
/// `dump` shows a `Redacted` value as `<redacted>`, so the diff of states that hold a password
/// does not print it.
public enum StateDiff {
  /// The unified diff of `expected`'s and `actual`'s dumps, headed `--- expected` and
  /// `+++ actual`; empty when the dumps are equal.
  public static func lines<T>(_ expected: T, _ actual: T) -> String {
    UnifiedDiff.make(
      expected: dumpLines(expected), actual: dumpLines(actual), expectedName: "expected", actualName: "actual")
  }

  private static func dumpLines<T>(_ value: T) -> [String] {
    var text = ""
    dump(value, to: &text)
    if text.hasSuffix("\n") { text.removeLast() }
    return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }
}
