public import ReactorCore

/// A started command: done at once, or waiting on a store's effects or a task.
public enum Execution: Sendable {
  case done(Session.Outcome)
  case store(StoreTask)
  case task(Task<Session.Outcome, Never>)

  /// True once the command and its effects are done (without waiting).
  public var isFinished: Bool {
    switch self {
    case .done: true
    case .store(let task): task.isFinished
    case .task: false
    }
  }

  /// Waits for the command's effects and returns how it ended.
  public func outcome() async -> Session.Outcome {
    switch self {
    case .done(let outcome): outcome
    case .store(let task):
      switch await task.finish() {
      case .ok: .ok
      case .error: .failed
      case .cancelled: .cancelled
      }
    case .task(let task): await task.value
    }
  }
}
