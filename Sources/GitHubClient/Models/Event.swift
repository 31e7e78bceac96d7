/// A public event from `GET /events`.
public struct Event: Sendable, Equatable, Hashable {
  /// GitHub's event id (a decimal string); unique across pages.
  public var id: String
  /// For example `PushEvent`.
  public var type: String
  /// The actor's login.
  public var actor: String
  /// The repository's `owner/name`.
  public var repository: String
  /// Seconds since 1970 (from `created_at`).
  public var createdAt: Double
  /// A short phrase from the payload, such as the branch pushed to or the issue title.
  public var detail: String?

  public init(id: String, type: String, actor: String, repository: String, createdAt: Double, detail: String? = nil) {
    self.id = id
    self.type = type
    self.actor = actor
    self.repository = repository
    self.createdAt = createdAt
    self.detail = detail
  }
}
