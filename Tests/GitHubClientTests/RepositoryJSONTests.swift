import Foundation
import GitHubClient
import ReactorJSON
import TestSupport
import Testing

// Repositories write their JSON once (`JSONValue.encoded`); every path that renders or looks
// inside them must see exactly what a tree would give.

/// The repository's object built as a tree, independently of `Repository`'s own writer.
private func tree(_ repository: Repository) -> JSONValue {
  .object([
    "id": .int(repository.id), "fullName": .string(repository.fullName),
    "description": repository.description.map(JSONValue.string) ?? .null, "stars": .int(repository.stars),
    "language": repository.language.map(JSONValue.string) ?? .null, "url": .string(repository.url),
  ])
}

private let hostile = Repository.hostileExamples

/// The fields a repository was made with.
private func fields(_ repository: Repository) -> [String?] {
  [
    String(repository.id), repository.fullName, repository.description, String(repository.stars), repository.language,
    repository.url,
  ]
}

@Suite struct RepositoryJSONTests {
  @Test(arguments: hostile)
  func repositoryTextIsTheTreesText(_ repository: Repository) throws {
    let encoded = repository.jsonValue
    guard case .encoded = encoded else {
      Issue.record("a repository should be pre-encoded")
      return
    }
    #expect(encoded.jsonText == tree(repository).jsonText)
    #expect(encoded == tree(repository) && tree(repository) == encoded, "equal to its tree, both ways")
    #expect(encoded.resolved == tree(repository))
    var writer = JSONWriter()
    repository.writeJSON(to: &writer)
    #expect(writer.text == tree(repository).jsonText, "writeJSON copies the same text")
    let parsed = try JSONSerialization.jsonObject(with: Data(encoded.jsonText.utf8)) as? [String: Any]
    #expect(parsed?["fullName"] as? String == repository.fullName)
    #expect(parsed?["description"] as? String == repository.description)
  }

  @Test("every field reads back as it was given, whether the text escaped it or not", arguments: hostile)
  func fieldsReadBack(_ repository: Repository) {
    let copy = Repository(
      id: repository.id, fullName: repository.fullName, description: repository.description, stars: repository.stars,
      language: repository.language, url: repository.url)
    #expect(fields(copy) == fields(repository))
    #expect(copy == repository && copy.hashValue == repository.hashValue)
  }

  @Test func givenFieldsAreWhatReadsBack() {
    let cases: [(String, String?, String?, String)] = [
      ("apple/swift", "The Swift Programming Language", "C++", "https://github.com/apple/swift"),
      ("a/\"b\"", "tab\there", nil, "u\u{2028}"), ("é/ü", nil, "漢字", ""), ("", "", "", "x\u{7F}"),
    ]
    for (fullName, description, language, url) in cases {
      let repository = Repository(
        id: 9, fullName: fullName, description: description, stars: -1, language: language, url: url)
      #expect(fields(repository) == ["9", fullName, description, "-1", language, url])
    }
  }

  @Test("a decoder's initializer (UTF-8 in place) makes the same repository as the String one", arguments: hostile)
  func decoderInitializer(_ repository: Repository) {
    var scratch = JSONWriter(capacity: 16)
    func made(_ fullName: [UInt8], _ description: [UInt8]?, _ language: [UInt8]?, _ url: [UInt8]) -> Repository {
      fullName.withUnsafeBufferPointer { fullName in
        url.withUnsafeBufferPointer { url in
          (description ?? []).withUnsafeBufferPointer { description in
            (language ?? []).withUnsafeBufferPointer { languageBytes in
              Repository(
                id: repository.id, stars: repository.stars, fullName: .init(validUTF8: fullName),
                description: repository.description == nil ? nil : .init(validUTF8: description),
                language: language == nil ? nil : .init(validUTF8: languageBytes), url: .init(validUTF8: url),
                scratch: &scratch)
            }
          }
        }
      }
    }
    // Twice through one scratch writer: nothing of the first leaks into the second.
    for _ in 0..<2 {
      let decoded = made(
        Array(repository.fullName.utf8), repository.description.map { Array($0.utf8) },
        repository.language.map { Array($0.utf8) },
        Array(repository.url.utf8))
      #expect(decoded == repository && decoded.hashValue == repository.hashValue)
      #expect(decoded.jsonValue.jsonText == repository.jsonValue.jsonText)
      #expect(fields(decoded) == fields(repository))
    }
  }

  @Test func equalityAndHashingFollowTheFields() {
    let a = hostile[0]
    let same = Repository(
      id: a.id, fullName: a.fullName, description: a.description, stars: a.stars, language: a.language, url: a.url)
    let other = Repository(
      id: a.id, fullName: a.fullName, description: a.description, stars: a.stars + 1, language: a.language, url: a.url)
    #expect(a == same && a.hashValue == same.hashValue)
    #expect(a != other && a.jsonValue != other.jsonValue)
    #expect(a.jsonValue != .object(["id": .int(a.id)]))
    #expect(Set([a, same, other]).count == 2)
  }

  @Test func membersAreReadableThroughTheSubscript() {
    #expect(hostile[0].jsonValue["fullName"] == .string("apple/swift"))
    #expect(hostile[1].jsonValue["description"] == .null)
    #expect(hostile[1].jsonValue["missing"] == nil)
  }

  @Test func patchesApplyInsideEncodedValues() throws {
    var document: JSONValue = .object(["repos": .array(hostile.map(\.jsonValue))])
    try JSONPatch.apply(PatchOperation(op: .replace, path: "/repos/0/stars", value: .int(5)), to: &document)
    try JSONPatch.apply(
      PatchOperation(op: .test, path: "/repos/1/fullName", value: .string(hostile[1].fullName)), to: &document)
    try JSONPatch.apply(PatchOperation(op: .add, path: "/repos/-", value: hostile[3].jsonValue), to: &document)
    #expect(document["repos"].map { if case .array(let items) = $0 { items.count } else { 0 } } == hostile.count + 1)
    guard case .array(let items)? = document["repos"] else {
      Issue.record("no repos")
      return
    }
    #expect(items[0]["stars"] == .int(5))
    #expect(items[0]["fullName"] == .string("apple/swift"))
    #expect(items[hostile.count] == tree(hostile[3]))
    #expect(throws: JSONPatch.Failure.self) {
      try JSONPatch.apply(PatchOperation(op: .test, path: "/repos/1/stars", value: .int(99)), to: &document)
    }
  }

  @Test("a patch's size hint is exact for a run of repositories, so a change line's buffer never grows for it")
  func sizeHint() {
    var run = Patch()
    run.append(addsAt: "/repos/-", elements: hostile)
    var writer = JSONWriter(capacity: 16)
    run.write(to: &writer)
    #expect(run.sizeHint == writer.bytes.count)
    // A list's replace by the same repositories: exact too.
    var list = Patch()
    list.append(replacingListAt: "/repos", with: hostile)
    var listed = JSONWriter(capacity: 16)
    list.write(to: &listed)
    #expect(list.sizeHint == listed.bytes.count)
    #expect(listed.text == JSONValue.array(list.operations.map(\.jsonValue)).jsonText)
    // Short operations are covered by their allowance.
    run.append(PatchOperation(op: .replace, path: "/nextPage", value: .int(3), oldValue: .int(2)))
    run.append(PatchOperation(op: .replace, path: "/isLoadingNextPage", value: .bool(false), oldValue: .bool(true)))
    var again = JSONWriter(capacity: 16)
    run.write(to: &again)
    #expect(run.sizeHint >= again.bytes.count && run.sizeHint < again.bytes.count + 2 * 64)
  }
}
