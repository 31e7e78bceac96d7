import GitHubClient
import ReactorCore
import Rendering
import SignupFeature
import Testing

// SignupText over real transitions: a Store<SignupReactor> with stub GitHub and signup server,
// rendered inside the store's observer, as the session renders them.

private let secret = "Tr0ub4dor"

private struct RefusingService: SignupService {
  func submit(username: String, password: String) async throws {
    if username == "refused" { throw SignupServiceError.busy }
  }
}

private let stub = GitHubClient(
  searchRepositories: { _, _, _ in throw GitHubError.transport("unused") },
  userExists: { login in
    switch login {
    case "octocat": return true
    case "limited": throw GitHubError.rateLimited(resetsIn: 42, authenticated: false)
    default: return false
    }
  })

/// A store whose transitions are rendered into lines as they are committed.
private final class SignupHarness: Sendable {
  let store = Store(reactor: SignupReactor(client: stub, service: RefusingService()))
  private let rendered = Locked<[OutputLine]>([])

  init(mode: RenderOptions.Mode) {
    let renderer = SignupText(options: RenderOptions(mode: mode, width: 80))
    store.observe { [weak self] event, state in
      guard case .transition(let transition) = event else { return }
      let lines = renderer.render(transition, state: state)
      self?.rendered.withLock { $0 += lines }
    }
  }

  func run(_ actions: SignupReactor.Action...) async {
    for action in actions { await store.send(action).finish() }
  }

  var lines: [OutputLine] { rendered.withLock { $0 } }
  var texts: [String] { lines.map(\.text) }
}

@Suite struct SignupTextTests {
  @Test func textUsername() async {
    let harness = SignupHarness(mode: .text)
    await harness.run(
      .updateUsername("octocat"), .updateUsername("newcat"), .updateUsername("new cat"), .updateUsername(""))
    #expect(
      harness.texts == [
        #"username: "octocat" checking..."#, #"username: "octocat" — Username already taken"#,
        #"username: "newcat" checking..."#, #"username: "newcat" — Username available"#,
        #"username: "new cat" — Username can only contain letters and numbers"#, #"username: """#,
      ])
    #expect(harness.lines.allSatisfy { $0.stream == .out })
  }

  @Test func textAvailabilityErrorGoesToStandardError() async {
    let harness = SignupHarness(mode: .text)
    await harness.run(.updateUsername("limited"))
    let message =
      "Could not check availability: GitHub rate limit reached; resets in 42 s. Set GH_TOKEN for a higher limit."
    #expect(harness.lines.last?.stream == .err)
    #expect(harness.texts.last == "error: " + message)
  }

  @Test func textPasswordsAndSubmit() async {
    let harness = SignupHarness(mode: .text)
    await harness.run(
      .updateUsername("newcat"), .updatePassword("abc"), .updateRepeat(secret), .updatePassword(secret),
      .updatePassword(""), .updatePassword(secret), .submit)
    #expect(
      Array(harness.texts.dropFirst(2)) == [
        "password: set — Password must be at least 5 characters",
        "repeat: set — Passwords do not match",
        "password: set, valid", "repeat: set, matches",
        "password: not set", "repeat: set — Passwords do not match",
        "password: set, valid", "repeat: set, matches",
        "submitting...", "Welcome, newcat! Your account is ready.",
      ])
    #expect(!harness.texts.joined().contains(secret))
  }

  @Test func textSubmitFailure() async {
    let harness = SignupHarness(mode: .text)
    await harness.run(.updateUsername("refused"), .updatePassword(secret), .updateRepeat(secret), .submit)
    #expect(harness.lines.suffix(2).map(\.stream) == [.out, .err])
    #expect(harness.texts.suffix(2) == ["submitting...", "error: Signup failed: the signup server is busy; try again"])
  }

  @Test func jsonRecordsAndErrors() async {
    let harness = SignupHarness(mode: .json)
    await harness.run(
      .updateUsername("limited"), .updateUsername("refused"), .updatePassword(secret), .updateRepeat(secret), .submit)
    let texts = harness.texts
    #expect(texts.allSatisfy { $0.hasPrefix("{") && !$0.contains(secret) })
    #expect(
      texts.contains(
        #"{"action":"password","feature":"signup","mutation":"setPassword","patch":[{"op":"replace","path":"/passwordSet","value":true},{"op":"replace","path":"/passwordValid","value":true}],"seq":5,"type":"change"}"#
      ))
    #expect(
      texts.contains(
        #"{"code":"rate-limited","feature":"signup","message":"Could not check availability: GitHub rate limit reached; resets in 42 s. Set GH_TOKEN for a higher limit.","type":"error"}"#
      ))
    #expect(
      texts.last
        == #"{"code":"signup-failed","feature":"signup","message":"Signup failed: the signup server is busy; try again","type":"error"}"#
    )
    #expect(texts.filter { $0.contains(#""type":"error""#) }.count == 2)
    #expect(texts.filter { $0.contains(#""type":"change""#) }.count == 8)
  }
}
