public import ReactorCore

/// The GitHub signup form of RxSwift's examples: each field judged as it is typed, the username
/// looked up on the server, and the button enabled when every field is valid.
///
/// A new username cancels the lookup in flight, so an old answer never overwrites a newer one.
/// A lookup that fails says so; it never reads as "taken".
public struct SignupReactor: Reactor {
  public enum Action: Sendable {
    case updateUsername(String)
    case updatePassword(Password)
    case updateRepeatedPassword(Password)
    case signUp
  }

  public enum Mutation: Sendable, Equatable {
    case setUsername(String, Validation)
    case setUsernameValidation(Validation)
    case setPassword(Password)
    case setRepeatedPassword(Password)
    case setSigningUp(Bool)
    case setSignedUp(Bool)
  }

  /// What a field's text is worth, with the message the form shows beside it.
  public enum Validation: Sendable, Equatable {
    case empty
    case validating
    case ok(String)
    case failed(String)

    public var isValid: Bool {
      if case .ok = self { return true }
      return false
    }
  }

  public struct State: Sendable, Equatable {
    public var username = ""
    public var password = Password("")
    public var repeatedPassword = Password("")
    public var usernameValidation = Validation.empty
    public var isSigningUp = false
    /// The last signup's answer, until a field changes.
    public var signedUp: Bool?

    public init() {}

    public var passwordValidation: Validation {
      if password.text.isEmpty { return .empty }
      if password.text.count < SignupReactor.minimumPasswordCount {
        return .failed("Password must be at least \(SignupReactor.minimumPasswordCount) characters")
      }
      return .ok("Password acceptable")
    }

    public var repeatedPasswordValidation: Validation {
      if repeatedPassword.text.isEmpty { return .empty }
      return repeatedPassword == password ? .ok("Password repeated") : .failed("Password different")
    }

    /// The button: every field valid, and no signup under way.
    public var isSignupEnabled: Bool {
      usernameValidation.isValid && passwordValidation.isValid && repeatedPasswordValidation.isValid && !isSigningUp
    }
  }

  public static let minimumPasswordCount = 5

  /// A password: it prints, dumps and diffs as `<redacted>` (a test's failure message too).
  public struct Password: Redacted, Sendable, Equatable {
    public var text: String
    public init(_ text: String) { self.text = text }
  }

  /// The server: whether a username is free, and the signup itself (true when it succeeded).
  public struct API: Sendable {
    public var usernameAvailable: @Sendable (String) async throws -> Bool
    public var signUp: @Sendable (_ username: String, _ password: Password) async throws -> Bool

    public init(
      usernameAvailable: @escaping @Sendable (String) async throws -> Bool,
      signUp: @escaping @Sendable (String, Password) async throws -> Bool
    ) {
      self.usernameAvailable = usernameAvailable
      self.signUp = signUp
    }
  }

  public let initialState = State()
  private let api: API

  public init(api: API) { self.api = api }

  private static let lookupID: EffectID = "username"

  public func mutate(action: Action, state: State) -> Effect<Mutation> {
    switch action {
    case .updateUsername(let username):
      if let local = Self.localValidation(of: username) {
        return .concatenate(.cancel(id: Self.lookupID), .send(.setUsername(username, local)))
      }
      return .concatenate(
        .send(.setUsername(username, .validating)),
        .run(cancellableAs: Self.lookupID, cancelInFlight: true) { [api] send in
          let validation: Validation
          do {
            validation =
              try await api.usernameAvailable(username) ? .ok("Username available") : .failed("Username already taken")
          } catch {
            validation = .failed("Error contacting server")
          }
          send(.setUsernameValidation(validation))
        })
    case .updatePassword(let password):
      return .send(.setPassword(password))
    case .updateRepeatedPassword(let password):
      return .send(.setRepeatedPassword(password))
    case .signUp:
      guard state.isSignupEnabled else { return .none }
      let (username, password) = (state.username, state.password)
      return .concatenate(
        .send(.setSigningUp(true)),
        .run { [api] send in
          let signedUp = (try? await api.signUp(username, password)) ?? false
          send(.setSignedUp(signedUp))
        },
        .send(.setSigningUp(false)))
    }
  }

  /// The verdict on a username that needs no server, if there is one.
  static func localValidation(of username: String) -> Validation? {
    if username.isEmpty { return .empty }
    if !username.unicodeScalars.allSatisfy({ $0.isASCII && $0.properties.isAlphabetic || ("0"..."9").contains($0) }) {
      return .failed("Username can only contain numbers or digits")
    }
    return nil
  }

  public func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .setUsername(let username, let validation):
      state.username = username
      state.usernameValidation = validation
      state.signedUp = nil
    case .setUsernameValidation(let validation):
      state.usernameValidation = validation
    case .setPassword(let password):
      state.password = password
      state.signedUp = nil
    case .setRepeatedPassword(let password):
      state.repeatedPassword = password
      state.signedUp = nil
    case .setSigningUp(let signingUp):
      state.isSigningUp = signingUp
    case .setSignedUp(let signedUp):
      state.signedUp = signedUp
    }
  }
}
