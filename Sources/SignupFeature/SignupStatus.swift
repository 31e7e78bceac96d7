public import GitHubClient
public import ReactorJSON

/// What is known about a username.
///
/// Contract: `empty`, `invalid` and `checking` follow from the text alone
/// (``validating(_:)``); `available`, `taken` and `error` are GitHub's answer. An error is
/// not an answer: the name is neither taken nor available.
public enum UsernameStatus: Sendable, Equatable {
  case empty
  case invalid
  case checking
  case available
  case taken
  case error(GitHubError)

  /// The status a username has before GitHub is asked: empty, invalid (anything but ASCII
  /// letters and digits), or checking.
  public static func validating(_ username: String) -> UsernameStatus {
    if username.isEmpty { return .empty }
    let allowed = username.unicodeScalars.allSatisfy { scalar in
      ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }
    return allowed ? .checking : .invalid
  }

  /// The stable name in JSON: `empty`, `invalid`, `checking`, `available`, `taken`, `error`.
  public var name: String {
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
  public var message: String? {
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
  public var jsonValue: JSONValue { .string(name) }
}

/// How a submission ended, as state: `{"ok":true,"message":"Welcome, ..."}`.
public struct SignupResult: Sendable, Equatable, JSONRepresentable {
  public var ok: Bool
  public var message: String

  public init(ok: Bool, message: String) {
    self.ok = ok
    self.message = message
  }

  /// The account was created.
  public static func welcome(_ username: String) -> SignupResult {
    SignupResult(ok: true, message: "Welcome, \(username)! Your account is ready.")
  }

  /// The server refused; `reason` says why.
  public static func failed(_ reason: String) -> SignupResult {
    SignupResult(ok: false, message: "Signup failed: \(reason)")
  }

  public var jsonValue: JSONValue { .object(["ok": .bool(ok), "message": .string(message)]) }
}

/// A failed submission as an error, for ``SignupReactor/failure(of:)`` and `error` records.
public struct SignupFailure: Error, Sendable, Equatable, CustomStringConvertible {
  /// The stable code of `error` records.
  public static let code = "signup-failed"

  public var message: String

  public init(message: String) { self.message = message }

  public var code: String { Self.code }
  public var description: String { message }
}
