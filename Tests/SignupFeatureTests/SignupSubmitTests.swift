import GitHubClient
import ReactorCore
import ReactorTesting
import SignupFeature
import Testing

// Submitting: refusals with reasons, one submission at a time, results as state.

@Suite("SignupReactor: submit")
struct SignupSubmitTests {
  /// Fills the form with an available username and a matching valid password.
  static func fill(_ store: TestStore<SignupReactor>, username: String = "newcat", password: String = "s3cret!") async {
    await store.send(.updateUsername(username))
    await store.receive(.setUsername(username)) {
      $0.username = username
      $0.usernameStatus = .checking
    }
    await store.receive(.setUsernameStatus(.available)) { $0.usernameStatus = .available }
    await store.send(.updatePassword(password))
    await store.receive(.setPassword(Password(password))) { $0.password = Password(password) }
    await store.send(.updateRepeat(password))
    await store.receive(.setRepeat(Password(password))) { $0.repeatPassword = Password(password) }
  }

  @Test("an empty form is refused, naming every field")
  func refusedWhenEmpty() async {
    let service = StubSignupService()
    let store = TestStore(reactor: SignupReactor(client: .users([]), service: service))
    await store.send(.submit)
    await store.receiveNotice("cannot submit: username is empty; password is empty; password is not repeated")
    #expect(service.submissions.values.isEmpty)
    await store.finish()
  }

  @Test("a taken username and a short password are both named")
  func refusedWithReasons() async {
    let store = TestStore(reactor: SignupReactor(client: .users(["octocat"]), service: StubSignupService()))
    await store.send(.updateUsername("octocat"))
    await store.receive(.setUsername("octocat")) {
      $0.username = "octocat"
      $0.usernameStatus = .checking
    }
    await store.receive(.setUsernameStatus(.taken)) { $0.usernameStatus = .taken }
    await store.send(.updatePassword("abc"))
    await store.receive(.setPassword(Password("abc"))) { $0.password = Password("abc") }
    await store.send(.updateRepeat("abc"))
    await store.receive(.setRepeat(Password("abc"))) { $0.repeatPassword = Password("abc") }
    await store.send(.submit)
    await store.receiveNotice("cannot submit: username is taken; password must be at least 5 characters")
    await store.send(.updateRepeat("abcd"))
    await store.receive(.setRepeat(Password("abcd"))) { $0.repeatPassword = Password("abcd") }
    await store.send(.submit)
    await store.receiveNotice(
      "cannot submit: username is taken; password must be at least 5 characters; passwords do not match")
    await store.finish()
  }

  @Test("a username still being checked, or invalid, is named")
  func refusedWhileChecking() async {
    let gate = AsyncGate()
    let client = GitHubClient(
      searchRepositories: { _, _, _ in throw GitHubError.transport("unused") },
      userExists: { _ in
        await gate.wait()
        return false
      })
    let store = TestStore(reactor: SignupReactor(client: client, service: StubSignupService()))
    await store.send(.updateUsername("newcat"))
    await store.receive(.setUsername("newcat")) {
      $0.username = "newcat"
      $0.usernameStatus = .checking
    }
    await store.send(.submit)
    await store.receiveNotice(
      "cannot submit: username is still being checked; password is empty; password is not repeated")
    gate.open()
    await store.receive(.setUsernameStatus(.available)) { $0.usernameStatus = .available }
    await store.send(.updateUsername("new cat"))
    await store.receive(.setUsername("new cat")) {
      $0.username = "new cat"
      $0.usernameStatus = .invalid
    }
    await store.send(.submit)
    await store.receiveNotice(
      "cannot submit: username can only contain letters and numbers; password is empty; password is not repeated")
    await store.finish()
  }

  @Test("one submission at a time: a second submit only says one is in flight")
  func submitInFlight() async {
    let gate = AsyncGate()
    let service = StubSignupService(gate: gate)
    let store = TestStore(reactor: SignupReactor(client: .users([]), service: service))
    await Self.fill(store)
    let task = await store.send(.submit)
    await store.receive(.setSubmitting) { $0.isSubmitting = true }
    await store.send(.submit)
    await store.receiveNotice("a submission is already in flight")
    gate.open()
    await store.receive(.setSubmitResult(.welcome("newcat"))) {
      $0.isSubmitting = false
      $0.result = SignupResult(ok: true, message: "Welcome, newcat! Your account is ready.")
    }
    #expect(await task.finish() == .ok)
    #expect(service.submissions.values == [.init(username: "newcat", password: "s3cret!")])
    await store.finish()
  }

  @Test("a refused submission is a failure whose result names the reason; any edit clears it")
  func submitFails() async {
    let service = StubSignupService(error: SignupServiceError(reason: "the server is down"))
    let store = TestStore(reactor: SignupReactor(client: .users([]), service: service))
    await Self.fill(store)
    let task = await store.send(.submit)
    await store.receive(.setSubmitting) { $0.isSubmitting = true }
    await store.receive(.setSubmitResult(.failed("the server is down"))) {
      $0.isSubmitting = false
      $0.result = SignupResult(ok: false, message: "Signup failed: the server is down")
    }
    #expect(await task.finish() == .error)
    let failure = store.store.reactor.failure(of: .setSubmitResult(.failed("the server is down")))
    #expect((failure as? SignupFailure)?.message == "Signup failed: the server is down")
    #expect(store.store.reactor.failure(of: .setSubmitResult(.welcome("newcat"))) == nil)
    #expect(store.state.jsonValue["result"]?.jsonText == #"{"message":"Signup failed: the server is down","ok":false}"#)
    await store.send(.updateRepeat("s3cret!"))
    await store.receive(.setRepeat(Password("s3cret!"))) { $0.result = nil }
    await store.finish()
  }

  @Test("a GitHubError from the service is shown by its message")
  func serviceGitHubError() async {
    let service = StubSignupService(error: GitHubError.timeout(seconds: nil))
    let store = TestStore(reactor: SignupReactor(client: .users([]), service: service))
    await Self.fill(store)
    await store.send(.submit)
    await store.receive(.setSubmitting) { $0.isSubmitting = true }
    let message = "GitHub did not answer in time; try again, or allow longer with --timeout."
    await store.receive(.setSubmitResult(.failed(message))) {
      $0.isSubmitting = false
      $0.result = .failed(message)
    }
    await store.finish()
  }
}
