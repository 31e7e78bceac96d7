import GitHubClient
import SignupFeature
import Synchronization

// Stand-ins for GitHub and the signup server, shared by the signup tests.

extension GitHubClient {
  /// A client that knows which logins exist, and records every lookup.
  static func users(_ taken: Set<String>, lookups: Recorder<String>? = nil) -> GitHubClient {
    GitHubClient(
      searchRepositories: { _, _, _ in throw GitHubError.transport("search is not used here") },
      userExists: { login in
        lookups?.append(login)
        return taken.contains(login)
      })
  }

  /// A client whose lookups all fail with `error`.
  static func failingLookups(_ error: any Error) -> GitHubClient {
    GitHubClient(
      searchRepositories: { _, _, _ in throw GitHubError.transport("search is not used here") },
      userExists: { _ in throw error })
  }
}

/// A signup server that records submissions, waits for a gate when given one, and then
/// succeeds or throws `error`.
final class StubSignupService: SignupService {
  struct Submission: Equatable {
    var username: String
    var password: String
  }

  let submissions = Recorder<Submission>()
  let gate: AsyncGate?
  let error: (any Error)?

  init(gate: AsyncGate? = nil, error: (any Error)? = nil) {
    self.gate = gate
    self.error = error
  }

  func submit(username: String, password: String) async throws {
    submissions.append(Submission(username: username, password: password))
    if let gate { await gate.wait() }
    if let error { throw error }
  }
}

/// Values appended from any task, read back by the test.
final class Recorder<Value: Sendable>: Sendable {
  private let storage = Mutex<[Value]>([])

  func append(_ value: Value) { storage.withLock { $0.append(value) } }
  var values: [Value] { storage.withLock { $0 } }
}

/// A gate for async closures that can be closed again (copied from SearchFeatureTests).
final class AsyncGate: Sendable {
  private let state = Mutex<(open: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

  func wait() async {
    await withCheckedContinuation { continuation in
      let ready = state.withLock { state in
        if state.open { return true }
        state.waiters.append(continuation)
        return false
      }
      if ready { continuation.resume() }
    }
  }

  func open() {
    let waiters = state.withLock { state in
      state.open = true
      defer { state.waiters.removeAll() }
      return state.waiters
    }
    waiters.forEach { $0.resume() }
  }

  func close() { state.withLock { $0.open = false } }
}
