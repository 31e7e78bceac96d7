package import GitHubClient
package import ReactorCore

/// A signup form, after ReactorKit's signup sample, checked against GitHub.
///
/// Contract:
/// - A username that is empty or not only ASCII letters and digits is judged locally; any other
///   is looked up with `client.userExists`. A new username cancels the lookup in flight, so an
///   old answer never overwrites a newer one. A lookup that fails is an `error` status (shown,
///   and a failure of the action), never "taken".
/// - The password needs ``Password/minimumLength`` characters; the repeat must equal it, and
///   is judged again whenever the password changes. Passwords travel as ``Password`` values
///   and appear in no printout, JSON or patch.
/// - `submit` runs only when every field is valid and no submission is in flight; otherwise a
///   notice says why. The result is state until any field changes; a refused submission is a
///   failure. Editing a field during a submission does not cancel it: its result is about the
///   values that were submitted, and the username it names says which.
package struct SignupReactor: Reactor {
  // MARK: - Action

  package enum Action: Sendable, Equatable {
    /// The username field now holds this text.
    case updateUsername(String)
    /// The password field now holds this text.
    case updatePassword(String)
    /// The repeat-password field now holds this text.
    case updateRepeat(String)
    /// Create the account.
    case submit
    /// Stop the availability check and the submission in flight (Ctrl-C).
    case cancel
  }

  // MARK: - Mutation

  package enum Mutation: Sendable, Equatable {
    /// A new username, with the status its text alone gives it.
    case setUsername(String)
    /// GitHub's answer about the current username.
    case setUsernameStatus(UsernameStatus)
    case setPassword(Password)
    case setRepeat(Password)
    case setSubmitting
    case setSubmitResult(SignupResult)
  }

  // MARK: - State

  package typealias State = SignupState

  package let initialState = SignupState()
  let client: GitHubClient
  let service: any SignupService

  package init(client: GitHubClient, service: any SignupService) {
    self.client = client
    self.service = service
  }

  static let checkID: EffectID = "signup.check"
  static let submitID: EffectID = "signup.submit"

  // MARK: - mutate

  package func mutate(action: Action, state: State) -> Effect<Mutation> {
    switch action {
    case .updateUsername(let username):
      guard UsernameStatus.validating(username) == .checking else {
        return .concatenate(.cancel(id: Self.checkID), .send(.setUsername(username)))
      }
      return .concatenate(.send(.setUsername(username)), check(username))

    case .updatePassword(let text):
      return .send(.setPassword(Password(text)))

    case .updateRepeat(let text):
      return .send(.setRepeat(Password(text)))

    case .submit:
      if state.isSubmitting { return .notice("a submission is already in flight") }
      let problems = state.submitProblems
      guard problems.isEmpty else { return .notice("cannot submit: " + problems.joined(separator: "; ")) }
      return .concatenate(.send(.setSubmitting), submit(username: state.username, password: state.password))

    case .cancel:
      return cancel(state)
    }
  }

  /// The cancelled work becomes state, so nothing is left "checking..." or "submitting".
  private func cancel(_ state: State) -> Effect<Mutation> {
    var effects: [Effect<Mutation>] = []
    if state.usernameStatus == .checking {
      effects += [.cancel(id: Self.checkID), .send(.setUsernameStatus(.error(.cancelled)))]
    }
    if state.isSubmitting { effects += [.cancel(id: Self.submitID), .send(.setSubmitResult(.failed("cancelled")))] }
    return .concatenate(effects)
  }

  private func check(_ username: String) -> Effect<Mutation> {
    let client = client
    return Effect<Mutation>.run { send in
      do {
        let taken = try await client.userExists(username)
        send(.setUsernameStatus(taken ? .taken : .available))
      } catch {
        send(.setUsernameStatus(.error(GitHubError.from(error))))
      }
    }.cancellable(id: Self.checkID, cancelInFlight: true)
  }

  private func submit(username: String, password: Password) -> Effect<Mutation> {
    let service = service
    return Effect<Mutation>.run { send in
      do {
        try await service.submit(username: username, password: password.secret)
        send(.setSubmitResult(.welcome(username)))
      } catch {
        send(.setSubmitResult(.failed(Self.reason(for: error))))
      }
    }.cancellable(id: Self.submitID)
  }

  /// The words after "Signup failed: ".
  static func reason(for error: any Error) -> String {
    if let error = error as? GitHubError { return error.message }
    return String(describing: error)
  }

  // MARK: - reduce

  package func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .setUsername(let username):
      state.username = username
      state.usernameStatus = UsernameStatus.validating(username)
      state.result = nil
    case .setUsernameStatus(let status):
      state.usernameStatus = status
    case .setPassword(let password):
      state.password = password
      state.result = nil
    case .setRepeat(let password):
      state.repeatPassword = password
      state.result = nil
    case .setSubmitting:
      state.isSubmitting = true
      state.result = nil
    case .setSubmitResult(let result):
      state.isSubmitting = false
      state.result = result
    }
  }

  /// The past form, its check and submission settled: the jump cancelled them.
  package func restoring(_ past: State, replacing current: State) -> State {
    var state = past
    if state.usernameStatus == .checking { state.usernameStatus = .error(.cancelled) }
    state.isSubmitting = false
    return state
  }

  package func failure(of mutation: Mutation) -> (any Error)? {
    switch mutation {
    case .setUsernameStatus(.error(let error)): return error
    case .setSubmitResult(let result) where !result.ok: return SignupFailure(message: result.message)
    default: return nil
    }
  }
}
