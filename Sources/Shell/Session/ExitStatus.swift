import GitHubClient

/// How `reactor` exits, as the man page's EXIT STATUS table documents it.
///
/// The one place that maps a failure to its status: a command that failed is judged by the
/// `code` of the last error it reported (``init(failureCode:)``), so a parse error, a refused
/// submission and each `GitHubError` case end the same way in every mode.
package struct ExitStatus: RawRepresentable, Sendable, Equatable, Hashable {
  package let rawValue: Int32

  package init(rawValue: Int32) { self.rawValue = rawValue }

  /// Every command succeeded; also the end of an interactive session and of a daemon.
  package static let success = ExitStatus(rawValue: 0)
  /// A command failed because of its input: unknown command, bad argument, out of range,
  /// refused submission.
  package static let commandFailed = ExitStatus(rawValue: 1)
  /// reactor's own usage error: an unknown flag, a bad flag value, unwritable `--record` files.
  package static let usage = ExitStatus(rawValue: 2)
  /// GitHub or the network failed: unreachable, timeout, 5xx, a response not as expected.
  package static let gitHubFailed = ExitStatus(rawValue: 3)
  /// GitHub refused the credentials (401, or 403 that is not a rate limit).
  package static let authentication = ExitStatus(rawValue: 4)
  /// A primary or secondary rate limit.
  package static let rateLimited = ExitStatus(rawValue: 5)
  /// A non-interactive session interrupted by SIGINT (128 + 2, as shells report it).
  package static let interrupted = ExitStatus(rawValue: 130)

  /// The status of a command whose last error record had `code`; nil (no code) is a command
  /// that failed without one, which counts as its input's fault.
  package init(failureCode code: String?) {
    switch code.flatMap(GitHubError.category(ofCode:)) {
    case .network?: self = .gitHubFailed
    case .authentication?: self = .authentication
    case .rateLimit?: self = .rateLimited
    // A token the configuration would send in the clear is the invocation's fault.
    case .configuration?: self = .usage
    case .request?, .cancelled?, nil: self = .commandFailed
    }
  }
}
