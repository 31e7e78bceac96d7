import GitHubClient
import ReactorCore
import ReactorTesting
import SignupFeature
import Testing

// The simulated signup server: latency on an injected clock, failures from a seeded generator.

@Suite("SimulatedSignupService")
struct SimulatedSignupServiceTests {
  /// The first seed whose first draws fail (`true`) or succeed (`false`) in this order, at the
  /// default failure rate. The search is deterministic, so the test is too.
  static func seed(drawing outcomes: [Bool], failureRate: Double = 1.0 / 3) -> UInt64 {
    for seed in UInt64(0)..<10_000 {
      let random = SeededGenerator(seed: seed)
      if outcomes.allSatisfy({ (random.unit() < failureRate) == $0 }) { return seed }
    }
    Issue.record("no seed in 0..<10000 draws \(outcomes)")
    return 0
  }

  static func service(
    seed: UInt64, clock: VirtualClock, failureRate: Double = 1.0 / 3, latency: Duration = .milliseconds(1500)
  ) -> SimulatedSignupService {
    SimulatedSignupService(
      failureRate: failureRate, latency: latency, random: SeededGenerator(seed: seed),
      time: TimeSource(clock: clock, now: { 0 }))
  }

  @Test("a failure, then a success: each waits 1.5 s on the clock, and any edit clears the result")
  func failureThenSuccess() async throws {
    let clock = VirtualClock()
    let service = Self.service(seed: Self.seed(drawing: [true, false]), clock: clock)
    let store = TestStore(reactor: SignupReactor(client: .users([]), service: service))
    await SignupSubmitTests.fill(store)

    let first = await store.send(.submit)
    await store.receive(.setSubmitting) { $0.isSubmitting = true }
    // The submission sleeps until 1.5 s on the clock: advancing to 1.499 s cannot wake it (it
    // is still asleep right after), and it has sent nothing while asleep.
    #expect(await clock.waitForSleepers(1))
    #expect(clock.nextDeadline == VirtualClock.Instant(offset: .milliseconds(1500)))
    clock.advance(by: .milliseconds(1499))
    #expect(clock.sleeperCount == 1)
    store.assertNothingPending()
    clock.advance(by: .milliseconds(1))
    await store.receive(.setSubmitResult(.failed("the signup server is busy; try again"))) {
      $0.isSubmitting = false
      $0.result = SignupResult(ok: false, message: "Signup failed: the signup server is busy; try again")
    }
    #expect(await first.finish() == .error)

    let second = await store.send(.submit)
    await store.receive(.setSubmitting) {
      $0.isSubmitting = true
      $0.result = nil
    }
    #expect(await clock.waitForSleepers(1))
    #expect(clock.nextDeadline == VirtualClock.Instant(offset: .milliseconds(3000)))
    clock.advance(by: .milliseconds(1500))
    await store.receive(.setSubmitResult(.welcome("newcat"))) {
      $0.isSubmitting = false
      $0.result = .welcome("newcat")
    }
    #expect(await second.finish() == .ok)

    await store.send(.updateUsername("othercat"))
    await store.receive(.setUsername("othercat")) {
      $0.username = "othercat"
      $0.usernameStatus = .checking
      $0.result = nil
    }
    await store.receive(.setUsernameStatus(.available)) { $0.usernameStatus = .available }
    await store.finish()
  }

  @Test("the same seed gives the same outcomes; the rate is about one in three")
  func deterministic() async {
    func outcomes(seed: UInt64, count: Int) async -> [Bool] {
      let service = Self.service(seed: seed, clock: VirtualClock(), latency: .zero)
      var outcomes: [Bool] = []
      for _ in 0..<count {
        do {
          try await service.submit(username: "u", password: "p")
          outcomes.append(true)
        } catch {
          #expect(error as? SignupServiceError == .busy)
          outcomes.append(false)
        }
      }
      return outcomes
    }
    let first = await outcomes(seed: 7, count: 600)
    #expect(await outcomes(seed: 7, count: 600) == first)
    #expect(await outcomes(seed: 8, count: 600) != first)
    let failures = first.filter { !$0 }.count
    #expect((150...250).contains(failures), "\(failures) failures in 600")
  }

  @Test("failure rates 0 and 1 always succeed and always fail")
  func extremes() async throws {
    let never = Self.service(seed: 1, clock: VirtualClock(), failureRate: 0, latency: .zero)
    let always = Self.service(seed: 1, clock: VirtualClock(), failureRate: 1, latency: .zero)
    for _ in 0..<50 {
      try await never.submit(username: "u", password: "p")
      await #expect(throws: SignupServiceError.busy) { try await always.submit(username: "u", password: "p") }
    }
    #expect(SignupServiceError.busy.description == "the signup server is busy; try again")
  }

  @Test("a submission cancelled while it sleeps throws and draws no number")
  func cancelledWhileSleeping() async {
    let clock = VirtualClock()
    let random = SeededGenerator(seed: 3)
    let service = SimulatedSignupService(random: random, time: TimeSource(clock: clock, now: { 0 }))
    let task = Task { try await service.submit(username: "u", password: "p") }
    #expect(await clock.waitForSleepers(1))
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(clock.sleeperCount == 0)
    #expect(random.next() == SeededGenerator(seed: 3).next())
  }
}
