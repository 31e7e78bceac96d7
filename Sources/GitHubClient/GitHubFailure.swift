public import ReactorJSON

/// A failure as feature state (`lastError`, `error`): its stable code, message and details, and
/// in the JSON of state dumps and patches `{"code":...,"message":...}` with the details beside.
public struct GitHubFailure: Sendable, Equatable {
  @usableFromInline package var code: String
  @usableFromInline package var message: String
  /// ``GitHubError/details``: empty for most failures.
  @usableFromInline package var details: JSONObject
  /// ``GitHubError/category``, for the exit status.
  package var category: GitHubError.Category

  package init(_ error: GitHubError) {
    code = error.code
    message = error.message
    details = error.details
    category = error.category
  }
}
