package import ReactorCore

/// The state of the signup form.
///
/// Contract: the passwords are stored only as ``Password`` values and are not fields of the
/// JSON; the JSON (``patchFields``) shows whether each is set and valid, and the message to
/// show. Everything password-related is derived from the two stored passwords, so the repeat
/// is re-validated whenever the password changes without a mutation of its own.
package struct SignupState: Sendable, Equatable {
  /// The username as typed.
  package var username = ""
  /// What is known about the username: its shape, then GitHub's answer.
  package var usernameStatus = UsernameStatus.empty
  /// The password; never printed.
  package var password = Password("")
  /// The password typed again; never printed.
  package var repeatPassword = Password("")
  /// A submission is in flight.
  package var isSubmitting = false
  /// How the last submission ended; cleared when any field changes.
  package var result: SignupResult?

  package init() {}
}

// MARK: - Derived fields

extension SignupState {
  /// The message for the username, or nil when there is nothing to say.
  package var usernameMessage: String? { usernameStatus.message }

  /// A password was typed.
  package var passwordSet: Bool { !password.isEmpty }

  /// The password is long enough.
  package var passwordValid: Bool { password.isLongEnough }

  /// Why the password is not accepted; nil when it is, or when nothing was typed.
  package var passwordMessage: String? {
    passwordSet && !passwordValid ? "Password must be at least \(Password.minimumLength) characters" : nil
  }

  /// The password was typed again.
  package var repeatSet: Bool { !repeatPassword.isEmpty }

  /// The repeat equals the password.
  package var repeatValid: Bool { repeatSet && repeatPassword == password }

  /// Why the repeat is not accepted; nil when it is, or when nothing was typed.
  package var repeatMessage: String? { repeatSet && !repeatValid ? "Passwords do not match" : nil }

  /// What stands in the way of a submission, one phrase each, in form order; empty when the
  /// form can be submitted.
  package var submitProblems: [String] {
    var problems: [String] = []
    switch usernameStatus {
    case .available: break
    case .empty: problems.append("username is empty")
    case .invalid: problems.append("username can only contain letters and numbers")
    case .checking: problems.append("username is still being checked")
    case .taken: problems.append("username is taken")
    case .error: problems.append("username availability could not be checked")
    }
    if !passwordSet {
      problems.append("password is empty")
    } else if !passwordValid {
      problems.append("password must be at least \(Password.minimumLength) characters")
    }
    if !repeatSet {
      problems.append("password is not repeated")
    } else if !repeatValid {
      problems.append("passwords do not match")
    }
    return problems
  }
}

// MARK: - JSON

extension SignupState: PatchableState {
  /// Only what the user may see: no field holds a password.
  package static let patchFields: [PatchField<SignupState>] = [
    .value("username", \.username),
    .value("usernameStatus", \.usernameStatus),
    .value("usernameMessage", \.usernameMessage),
    .value("passwordSet", \.passwordSet),
    .value("passwordValid", \.passwordValid),
    .value("passwordMessage", \.passwordMessage),
    .value("repeatSet", \.repeatSet),
    .value("repeatValid", \.repeatValid),
    .value("repeatMessage", \.repeatMessage),
    .value("isSubmitting", \.isSubmitting),
    .value("result", \.result),
  ]
}
