import Foundation
import GitHubClient
import ReactorCore
import Rendering
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

private let hostile = [
  Repository(id: 1, fullName: "apple/swift", description: "The Swift Programming Language", stars: 67_100, language: "C++", url: "https://github.com/apple/swift"),
  Repository(id: -7, fullName: "a/\"quoted\"\\", description: nil, stars: 0, language: nil, url: ""),
  Repository(
    id: .max, fullName: "evil/\u{1B}]52;c;QQ==\u{07}", description: "clear\u{1B}[2J\r\u{9B}31m \u{202E}rlo\u{2066} \u{2028}",
    stars: .min, language: "漢字 😀", url: "https://example.com/\u{7F}\u{85}\u{061C}"),
  Repository(id: 0, fullName: "", description: "", stars: 1, language: "", url: "x"),
]

@Suite struct PreencodedJSONTests {
  @Test(arguments: hostile)
  func repositoryTextIsTheTreesText(_ repository: Repository) throws {
    let encoded = repository.jsonValue
    guard case .encoded = encoded else { Issue.record("a repository should be pre-encoded"); return }
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

  @Test func equalityAndHashingFollowTheFields() {
    let a = hostile[0]
    let same = Repository(id: a.id, fullName: a.fullName, description: a.description, stars: a.stars, language: a.language, url: a.url)
    let other = Repository(id: a.id, fullName: a.fullName, description: a.description, stars: a.stars + 1, language: a.language, url: a.url)
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
    try JSONPatch.apply(PatchOperation(op: .test, path: "/repos/1/fullName", value: .string(hostile[1].fullName)), to: &document)
    try JSONPatch.apply(PatchOperation(op: .add, path: "/repos/-", value: hostile[3].jsonValue), to: &document)
    #expect(document["repos"].map { if case .array(let items) = $0 { items.count } else { 0 } } == 5)
    guard case .array(let items)? = document["repos"] else { Issue.record("no repos"); return }
    #expect(items[0]["stars"] == .int(5))
    #expect(items[0]["fullName"] == .string("apple/swift"))
    #expect(items[4] == tree(hostile[3]))
    #expect(throws: JSONPatch.Failure.self) {
      try JSONPatch.apply(PatchOperation(op: .test, path: "/repos/1/stars", value: .int(99)), to: &document)
    }
  }

  @Test func changeRecordTextIsItsObjectsText() throws {
    let records = Records(options: RenderOptions(mode: .json))
    let patch = hostile.map { PatchOperation(op: .add, path: "/repos/-", value: $0.jsonValue) } + [
      PatchOperation(op: .replace, path: "/query", value: .string("a \"b\"\u{1B}"), oldValue: .null),
      PatchOperation(op: .remove, path: "/last~0Error~1x"),
      PatchOperation(op: .test, path: "/nextPage", value: .int(2)),
      PatchOperation(op: .replace, path: "/isLoading", value: .bool(false), oldValue: .bool(true)),
    ]
    let line = records.change(feature: "search\u{9B}", seq: 42, action: "next", mutation: "appendRepos", patch: patch)
    let record = try #require(line.record)
    #expect(line.text == JSONValue.object(record).jsonText)
    #expect(line.stream == .out)
    let parsed = try #require(try JSONSerialization.jsonObject(with: Data(line.text.utf8)) as? [String: Any])
    #expect((parsed["patch"] as? [Any])?.count == patch.count)
    #expect(parsed["seq"] as? Int == 42)
    // The same patch as the differ makes it, the repositories one run: the same line.
    var run = Patch([patch[0]])
    run.append(addsAt: "/repos/-", elements: Array(hostile.dropFirst()))
    for operation in patch.dropFirst(hostile.count) { run.append(operation) }
    #expect(run.operations == patch)
    let runLine = records.change(feature: "search\u{9B}", seq: 42, action: "next", mutation: "appendRepos", patch: run)
    #expect(runLine.text == line.text)
    #expect(runLine.record == record)
    let empty = records.change(feature: "feed", seq: 1, action: "refresh", mutation: "setIdle", patch: [])
    #expect(empty.text == JSONValue.object(try #require(empty.record)).jsonText)
  }

  @Test("a patch's size hint is exact for a run of repositories, so a change line's buffer never grows for it")
  func sizeHint() {
    var run = Patch()
    run.append(addsAt: "/repos/-", elements: hostile)
    var writer = JSONWriter(capacity: 16)
    run.write(to: &writer)
    #expect(run.sizeHint == writer.bytes.count)
    // Short operations are covered by their allowance.
    run.append(PatchOperation(op: .replace, path: "/nextPage", value: .int(3), oldValue: .int(2)))
    run.append(PatchOperation(op: .replace, path: "/isLoadingNextPage", value: .bool(false), oldValue: .bool(true)))
    var again = JSONWriter(capacity: 16)
    run.write(to: &again)
    #expect(run.sizeHint >= again.bytes.count && run.sizeHint < again.bytes.count + 2 * 64)
  }
}
