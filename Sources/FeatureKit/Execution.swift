package import ReactorCore

/// A started command: done at once, waiting on a store's effects or a task, or asking the
/// loop to stop. How it ended is a ``ReactorCore/StoreTask/Completion``, the one type for how
/// an action, a command and a daemon request end.
package enum Execution: Sendable {
  case done(StoreTask.Completion)
  case store(StoreTask)
  case task(Task<StoreTask.Completion, Never>)
  /// `quit`: the loop that runs commands stops reading; it ended `ok`.
  case quit

  /// True once the command and its effects are done (without waiting).
  package var isFinished: Bool {
    switch self {
    case .done, .quit: true
    case .store(let task): task.isFinished
    case .task: false
    }
  }

  /// Waits for the command's effects and returns how it ended.
  package func finish() async -> StoreTask.Completion {
    switch self {
    case .done(let completion): completion
    case .store(let task): await task.finish()
    case .task(let task): await task.value
    case .quit: .ok
    }
  }
}
