/// A failure as feature state (`lastError`, `error`): its stable code and message, and in the
/// JSON of state dumps and patches `{"code":...,"message":...}`.
public struct GitHubFailure: Sendable, Equatable {
  public var code: String
  public var message: String

  public init(_ error: GitHubError) {
    code = error.code
    message = error.message
  }
}
