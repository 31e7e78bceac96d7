package import ReactorCore

/// The server that creates accounts.
///
/// Contract: `submit` returns when the account exists and throws when it could not be created;
/// the error's `description` is shown to the user after "Signup failed: ". It must honour task
/// cancellation (a cancelled submission throws and creates nothing the user is told about).
package protocol SignupService: Sendable {
  func submit(username: String, password: String) async throws
}

/// A signup server that does not exist: it waits, then sometimes refuses.
///
/// Contract: each `submit` sleeps `latency` on the injected clock, then draws one number from
/// the seeded generator and fails with ``SignupServiceError/busy`` when it is below
/// `failureRate`; otherwise it succeeds. With the same seed and clock, a session replays the
/// same successes and failures. Nothing is stored: a username can sign up twice.
package struct SimulatedSignupService: SignupService {
  /// The chance, from 0 to 1, that a submission fails.
  package let failureRate: Double
  /// How long a submission takes, on `time.clock`.
  package let latency: Duration
  let random: SeededGenerator
  let time: TimeSource

  package init(
    failureRate: Double = 1.0 / 3, latency: Duration = .milliseconds(1500), random: SeededGenerator,
    time: TimeSource
  ) {
    self.failureRate = failureRate
    self.latency = latency
    self.random = random
    self.time = time
  }

  package func submit(username: String, password: String) async throws {
    try await time.sleep(for: latency)
    if random.unit() < failureRate { throw SignupServiceError.busy }
  }
}

/// Why a signup server refused a submission, in words for the user.
package struct SignupServiceError: Error, Sendable, Equatable, CustomStringConvertible {
  package var reason: String

  package init(reason: String) { self.reason = reason }

  /// The simulated server's refusal.
  package static let busy = SignupServiceError(reason: "the signup server is busy; try again")

  package var description: String { reason }
}
