/// An error that knows which ``GitHubError`` it stands for, such as a transport's own failure.
///
/// ``GitHubError/from(_:)`` asks it, so the one mapping of any error to a `GitHubError` knows
/// errors of modules this interface cannot import (the live client's transport errors).
package protocol GitHubErrorConvertible: Error {
  /// The failure as the features show it.
  var gitHubError: GitHubError { get }
}
