import FoundationEssentials
import GitHubClient

// The JSON shapes GitHub sends, decoding only the fields the tool uses, so old recordings and
// new responses both decode.

// Search pages are read by SearchPageDecoder, without Codable.

struct UserWire: Decodable {
  var login: String
}

struct EventWire: Decodable {
  struct Actor: Decodable { var login: String }
  struct Repo: Decodable { var name: String }
  struct Payload: Decodable {
    struct Titled: Decodable {
      var title: String?
      var number: Int?
    }
    struct Release: Decodable {
      var tagName: String?
      enum CodingKeys: String, CodingKey { case tagName = "tag_name" }
    }
    struct Forkee: Decodable {
      var fullName: String?
      enum CodingKeys: String, CodingKey { case fullName = "full_name" }
    }
    var action: String?
    var ref: String?
    var refType: String?
    var size: Int?
    var issue: Titled?
    var pullRequest: Titled?
    var release: Release?
    var forkee: Forkee?
    enum CodingKeys: String, CodingKey {
      case action, ref
      case refType = "ref_type"
      case size, issue
      case pullRequest = "pull_request"
      case release, forkee
    }
  }

  var id: String
  var type: String
  var actor: Actor
  var repo: Repo
  var payload: Payload?
  var createdAt: String

  enum CodingKeys: String, CodingKey {
    case id, type, actor, repo, payload
    case createdAt = "created_at"
  }

  var model: Event {
    Event(
      id: id, type: type, actor: actor.login, repository: repo.name,
      createdAt: ISO8601UTC.epochSeconds(from: createdAt).map(Double.init) ?? 0, detail: detail)
  }

  private var detail: String? {
    guard let payload else { return nil }
    switch type {
    case "PushEvent": return payload.ref.map { $0.replacing("refs/heads/", with: "") }
    case "CreateEvent", "DeleteEvent": return [payload.refType, payload.ref].compactMap { $0 }.joined(separator: " ")
    case "IssuesEvent", "IssueCommentEvent": return payload.issue?.title
    case "PullRequestEvent": return payload.pullRequest?.title
    case "ReleaseEvent": return payload.release?.tagName
    case "ForkEvent": return payload.forkee?.fullName
    default: return nil
    }
  }
}

struct ErrorWire: Decodable {
  struct Detail: Decodable {
    var message: String?
    var field: String?
    var code: String?
  }
  var message: String?
  var errors: [Detail]?
}
