import GitHubClient
import ReactorCore
import ReactorJSON
import ReactorTesting
import SignupFeature
import Testing

// The password and repeat fields, and the promise that a password is never printed.

@Suite("SignupReactor: passwords")
struct SignupPasswordTests {
  static let reactor = SignupReactor(client: .users([]), service: StubSignupService())

  @Test("a short password is set but not valid; five characters are valid; empty is not set")
  func passwordLength() async {
    let store = TestStore(reactor: Self.reactor)
    await store.send(.updatePassword("abcd"))
    await store.receive(.setPassword(Password("abcd"))) { $0.password = Password("abcd") }
    #expect(store.state.passwordSet && !store.state.passwordValid)
    #expect(store.state.passwordMessage == "Password must be at least 5 characters")
    await store.send(.updatePassword("abcde"))
    await store.receive(.setPassword(Password("abcde"))) { $0.password = Password("abcde") }
    #expect(store.state.passwordSet && store.state.passwordValid)
    #expect(store.state.passwordMessage == nil)
    await store.send(.updatePassword(""))
    await store.receive(.setPassword(Password(""))) { $0.password = Password("") }
    #expect(!store.state.passwordSet && store.state.passwordMessage == nil)
    await store.finish()
  }

  @Test("the repeat must match, and is judged again when the password changes")
  func repeatRevalidated() async {
    let store = Store(reactor: Self.reactor)
    let patches = Recorder<[PatchOperation]>()
    store.observe { event, _ in
      if case .transition(let transition) = event { patches.append(transition.patch) }
    }
    await store.send(.updatePassword("first-secret")).finish()
    await store.send(.updateRepeat("second-secret")).finish()
    #expect(store.currentState.repeatSet && !store.currentState.repeatValid)
    #expect(store.currentState.repeatMessage == "Passwords do not match")
    await store.send(.updatePassword("second-secret")).finish()
    #expect(store.currentState.repeatValid)
    #expect(store.currentState.repeatMessage == nil)
    let last = patches.values.last ?? []
    #expect(last.map(\.path).contains("/repeatValid"))
    #expect(last.map(\.path).contains("/repeatMessage"))
    await store.send(.updatePassword("third-secret")).finish()
    #expect(store.currentState.repeatMessage == "Passwords do not match")
    await store.send(.updateRepeat("")).finish()
    #expect(!store.currentState.repeatSet && store.currentState.repeatMessage == nil)
  }

  @Test("the state's JSON has exactly the documented fields")
  func jsonFields() {
    var state = SignupState()
    state.password = Password("hunter22")
    let keys = state.jsonValue.objectKeys
    #expect(
      keys == [
        "isSubmitting", "passwordMessage", "passwordSet", "passwordValid", "repeatMessage", "repeatSet",
        "repeatValid", "result", "username", "usernameMessage", "usernameStatus",
      ])
    state.result = .welcome("octocat")
    #expect(state.jsonValue["result"]?.jsonText == #"{"message":"Welcome, octocat! Your account is ready.","ok":true}"#)
  }

  @Test("no password appears in the JSON, any patch, or a printout of state, action or mutation")
  func passwordsNeverPrinted() async {
    let secret = "Sw0rdfish"
    let again = "Sw0rdfishRepeat"
    let store = Store(reactor: SignupReactor(client: .users([]), service: StubSignupService()))
    let printed = Recorder<String>()
    store.observe { event, state in
      guard case .transition(let transition) = event else { return }
      printed.append(transition.patch.map(\.jsonValue.jsonText).joined())
      printed.append(transition.patch.map { $0.oldValue?.jsonText ?? "" }.joined())
      printed.append(state.jsonValue.jsonText)
      printed.append(Self.printouts(transition.mutation))
      printed.append(Self.printouts(transition.action))
      printed.append((transition.mutation?.caseName ?? "") + (transition.action?.caseName ?? ""))
      printed.append(Self.printouts(state))
    }
    let actions: [SignupReactor.Action] = [
      .updateUsername("octocat2"), .updatePassword(secret), .updateRepeat(again), .updateRepeat(secret), .submit,
    ]
    for action in actions {
      printed.append(Self.printouts(action))
      await store.send(action).finish()
    }
    printed.append(Self.printouts(Password(secret)))
    printed.append(StateDiff.lines(SignupState(), store.currentState))
    #expect(store.currentState.result == .welcome("octocat2"))
    #expect(printed.values.count > 30)
    for text in printed.values {
      #expect(!text.contains(secret), "\(text)")
      #expect(!text.contains(again), "\(text)")
    }
    #expect(String(describing: SignupReactor.Action.updatePassword(secret)) == "updatePassword(<redacted>)")
    #expect(String(describing: SignupReactor.Mutation.setRepeat(Password(secret))) == "setRepeat(<redacted>)")
    #expect("\(Password(secret))" == "<redacted>")
    #expect(Mirror(reflecting: Password(secret)).children.isEmpty)
  }

  /// Every way a value is commonly printed.
  static func printouts(_ value: some Any) -> String {
    var dumped = ""
    dump(value, to: &dumped)
    return [String(describing: value), String(reflecting: value), "\(value)", dumped].joined(separator: "\n")
  }
}

extension JSONValue {
  /// The keys of an object, sorted; empty for anything else.
  var objectKeys: [String] {
    if case .object(let object) = self { return object.members.map(\.key) }
    return []
  }
}
