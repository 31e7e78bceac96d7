import Foundation
import GitHubClient
import TestSupport
import Testing

@testable import GitHubClientLive

// SearchPageDecoder scans search pages without Codable. Against JSONDecoder decoding the wire
// types below (the code it replaced): it decodes every page JSONDecoder decodes identically,
// and fails wherever JSONDecoder fails, with the same message for missing fields. It is
// stricter in one way, on purpose: JSONDecoder does not look inside what it skips, so it
// accepts a page with a trailing comma, invalid UTF-8 or a broken escape in a field reactor
// does not read; the scanner checks the whole document (RFC 8259) and calls that "not valid
// JSON". It also reads integers only as integer literals (JSONDecoder takes `1e2` for 100).

private struct SearchResponseWire: Decodable {
  var totalCount: Int
  var incompleteResults: Bool?
  var items: [RepositoryWire]

  enum CodingKeys: String, CodingKey {
    case totalCount = "total_count"
    case incompleteResults = "incomplete_results"
    case items
  }
}

private struct RepositoryWire: Decodable {
  struct License: Decodable {
    var name: String?
  }

  var id: Int
  var fullName: String
  var description: String?
  var stargazersCount: Int
  var language: String?
  var htmlURL: String
  var forksCount: Int?
  var openIssuesCount: Int?
  var topics: [String]?
  var license: License?
  var createdAt: String?
  var pushedAt: String?
  var homepage: String?

  enum CodingKeys: String, CodingKey {
    case id
    case fullName = "full_name"
    case description
    case stargazersCount = "stargazers_count"
    case language
    case htmlURL = "html_url"
    case forksCount = "forks_count"
    case openIssuesCount = "open_issues_count"
    case topics, license
    case createdAt = "created_at"
    case pushedAt = "pushed_at"
    case homepage
  }

  var details: Repository.Details {
    Repository.Details(
      forks: forksCount, openIssues: openIssuesCount, topics: topics ?? [], license: license?.name,
      createdAt: createdAt, pushedAt: pushedAt, homepage: homepage)
  }
}

/// What a decoder made of a body: the page, or the error message.
private enum Outcome: Equatable, CustomStringConvertible {
  case page(total: Int, incomplete: Bool, items: [Repository])
  case failure(String)

  var description: String {
    switch self {
    case .page(let total, let incomplete, let items):
      "page(total: \(total), incomplete: \(incomplete), \(items.count) items)"
    case .failure(let message): "failure(\(message))"
    }
  }
}

private func reference(_ body: Data) -> Outcome {
  do {
    let wire = try JSONDecoder().decode(SearchResponseWire.self, from: body)
    return .page(
      total: wire.totalCount, incomplete: wire.incompleteResults ?? false,
      items: wire.items.map {
        Repository(
          id: $0.id, fullName: $0.fullName, description: $0.description, stars: $0.stargazersCount,
          language: $0.language, url: $0.htmlURL, details: $0.details)
      })
  } catch let error as DecodingError {
    return .failure(GitHubAPI.describe(error))
  } catch {
    return .failure("unreadable body")
  }
}

/// Why the scanner's outcome is not allowed next to JSONDecoder's, or nil.
private func divergence(_ body: Data) -> String? {
  let (expected, actual) = (reference(body), scanned(body))
  switch (expected, actual) {
  case (.page, .page): return expected == actual ? nil : "decoded \(actual), JSONDecoder \(expected)"
  case (.failure, .page): return "accepted what JSONDecoder rejects (\(expected)): \(actual)"
  case (.failure(let wanted), .failure(let got)):
    return wanted.hasPrefix("missing field") && got != wanted && got != "not valid JSON" ? "\(got), not \(wanted)" : nil
  case (.page, .failure(let got)):
    return got == "not valid JSON" || got.hasPrefix("unexpected value")
      ? nil : "rejected a page JSONDecoder reads: \(got)"
  }
}

private func scanned(_ body: Data) -> Outcome {
  do {
    let result = try SearchPageDecoder.decode(body)
    return .page(total: result.totalCount, incomplete: result.incompleteResults, items: result.items)
  } catch {
    return .failure(error.message)
  }
}

/// A small page with what the scanner must get right: escapes, surrogate pairs, raw UTF-8,
/// null and absent optionals, a raw DEL, nested values and numbers of every form in skipped
/// fields.
private let smallPage = #"""
  { "total_count" : 2, "incomplete_results": false, "items": [
    {"id": 1, "full_name": "a/b", "description": "say \"hi\" \u00e9\ud83d\ude00 caf\u00E9 \/ \\ \n\t", "owner": {"login": "a", "site_admin": false, "x": [1, -2.5e3, 0.0, true, null, {}]},
     "stargazers_count": 12, "language": null, "html_url": "https://github.com/a/b", "topics": ["x", "\u00e9", "a\"b"], "score": 1.0E+2,
     "forks_count": 3, "open_issues_count": 0, "license": {"key": "mit", "name": "MIT License", "spdx_id": "MIT", "url": null},
     "created_at": "2015-10-23T17:04:35Z", "pushed_at": "2026-11-27T08:00:00Z", "homepage": ""},
    {"html_url": "https://github.com/c/d", "id": -3, "stargazers_count": 0, "full_name": "c/éd 漢字", "language": "Swift\#u{7F}", "license": null, "topics": [], "homepage": null}
  ] }
  """#

@Suite struct SearchPageDecoderTests {
  @Test func theSmallPageDecodesAsJSONDecoderDecodesIt() {
    let body = Data(smallPage.utf8)
    #expect(reference(body) == scanned(body))
    guard case .page(_, _, let items) = scanned(body) else {
      Issue.record("did not decode: \(scanned(body))")
      return
    }
    #expect(items.map(\.description) == ["say \"hi\" é😀 café / \\ \n\t", nil])
    #expect(items.map(\.fullName) == ["a/b", "c/éd 漢字"])
    #expect(items.map(\.url) == ["https://github.com/a/b", "https://github.com/c/d"])
    // A raw DEL is valid in JSON; the output escapes it.
    #expect(items.map(\.language) == [nil, "Swift\u{7F}"])
    #expect(items[1].jsonValue.jsonText.contains(#""language":"Swift\u007f""#))
    #expect(items.map(\.id) == [1, -3] && items.map(\.stars) == [12, 0])
    // The preview's fields, read back from the text kept after the JSON, which they stay out of.
    #expect(
      items[0].details
        == Repository.Details(
          forks: 3, openIssues: 0, topics: ["x", "é", "a\"b"], license: "MIT License",
          createdAt: "2015-10-23T17:04:35Z",
          pushedAt: "2026-11-27T08:00:00Z", homepage: ""))
    #expect(items[1].details == Repository.Details())
    #expect(!items[0].jsonValue.jsonText.contains("MIT") && !items[0].jsonValue.jsonText.contains("2015"))
  }

  @Test("a repository differing only in its details is another repository")
  func detailsCount() {
    func repository(_ details: Repository.Details) -> Repository {
      Repository(id: 1, fullName: "a/b", description: nil, stars: 1, language: nil, url: "u", details: details)
    }
    #expect(repository(Repository.Details(forks: 1)) != repository(Repository.Details(forks: 2)))
    #expect(repository(Repository.Details(topics: ["a"])) != repository(Repository.Details()))
    #expect(repository(Repository.Details(topics: ["a"])) == repository(Repository.Details(topics: ["a"])))
    #expect(repository(Repository.Details(forks: 1)).jsonValue == repository(Repository.Details(forks: 2)).jsonValue)
  }

  @Test(.needsRecordedFixtures) func everyRecordedResponseGivesTheSameOutcome() throws {
    let directory = try #require(RecordedFixtures.directory)
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".txt") }
      .sorted()
    var compared = 0
    for file in files {
      for exchange in try RecordedFixtures.load(file) where !exchange.body.isEmpty {
        // Real responses are valid JSON: here the outcomes must be the same, messages included.
        #expect(reference(exchange.body) == scanned(exchange.body), "\(file)")
        compared += 1
      }
    }
    #expect(compared >= 10)
  }

  @Test func everyTruncationFails() {
    let body = Array(smallPage.utf8)
    for length in 0..<body.count {
      let prefix = Data(body[..<length])
      #expect(scanned(prefix) == .failure("not valid JSON"), "truncated to \(length) bytes")
      #expect(divergence(prefix) == nil, "truncated to \(length) bytes")
    }
  }

  /// The string scan reads eight bytes at a time: a byte that ends a plain run (quote,
  /// backslash, control, non-ASCII) or one next to those values must be seen at every offset
  /// within and across words, in read strings (`description`) and skipped ones (`node_id`).
  @Test func everySpecialByteIsSeenAtEveryOffset() {
    let specials: [[UInt8]] = [
      Array(#"\""#.utf8), Array(#"\\"#.utf8), Array(#"\n"#.utf8), Array(#"\u00e9"#.utf8), Array("é".utf8),
      Array("😀".utf8), [0x1F], [0x00], [0x7F], [0x80], [0xFF], [0x21], [0x23], [0x5B], [0x5D], [0x20],
      Array(#"""#.utf8),
    ]
    var differences: [String] = []
    var decoded = 0
    for field in ["description", "node_id"] {
      for special in specials {
        for offset in 0..<20 {
          let value =
            Array(repeating: UInt8(ascii: "a"), count: offset) + special
            + Array(repeating: UInt8(ascii: "b"), count: 11)
          let body =
            Array(
              #"{"total_count": 1, "items": [{"id": 1, "full_name": "a/b", "stargazers_count": 0, "html_url": "u", "\#(field)": ""#
                .utf8)
            + value + Array(#""}]}"#.utf8)
          if let difference = divergence(Data(body)) {
            differences.append("\(field) \(special) at \(offset): \(difference)")
          }
          if case .page = scanned(Data(body)) { decoded += 1 }
        }
      }
    }
    #expect(differences.isEmpty, "\(differences.count) differences, first: \(differences.prefix(5))")
    // Twelve of the seventeen make valid strings; a scan that rejected them would also "agree".
    #expect(decoded == 2 * 20 * 12)
  }

  @Test func corruptionsAtEveryPositionAreNeverReadMoreLeniently() {
    let body = Array(smallPage.utf8)
    var differences: [String] = []
    for position in body.indices {
      for replacement: UInt8 in [0x00, 0x22, 0x5C, 0x7D, 0x5D, 0x2C, 0x78, 0x31, 0x2E, 0x65, 0xFF, 0xC3, 0x20] {
        var corrupted = body
        corrupted[position] = replacement
        if let difference = divergence(Data(corrupted)) {
          differences.append("byte \(position) -> \(replacement): \(difference)")
        }
      }
    }
    #expect(differences.isEmpty, "\(differences.count) differences, first: \(differences.prefix(5))")
  }

  @Test(arguments: [
    (#"[]"#, "unexpected value at ''"), (#""page""#, "unexpected value at ''"), (#"null"#, "unexpected value at ''"),
    (#"{}"#, "missing field 'total_count'"), (#"{"items": []}"#, "missing field 'total_count'"),
    (#"{"total_count": 1}"#, "missing field 'items'"),
    (#"{"total_count": "1", "items": []}"#, "unexpected value at 'total_count'"),
    (#"{"total_count": null, "items": []}"#, "unexpected value at 'total_count'"),
    (#"{"total_count": 1.5, "items": []}"#, "unexpected value at 'total_count'"),
    (#"{"total_count": 1e2, "items": []}"#, "unexpected value at 'total_count'"),
    (#"{"total_count": 9223372036854775808, "items": []}"#, "unexpected value at 'total_count'"),
    (#"{"total_count": -9223372036854775808, "items": []}"#, "ok"),
    (#"{"total_count": 1, "incomplete_results": null, "items": []}"#, "ok"),
    (#"{"total_count": 1, "incomplete_results": 1, "items": []}"#, "unexpected value at 'incomplete_results'"),
    (#"{"total_count": 1, "items": null}"#, "unexpected value at 'items'"),
    (#"{"total_count": 1, "items": {}}"#, "unexpected value at 'items'"),
    (#"{"total_count": 1, "items": [null]}"#, "unexpected value at 'items.Index 0'"),
    (#"{"total_count": 1, "items": [1]}"#, "unexpected value at 'items.Index 0'"),
    (#"{"total_count": 1, "items": [{}]}"#, "missing field 'id'"),
    (#"{"total_count": 1, "items": [{"id": 1}]}"#, "missing field 'full_name'"),
    (
      #"{"total_count": 1, "items": [{"id": 1, "full_name": "a", "stargazers_count": 1, "html_url": "u", "description": 5}]}"#,
      "unexpected value at 'items.Index 0.description'"
    ),
    (
      #"{"total_count": 1, "items": [{"id": "1", "full_name": 2, "stargazers_count": 1, "html_url": "u"}]}"#,
      "unexpected value at 'items.Index 0.id'"
    ),
    (
      #"{"total_count": 1, "items": [{"id": 1, "full_name": "a", "stargazers_count": 1, "html_url": "u"}, {"id": 2}]}"#,
      "missing field 'full_name'"
    ),
    (#"{"total_count": "x", "items": [{"id": 2}]}"#, "unexpected value at 'total_count'"),
    (
      #"{"total_count": 1, "items": [{"id": 1, "full_name": "a", "stargazers_count": 1, "html_url": "u", "topics": ["a", 1]}]}"#,
      "unexpected value at 'items.Index 0.topics'"
    ),
    (
      #"{"total_count": 1, "items": [{"id": 1, "full_name": "a", "stargazers_count": 1, "html_url": "u", "topics": "a"}]}"#,
      "unexpected value at 'items.Index 0.topics'"
    ),
    (
      #"{"total_count": 1, "items": [{"id": 1, "full_name": "a", "stargazers_count": 1, "html_url": "u", "license": "MIT"}]}"#,
      "unexpected value at 'items.Index 0.license'"
    ),
    (
      #"{"total_count": 1, "items": [{"id": 1, "full_name": "a", "stargazers_count": 1, "html_url": "u", "license": {"name": 1}}]}"#,
      "unexpected value at 'items.Index 0.license.name'"
    ),
    (
      #"{"total_count": 1, "items": [{"id": 1, "full_name": "a", "stargazers_count": 1, "html_url": "u", "forks_count": "2"}]}"#,
      "unexpected value at 'items.Index 0.forks_count'"
    ),
    (
      #"{"total_count": 1, "items": [{"id": 1, "full_name": "a", "stargazers_count": 1, "html_url": "u", "license": {}, "topics": null, "open_issues_count": null}]}"#,
      "ok"
    ),
    (#"{"total_count": -0, "items": []}"#, "ok"), (#" {"total_count": 1, "items": []} "#, "ok"),
    (#"{"total_count": 1, "items": [], "x": [[[[[[[[[[]]]]]]]]]]}"#, "ok"),
    // Syntax anywhere, even in fields reactor does not read.
    (#"{"total_count": 1, "items": [], "extra": "\ud800"}"#, "not valid JSON"),
    (#"{"total_count": 1, "items": [], "extra": "\udc00x"}"#, "not valid JSON"),
    (#"{"total_count": 1, "items": [], "extra": "\u00"}"#, "not valid JSON"),
    (#"{"total_count": 1, "items": [], "extra": "\x"}"#, "not valid JSON"),
    (#"{"total_count": 1, "items": [], "extra": 01}"#, "not valid JSON"),
    (#"{"total_count": 1, "items": [], "extra": -}"#, "not valid JSON"),
    (#"{"total_count": 1, "items": [], "extra": 1.}"#, "not valid JSON"),
    (#"{"total_count": 1, "items": [], "extra": tru}"#, "not valid JSON"),
    (#"{"total_count": 1, "items": [],}"#, "not valid JSON"), (#"{"total_count": 1, "items": [1,]}"#, "not valid JSON"),
    (#"{"total_count": 1 "items": []}"#, "not valid JSON"), (#"{"total_count": 1, "items": []} x"#, "not valid JSON"),
    ("{\"total_count\": 1, \"items\": [], \"x\": \"a\u{01}\"}", "not valid JSON"),
    (String(repeating: "[", count: 200) + String(repeating: "]", count: 200), "not valid JSON"),
  ])
  func wrongShapes(_ text: String, _ expected: String) {
    let body = Data(text.utf8)
    let outcome = scanned(body)
    if expected == "ok" {
      if case .failure(let message) = outcome { Issue.record("\(text): \(message)") }
    } else {
      #expect(outcome == .failure(expected), "\(text)")
    }
    #expect(divergence(body) == nil, "\(text)")
  }

  @Test func invalidUTF8IsNotValidJSON() {
    for bytes: [UInt8] in [
      [0xFF], [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xC3],
    ] {
      for field in ["x", "full_name"] {
        let body =
          Data(#"{"total_count": 1, "items": [{"id": 1, "stargazers_count": 1, "html_url": "u", "\#(field)": ""#.utf8)
          + Data(bytes)
          + Data(#""}]}"#.utf8)
        #expect(scanned(body) == .failure("not valid JSON"), "\(bytes) in \(field)")
        #expect(divergence(body) == nil, "\(bytes) in \(field)")
      }
    }
  }
}
