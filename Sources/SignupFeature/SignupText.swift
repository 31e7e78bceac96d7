package import ReactorCore
package import Rendering

/// Text and NDJSON rendering of signup transitions.
///
/// Contract: no line ever holds a password. The JSON mode prints the change record (whose
/// patch comes from ``SignupState/patchFields``, which has no password field) and, for a
/// failed availability check or submission, an error record. The text mode prints one short
/// line per field that changed: whether a password is set and valid, never what it is.
package struct SignupText: Sendable {
  package let records: Records
  var options: RenderOptions { records.options }
  var style: Style { records.style }

  package init(options: RenderOptions) { records = Records(options: options) }

  /// The lines for one transition, given the state after it.
  package func render(_ transition: StateTransition<SignupReactor>, state: SignupState) -> [OutputLine] {
    guard let mutation = transition.mutation else {
      return records.restore(feature: "signup", seq: transition.seq, patch: transition.changes) {
        [OutputLine(.out, "signup restored:"), username(state), password(state), repeatLine(state)]
      }
    }
    if options.mode == .json {
      return records.transition(
        feature: "signup", seq: transition.seq, action: transition.action?.caseName,
        mutation: mutation.caseName, patch: transition.changes, failure: failure(of: mutation))
    }
    switch mutation {
    case .setUsername, .setUsernameStatus:
      if let error = error(for: mutation) { return [error] }
      return [username(state)]
    case .setPassword:
      var lines = [password(state)]
      // The repeat is judged against the password, so its verdict may have changed too.
      if state.repeatSet, transition.patch.contains(where: { $0.path.hasPrefix("/repeat") }) {
        lines.append(repeatLine(state))
      }
      return lines
    case .setRepeat:
      return [repeatLine(state)]
    case .setSubmitting:
      return [OutputLine(.out, "submitting...")]
    case .setSubmitResult(let result):
      if let error = error(for: mutation) { return [error] }
      return [OutputLine(.out, style.bold(TerminalText.sanitize(result.message, keepTab: false)))]
    }
  }

  // MARK: - Lines

  /// `username: "octocat" checking...`, `username: "octocat" — Username available`.
  func username(_ state: SignupState) -> OutputLine {
    let name = "username: \(TerminalText.quoted(state.username))"
    switch state.usernameStatus {
    case .empty: return OutputLine(.out, name)
    case .checking: return OutputLine(.out, name + " " + style.dim("checking..."))
    default:
      let message = TerminalText.sanitize(state.usernameMessage ?? "", keepTab: false)
      return OutputLine(.out, name + " — " + message)
    }
  }

  /// `password: set, valid`, `password: set — Password must be ...`, `password: not set`.
  func password(_ state: SignupState) -> OutputLine {
    OutputLine(.out, "password: " + verdict(set: state.passwordSet, message: state.passwordMessage, valid: "valid"))
  }

  /// `repeat: set, matches`, `repeat: set — Passwords do not match`, `repeat: not set`.
  func repeatLine(_ state: SignupState) -> OutputLine {
    OutputLine(.out, "repeat: " + verdict(set: state.repeatSet, message: state.repeatMessage, valid: "matches"))
  }

  private func verdict(set: Bool, message: String?, valid: String) -> String {
    guard set else { return "not set" }
    return message.map { "set — " + $0 } ?? "set, " + valid
  }

  /// The error record of a mutation that records a failure, if it does.
  func error(for mutation: SignupReactor.Mutation) -> OutputLine? {
    failure(of: mutation).map { records.error(code: $0.code, message: $0.message, feature: "signup") }
  }

  /// The code and message of the failure a mutation records, if it records one.
  func failure(of mutation: SignupReactor.Mutation) -> (code: String, message: String)? {
    switch mutation {
    case .setUsernameStatus(.error(let error)): (error.code, UsernameStatus.error(error).message ?? error.message)
    case .setSubmitResult(let result) where !result.ok: (SignupFailure.code, result.message)
    default: nil
    }
  }
}
