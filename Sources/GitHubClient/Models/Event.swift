/// A public event from `GET /events`.
public struct Event: Sendable, Equatable, Hashable {
  /// GitHub's event id (a decimal string); unique across pages.
  package var id: String
  /// For example `PushEvent`.
  package var type: String
  /// The actor's login.
  package var actor: String
  /// The repository's `owner/name`.
  package var repository: String
  /// Seconds since 1970 (from `created_at`).
  package var createdAt: Double
  /// A short phrase from the payload, such as the branch pushed to or the issue title.
  package var detail: String?

  package init(id: String, type: String, actor: String, repository: String, createdAt: Double, detail: String? = nil) {
    self.id = id
    self.type = type
    self.actor = actor
    self.repository = repository
    self.createdAt = createdAt
    self.detail = detail
  }
}
