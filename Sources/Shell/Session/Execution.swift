public import ReactorCore

/// A started command: done at once, or waiting on a store's effects or a task.
public enum Execution: Sendable {
  case done(Session.Outcome)
  case store(StoreTask)
  case task(Task<Session.Outcome, Never>)

  /// Waits for the command's effects and returns how it ended.
  public func outcome() async -> Session.Outcome {
    switch self {
    case .done(let outcome): outcome
    case .store(let task): await task.finish() == .error ? .failed : .ok
    case .task(let task): await task.value
    }
  }
}
