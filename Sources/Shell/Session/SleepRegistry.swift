import ReactorCore
import ReactorJSON

/// The `sleep` commands in progress, so that `cancel` and Ctrl-C can end them too.
///
/// A sleep is registered before its task starts, so a sleep that ends at once still finds its
/// entry to remove, and a cancellation that comes before the task is stored still lands: it
/// marks the entry, and the task is cancelled as soon as it is stored.
final class SleepRegistry: Sendable {
  /// An array, not a dictionary: few entries, and no runtime conformance lookup for the key
  /// type at start-up.
  private struct State {
    var entries: [Entry] = []
    var lastKey: UInt64 = 0
  }

  private struct Entry {
    let key: UInt64
    let tag: JSONValue?
    var task: Task<StoreTask.Completion, Never>?
    var cancelled = false
  }

  private let state = Locked(State())

  /// Runs `body` as a registered task tagged `tag`, removed from the registry when it ends.
  func start(
    tag: JSONValue?, executor: (any TaskExecutor)?,
    _ body: @escaping @Sendable () async -> StoreTask.Completion
  ) -> Task<StoreTask.Completion, Never> {
    let key = state.withLock { state in
      state.lastKey += 1
      state.entries.append(Entry(key: state.lastKey, tag: tag))
      return state.lastKey
    }
    let task = Task(executorPreference: executor) { [self] in
      defer { state.withLock { $0.entries.removeAll { $0.key == key } } }
      return await body()
    }
    let cancelNow = state.withLock { state in
      guard let index = state.entries.firstIndex(where: { $0.key == key }) else { return false }
      state.entries[index].task = task
      return state.entries[index].cancelled
    }
    if cancelNow { task.cancel() }
    return task
  }

  /// Cancels the sleeps whose tag `matches`; true if any did. Entries are marked and their
  /// tasks collected under the lock, and cancelled outside it, since cancelling a task runs its
  /// cancellation handlers at once, on this thread.
  @discardableResult
  func cancel(where matches: (JSONValue?) -> Bool) -> Bool {
    let (matched, tasks) = state.withLock { state in
      var tasks: [Task<StoreTask.Completion, Never>] = []
      var matched = false
      for index in state.entries.indices where matches(state.entries[index].tag) {
        matched = true
        state.entries[index].cancelled = true
        if let task = state.entries[index].task { tasks.append(task) }
      }
      return (matched, tasks)
    }
    for task in tasks { task.cancel() }
    return matched
  }
}
