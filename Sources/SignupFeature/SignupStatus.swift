package import GitHubClient
package import ReactorJSON

/// What is known about a username.
///
/// Contract: `empty`, `invalid` and `checking` follow from the text alone
/// (``validating(_:)``); `available`, `taken` and `error` are GitHub's answer. An error is
/// not an answer: the name is neither taken nor available.
package enum UsernameStatus: Sendable, Equatable {
  case empty
  case invalid
  case checking
  case available
  case taken
  case error(GitHubError)

  /// The status a username has before GitHub is asked: empty, invalid (anything but ASCII
  /// letters and digits), or checking.
  package static func validating(_ username: String) -> UsernameStatus {
    if username.isEmpty { return .empty }
    let allowed = username.unicodeScalars.allSatisfy { scalar in
      ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }
    return allowed ? .checking : .invalid
  }

  /// The stable name in JSON: `empty`, `invalid`, `checking`, `available`, `taken`, `error`.
  package var name: String {
    switch self {
    case .empty: "empty"
    case .invalid: "invalid"
    case .checking: "checking"
    case .available: "available"
    case .taken: "taken"
    case .error: "error"
    }
  }

  /// The message for the user, or nil for an empty username.
  package var message: String? {
    switch self {
    case .empty: nil
    case .invalid: "Username can only contain letters and numbers"
    case .checking: "checking..."
    case .available: "Username available"
    case .taken: "Username already taken"
    case .error(let error): "Could not check availability: \(error.message)"
    }
  }
}

extension UsernameStatus: JSONRepresentable {
  package var jsonValue: JSONValue { .string(name) }
}

/// How a submission ended, as state: `{"ok":true,"message":"Welcome, ..."}`.
package struct SignupResult: Sendable, Equatable, JSONRepresentable {
  package var ok: Bool
  package var message: String

  package init(ok: Bool, message: String) {
    self.ok = ok
    self.message = message
  }

  /// The account was created.
  package static func welcome(_ username: String) -> SignupResult {
    SignupResult(ok: true, message: "Welcome, \(username)! Your account is ready.")
  }

  /// The server refused; `reason` says why.
  package static func failed(_ reason: String) -> SignupResult {
    SignupResult(ok: false, message: "Signup failed: \(reason)")
  }

  package var jsonValue: JSONValue { .object(["ok": .bool(ok), "message": .string(message)]) }
}

/// A failed submission as an error, for ``SignupReactor/failure(of:)`` and `error` records.
package struct SignupFailure: Error, Sendable, Equatable, CustomStringConvertible {
  /// The stable code of `error` records.
  package static let code = "signup-failed"

  package var message: String

  package init(message: String) { self.message = message }

  package var code: String { Self.code }
  package var description: String { message }
}
