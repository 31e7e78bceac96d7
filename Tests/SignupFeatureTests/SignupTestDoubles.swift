import GitHubClient
import ReactorCore
import ReactorTesting
import SignupFeature

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
