import GitHubClient
import ReactorCore
import ReactorTesting
import SignupFeature
import Testing

// The username field: local validation, GitHub's answer, errors, and stale answers.

@Suite("SignupReactor: username")
struct SignupUsernameTests {
  static func reactor(_ client: GitHubClient) -> SignupReactor {
    SignupReactor(client: client, service: StubSignupService())
  }

  @Test("an available username is checked, then available")
  func available() async {
    let lookups = Recorder<String>()
    let store = TestStore(reactor: Self.reactor(.users(["octocat"], lookups: lookups)))
    let task = await store.send(.updateUsername("newcat42"))
    await store.receive(.setUsername("newcat42")) {
      $0.username = "newcat42"
      $0.usernameStatus = .checking
    }
    #expect(store.state.usernameMessage == "checking...")
    await store.receive(.setUsernameStatus(.available)) { $0.usernameStatus = .available }
    #expect(store.state.usernameMessage == "Username available")
    #expect(await task.finish() == .ok)
    #expect(lookups.values == ["newcat42"])
    await store.finish()
  }

  @Test("a taken username says so")
  func taken() async {
    let store = TestStore(reactor: Self.reactor(.users(["octocat"])))
    await store.send(.updateUsername("octocat"))
    await store.receive(.setUsername("octocat")) {
      $0.username = "octocat"
      $0.usernameStatus = .checking
    }
    await store.receive(.setUsernameStatus(.taken)) { $0.usernameStatus = .taken }
    #expect(store.state.usernameMessage == "Username already taken")
    await store.finish()
  }

  @Test(
    "letters and digits only: anything else is invalid and GitHub is not asked",
    arguments: ["octo cat", "octo-cat", "octo_cat", "ünïcode", "cat!", " cat", "١٢٣"])
  func invalid(_ name: String) async {
    let lookups = Recorder<String>()
    let store = TestStore(reactor: Self.reactor(.users([], lookups: lookups)))
    await store.send(.updateUsername(name))
    await store.receive(.setUsername(name)) {
      $0.username = name
      $0.usernameStatus = .invalid
    }
    #expect(store.state.usernameMessage == "Username can only contain letters and numbers")
    #expect(lookups.values.isEmpty)
    await store.finish()
  }

  @Test("an empty username has no message and is not looked up")
  func empty() async {
    let lookups = Recorder<String>()
    let store = TestStore(reactor: Self.reactor(.users([], lookups: lookups)))
    await store.send(.updateUsername("Cat9"))
    await store.receive(.setUsername("Cat9")) {
      $0.username = "Cat9"
      $0.usernameStatus = .checking
    }
    await store.receive(.setUsernameStatus(.available)) { $0.usernameStatus = .available }
    await store.send(.updateUsername(""))
    await store.receive(.setUsername("")) {
      $0.username = ""
      $0.usernameStatus = .empty
    }
    #expect(store.state.usernameMessage == nil)
    #expect(store.state.jsonValue["usernameStatus"] == .string("empty"))
    #expect(store.state.jsonValue["usernameMessage"] == .null)
    #expect(lookups.values == ["Cat9"])
    await store.finish()
  }

  @Test("a network error is an error status, not 'taken', and the action fails")
  func networkError() async {
    let error = GitHubError.transport("connection refused")
    let store = TestStore(reactor: Self.reactor(.failingLookups(error)))
    let task = await store.send(.updateUsername("octocat"))
    await store.receive(.setUsername("octocat")) {
      $0.username = "octocat"
      $0.usernameStatus = .checking
    }
    await store.receive(.setUsernameStatus(.error(error))) { $0.usernameStatus = .error(error) }
    #expect(store.state.usernameMessage == "Could not check availability: Could not reach GitHub: connection refused.")
    #expect(store.state.usernameStatus != .taken)
    #expect(store.state.jsonValue["usernameStatus"] == .string("error"))
    #expect(store.state.submitProblems.first == "username availability could not be checked")
    #expect(await task.finish() == .error)
    await store.finish()
  }

  @Test("a rate limit is reported with GitHub's wait")
  func rateLimited() async {
    let error = GitHubError.rateLimited(resetsIn: 42, authenticated: false)
    let store = TestStore(reactor: Self.reactor(.failingLookups(error)))
    await store.send(.updateUsername("octocat"))
    await store.receive(.setUsername("octocat")) {
      $0.username = "octocat"
      $0.usernameStatus = .checking
    }
    await store.receive(.setUsernameStatus(.error(error))) { $0.usernameStatus = .error(error) }
    #expect(
      store.state.usernameMessage
        == "Could not check availability: GitHub rate limit reached; resets in 42 s. Set GH_TOKEN for a higher limit.")
    #expect(store.store.reactor.failure(of: .setUsernameStatus(.error(error))) as? GitHubError == error)
    await store.finish()
  }

  @Test("an error that is not a GitHubError is reported as a transport error")
  func foreignError() async {
    struct Broken: Error, CustomStringConvertible { var description: String { "socket closed" } }
    let store = TestStore(reactor: Self.reactor(.failingLookups(Broken())))
    await store.send(.updateUsername("octocat"))
    await store.receive(.setUsername("octocat")) {
      $0.username = "octocat"
      $0.usernameStatus = .checking
    }
    await store.receive(.setUsernameStatus(.error(.transport("socket closed")))) {
      $0.usernameStatus = .error(.transport("socket closed"))
    }
    await store.finish()
  }

  @Test("a new username cancels the check in flight: the old answer never lands")
  func staleAnswerDropped() async {
    let slow = AsyncGate()
    let client = GitHubClient(
      searchRepositories: { _, _, _ in throw GitHubError.transport("unused") },
      userExists: { login in
        if login == "slowcat" { await slow.wait() }
        return login == "slowcat"
      })
    let store = TestStore(reactor: Self.reactor(client))
    let old = await store.send(.updateUsername("slowcat"))
    await store.receive(.setUsername("slowcat")) {
      $0.username = "slowcat"
      $0.usernameStatus = .checking
    }
    await store.send(.updateUsername("fastcat"))
    await store.receive(.setUsername("fastcat")) { $0.username = "fastcat" }
    await store.receive(.setUsernameStatus(.available)) { $0.usernameStatus = .available }
    slow.open()
    #expect(await old.finish() == .cancelled)
    #expect(store.state.usernameStatus == .available)
    await store.finish()
  }

  @Test("clearing or invalidating the username also cancels the check in flight")
  func invalidCancelsCheck() async {
    let slow = AsyncGate()
    let client = GitHubClient(
      searchRepositories: { _, _, _ in throw GitHubError.transport("unused") },
      userExists: { _ in
        await slow.wait()
        return true
      })
    let store = TestStore(reactor: Self.reactor(client))
    let first = await store.send(.updateUsername("octocat"))
    await store.receive(.setUsername("octocat")) {
      $0.username = "octocat"
      $0.usernameStatus = .checking
    }
    await store.send(.updateUsername("octo cat"))
    await store.receive(.setUsername("octo cat")) {
      $0.username = "octo cat"
      $0.usernameStatus = .invalid
    }
    slow.open()
    #expect(await first.finish() == .cancelled)
    #expect(store.state.usernameStatus == .invalid)
    await store.finish()
  }
}
