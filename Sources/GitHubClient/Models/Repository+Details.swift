import ReactorJSON

extension Repository {
  /// What a search answer says of a repository beyond the list's six fields: the live view's
  /// preview shows it. Kept as a JSON object after the repository's JSON text, in the same
  /// allocation, and read back only when asked for (a preview asks for one at a time).
  package struct Details: Sendable, Equatable {
    package var forks: Int?
    package var openIssues: Int?
    package var topics: [String]
    /// The licence's name (`license.name`), such as `MIT License`.
    package var license: String?
    /// `created_at` and `pushed_at` as GitHub writes them (ISO 8601, UTC).
    package var createdAt: String?
    package var pushedAt: String?
    package var homepage: String?

    package init(
      forks: Int? = nil, openIssues: Int? = nil, topics: [String] = [], license: String? = nil,
      createdAt: String? = nil, pushedAt: String? = nil, homepage: String? = nil
    ) {
      self.forks = forks
      self.openIssues = openIssues
      self.topics = topics
      self.license = license
      self.createdAt = createdAt
      self.pushedAt = pushedAt
      self.homepage = homepage
    }

    /// Read back from the text ``RepositoryDetailsText`` wrote (which is valid JSON: a text
    /// that is not gives no details).
    init(json: UnsafeBufferPointer<UInt8>) {
      self.init()
      guard let value = try? JSONValue(parsing: json) else { return }
      func string(_ key: String) -> String? {
        if case .string(let text)? = value[key] { text } else { nil }
      }
      func int(_ key: String) -> Int? {
        if case .int(let number)? = value[key] { number } else { nil }
      }
      forks = int("forks")
      openIssues = int("openIssues")
      if case .array(let items)? = value["topics"] {
        topics = items.compactMap { if case .string(let topic) = $0 { topic } else { nil } }
      }
      license = string("license")
      createdAt = string("createdAt")
      pushedAt = string("pushedAt")
      homepage = string("homepage")
    }
  }

  /// Details on their way into a repository from a decoder: its strings as UTF-8 in the page,
  /// borrowed for the initializer's call.
  package struct DetailsText {
    package var forks: Int?
    package var openIssues: Int?
    /// The topics as JSON strings written by `JSONWriter`, separated by commas, without the
    /// brackets (`"swift","ios"`); empty for none.
    package var topics: UnsafeBufferPointer<UInt8>?
    package var license: UTF8Text?
    package var createdAt: UTF8Text?
    package var pushedAt: UTF8Text?
    package var homepage: UTF8Text?

    package init(
      forks: Int? = nil, openIssues: Int? = nil, topics: UnsafeBufferPointer<UInt8>? = nil, license: UTF8Text? = nil,
      createdAt: UTF8Text? = nil, pushedAt: UTF8Text? = nil, homepage: UTF8Text? = nil
    ) {
      self.forks = forks
      self.openIssues = openIssues
      self.topics = topics
      self.license = license
      self.createdAt = createdAt
      self.pushedAt = pushedAt
      self.homepage = homepage
    }
  }
}

/// Details as the text kept after a repository's JSON: an object with its keys in byte order
/// and no member for what is absent, nothing at all when every member is. Both kinds write the
/// same bytes for the same details, so that two repositories compare by their bytes.
protocol RepositoryDetailsText {
  func write(to writer: inout JSONWriter)
}

/// Writes an object's members one after the other, the braces only when there is one.
private struct MemberWriter {
  var started = false

  mutating func key(_ key: StaticString, _ writer: inout JSONWriter) {
    writer.byte(UInt8(ascii: started ? "," : "{"))
    started = true
    writer.byte(UInt8(ascii: "\""))
    writer.raw(key)
    writer.raw("\":")
  }

  mutating func string(_ key: StaticString, _ text: (some RepositoryText)?, _ writer: inout JSONWriter) {
    guard let text else { return }
    self.key(key, &writer)
    text.write(to: &writer)
  }

  mutating func int(_ key: StaticString, _ value: Int?, _ writer: inout JSONWriter) {
    guard let value else { return }
    self.key(key, &writer)
    writer.int(value)
  }

  func end(_ writer: inout JSONWriter) {
    if started { writer.byte(UInt8(ascii: "}")) }
  }
}

extension Repository.Details: RepositoryDetailsText {
  func write(to writer: inout JSONWriter) {
    var members = MemberWriter()
    members.string("createdAt", createdAt, &writer)
    members.int("forks", forks, &writer)
    members.string("homepage", homepage, &writer)
    members.string("license", license, &writer)
    members.int("openIssues", openIssues, &writer)
    members.string("pushedAt", pushedAt, &writer)
    if !topics.isEmpty {
      members.key("topics", &writer)
      writer.byte(UInt8(ascii: "["))
      for (index, topic) in topics.enumerated() {
        if index > 0 { writer.byte(UInt8(ascii: ",")) }
        writer.string(topic)
      }
      writer.byte(UInt8(ascii: "]"))
    }
    members.end(&writer)
  }
}

extension Repository.DetailsText: RepositoryDetailsText {
  func write(to writer: inout JSONWriter) {
    var members = MemberWriter()
    members.string("createdAt", createdAt, &writer)
    members.int("forks", forks, &writer)
    members.string("homepage", homepage, &writer)
    members.string("license", license, &writer)
    members.int("openIssues", openIssues, &writer)
    members.string("pushedAt", pushedAt, &writer)
    if let topics, !topics.isEmpty {
      members.key("topics", &writer)
      writer.byte(UInt8(ascii: "["))
      writer.append(topics)
      writer.byte(UInt8(ascii: "]"))
    }
    members.end(&writer)
  }
}
