package import ReactorCore

extension Execution {
  /// How the command ended, without waiting: nil while it may still run, and for a task,
  /// whose value can only be awaited.
  package var completion: StoreTask.Completion? {
    switch self {
    case .done(let completion): completion
    case .store(let task): task.isFinished ? task.completion : nil
    case .task: nil
    case .quit: .ok
    }
  }
}
