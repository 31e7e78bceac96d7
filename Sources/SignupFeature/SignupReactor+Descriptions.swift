import ReactorCore

// Names for NDJSON records, and printouts that never show a password.

// MARK: - Case names

extension SignupReactor.Action: CaseNamed {
  /// The command this action stands for, as NDJSON change records name it (`action`).
  package var caseName: String {
    switch self {
    case .updateUsername: "username"
    case .updatePassword: "password"
    case .updateRepeat: "repeat"
    case .submit: "submit"
    case .cancel: "cancel"
    }
  }
}

extension SignupReactor.Mutation: CaseNamed {
  package var caseName: String {
    switch self {
    case .setUsername: "setUsername"
    case .setUsernameStatus: "setUsernameStatus"
    case .setPassword: "setPassword"
    case .setRepeat: "setRepeat"
    case .setSubmitting: "setSubmitting"
    case .setSubmitResult: "setSubmitResult"
    }
  }
}

// MARK: - Redaction

/// An action carries the password as typed, so it prints itself: `updatePassword(<redacted>)`.
///
/// Contract: `description`, `debugDescription`, interpolation and `dump` show the username
/// and the case, never the text of a password or its repeat; the `Mirror` has no children.
extension SignupReactor.Action: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  package var description: String {
    switch self {
    case .updateUsername(let username): "updateUsername(\(String(reflecting: username)))"
    case .updatePassword: "updatePassword(<redacted>)"
    case .updateRepeat: "updateRepeat(<redacted>)"
    case .submit: "submit"
    case .cancel: "cancel"
    }
  }

  package var debugDescription: String { description }

  package var customMirror: Mirror { Mirror(self, children: [Mirror.Child]()) }
}
