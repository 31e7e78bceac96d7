import ReactorCore
import ReactorTesting
import Signup
import Testing

private typealias Password = SignupReactor.Password

/// A server that knows `nvie`, answers lookups of names with a closed gate when it opens, and
/// accepts every signup but `unlucky`'s.
private func api(gates: [String: AsyncGate] = [:], lookupFails: Bool = false) -> SignupReactor.API {
  SignupReactor.API(
    usernameAvailable: { name in
      await gates[name]?.wait()
      if lookupFails { throw Unreachable() }
      return name != "nvie"
    },
    signUp: { name, _ in name != "unlucky" })
}

private struct Unreachable: Error {}

@Suite("the signup form as library code")
struct SignupTests {
  @Test("a username is checked locally first, then on the server")
  func username() async {
    let store = TestStore(reactor: SignupReactor(api: api()))
    await store.send(.updateUsername("a b"))
    await store.receive(.setUsername("a b", .failed("Username can only contain numbers or digits"))) {
      $0.username = "a b"
      $0.usernameValidation = .failed("Username can only contain numbers or digits")
    }
    await store.send(.updateUsername("nvie"))
    await store.receive(.setUsername("nvie", .validating)) {
      $0.username = "nvie"
      $0.usernameValidation = .validating
    }
    await store.receive(.setUsernameValidation(.failed("Username already taken"))) {
      $0.usernameValidation = .failed("Username already taken")
    }
    await store.finish()
  }

  @Test("a newer username cancels the lookup in flight: the old answer never lands")
  func staleLookup() async {
    let slow = AsyncGate()
    let store = TestStore(reactor: SignupReactor(api: api(gates: ["nvie": slow])))
    await store.send(.updateUsername("nvie"))
    await store.receive(.setUsername("nvie", .validating)) {
      $0.username = "nvie"
      $0.usernameValidation = .validating
    }
    await store.send(.updateUsername("zz9newbie"))
    await store.receive(.setUsername("zz9newbie", .validating)) { $0.username = "zz9newbie" }
    await store.receive(.setUsernameValidation(.ok("Username available"))) {
      $0.usernameValidation = .ok("Username available")
    }
    slow.open()
    await store.finish()
  }

  @Test("a lookup that fails says so, never 'taken'")
  func lookupFails() async {
    let store = TestStore(reactor: SignupReactor(api: api(lookupFails: true)))
    await store.send(.updateUsername("zz9newbie"))
    await store.receive(.setUsername("zz9newbie", .validating)) {
      $0.username = "zz9newbie"
      $0.usernameValidation = .validating
    }
    await store.receive(.setUsernameValidation(.failed("Error contacting server"))) {
      $0.usernameValidation = .failed("Error contacting server")
    }
    await store.finish()
  }

  @Test("the button is enabled when every field is valid, and signing up reports the answer")
  func signUp() async {
    let store = TestStore(reactor: SignupReactor(api: api()))
    await store.send(.signUp)  // nothing valid yet: nothing happens
    await store.send(.updateUsername("zz9newbie"))
    await store.receive(.setUsername("zz9newbie", .validating)) {
      $0.username = "zz9newbie"
      $0.usernameValidation = .validating
    }
    await store.receive(.setUsernameValidation(.ok("Username available"))) {
      $0.usernameValidation = .ok("Username available")
    }
    await store.send(.updatePassword(Password("hunt")))
    await store.receive(.setPassword(Password("hunt"))) { $0.password = Password("hunt") }
    #expect(store.state.passwordValidation == .failed("Password must be at least 5 characters"))
    await store.send(.updatePassword(Password("hunter2")))
    await store.receive(.setPassword(Password("hunter2"))) { $0.password = Password("hunter2") }
    await store.send(.updateRepeatedPassword(Password("hunter3")))
    await store.receive(.setRepeatedPassword(Password("hunter3"))) { $0.repeatedPassword = Password("hunter3") }
    #expect(store.state.repeatedPasswordValidation == .failed("Password different"))
    #expect(!store.state.isSignupEnabled)
    await store.send(.updateRepeatedPassword(Password("hunter2")))
    await store.receive(.setRepeatedPassword(Password("hunter2"))) { $0.repeatedPassword = Password("hunter2") }
    #expect(store.state.isSignupEnabled)
    await store.send(.signUp)
    await store.receive(.setSigningUp(true)) { $0.isSigningUp = true }
    await store.receive(.setSignedUp(true)) { $0.signedUp = true }
    await store.receive(.setSigningUp(false)) { $0.isSigningUp = false }
    await store.finish()
  }

  @Test("a password prints as <redacted>, in a state dump too")
  func passwordsDoNotPrint() {
    var state = SignupReactor.State()
    state.password = Password("hunter2")
    #expect("\(state.password)" == "<redacted>")
    var dump = ""
    Swift.dump(state, to: &dump)
    #expect(!dump.contains("hunter2"))
  }
}
