import FoundationEssentials
import GitHubClient
import ReactorJSON

/// One repository of the built-in sample, decoded once from ``SampleRepositories/json``.
struct SampleRepository: Decodable, Sendable {
  var id: Int
  var fullName: String
  var htmlURL: String
  var description: String?
  var stargazersCount: Int
  var forksCount: Int?
  var language: String?
  var topics: [String]

  enum CodingKeys: String, CodingKey {
    case id
    case fullName = "full_name"
    case htmlURL = "html_url"
    case description
    case stargazersCount = "stargazers_count"
    case forksCount = "forks_count"
    case language, topics
  }

  static let all: [SampleRepository] = {
    do {
      return try JSONDecoder().decode([SampleRepository].self, from: Data(SampleRepositories.json.utf8))
    } catch {
      preconditionFailure("the built-in sample repositories do not decode: \(error)")
    }
  }()

  /// The item as GitHub's search API sends it.
  var itemJSON: String {
    let name = fullName.split(separator: "/").last.map(String.init) ?? fullName
    let owner = fullName.split(separator: "/").first.map(String.init) ?? ""
    let q = OfflineTransport.quote
    return "{\"id\":\(id),\"name\":\(q(name)),\"full_name\":\(q(fullName)),\"owner\":{\"login\":\(q(owner))},"
      + "\"html_url\":\(q(htmlURL)),\"description\":\(description.map(q) ?? "null"),"
      + "\"stargazers_count\":\(stargazersCount),\"forks_count\":\(forksCount ?? 0),"
      + "\"language\":\(language.map(q) ?? "null"),\"topics\":[\(topics.map(q).joined(separator: ","))]}"
  }
}

/// A sample repository with what search needs precomputed once: its JSON item and the
/// lower-cased text that queries match against, ready for a byte search where it is ASCII. A
/// class, so that filtering and sorting the sample copy one reference, not seven fields.
final class IndexedRepository: Sendable {
  let repository: SampleRepository
  let json: String
  let name: MatchText
  let owner: String
  let description: MatchText
  let language: String
  let topics: [MatchText]
  /// The bytes of the name, description and topics with 0xFF between them, when all are ASCII:
  /// an ASCII word never holds that byte, so one search finds what a search of each part would.
  let searchable: [UInt8]?

  init(_ repository: SampleRepository) {
    self.repository = repository
    json = repository.itemJSON
    name = MatchText(repository.fullName.lowercased())
    owner = repository.fullName.split(separator: "/").first.map { $0.lowercased() } ?? ""
    description = MatchText(repository.description?.lowercased() ?? "")
    language = repository.language?.lowercased() ?? ""
    topics = repository.topics.map { MatchText($0.lowercased()) }
    let parts = [name, description] + topics
    searchable = parts.allSatisfy { $0.bytes != nil } ? Array(parts.compactMap(\.bytes).joined(separator: [0xFF])) : nil
  }

  var stars: Int { repository.stargazersCount }
  var fullName: String { repository.fullName }

  static let all: [IndexedRepository] = SampleRepository.all.map(IndexedRepository.init)
}

/// One event of the built-in sample; its time is an age relative to the transport's clock.
struct SampleEvent: Sendable {
  var id: String
  var ageSeconds: Double
  /// The event's JSON object without `age_seconds` or `created_at`, keys sorted.
  var raw: String

  static let all: [SampleEvent] = {
    guard case .array(let array)? = try? JSONValue(parsing: SampleEvents.json.utf8) else {
      preconditionFailure("the built-in sample events do not decode")
    }
    return array.map { element in
      guard case .object(var object) = element else { preconditionFailure("a sample event is not an object") }
      let age: Double
      switch object["age_seconds"] {
      case .int(let seconds)?: age = Double(seconds)
      case .double(let seconds)?: age = seconds
      default: age = 0
      }
      object["age_seconds"] = nil
      let id: String
      if case .string(let text)? = object["id"] { id = text } else { id = "" }
      return SampleEvent(id: id, ageSeconds: age, raw: JSONValue.object(object).jsonText)
    }
  }()

  /// The event as GitHub sends it, created `ageSeconds` before `now`.
  func json(now: Double) -> String {
    let stamp = ISO8601UTC.string(fromEpochSeconds: Int((now - ageSeconds).rounded(.down)))
    return String(raw.dropLast()) + ",\"created_at\":\"\(stamp)\"}"
  }
}
