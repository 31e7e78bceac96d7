import Foundation
import GitHubClient
import ReactorJSON
import Rendering
import Testing

// A change record's text is the text of its object, however its patch is grouped, with
// pre-encoded repositories among the values.

private let hostile = [
  Repository(
    id: 1, fullName: "apple/swift", description: "The Swift Programming Language", stars: 67_100, language: "C++",
    url: "https://github.com/apple/swift"),
  Repository(id: -7, fullName: "a/\"quoted\"\\", description: nil, stars: 0, language: nil, url: ""),
  Repository(
    id: .max, fullName: "evil/\u{1B}]52;c;QQ==\u{07}",
    description: "clear\u{1B}[2J\r\u{9B}31m \u{202E}rlo\u{2066} \u{2028}",
    stars: .min, language: "漢字 😀", url: "https://example.com/\u{7F}\u{85}\u{061C}"),
  Repository(id: 0, fullName: "", description: "", stars: 1, language: "", url: "x"),
  // Non-ASCII that JSON text keeps as it is: read back from the text, not from originals.
  Repository(
    id: 5, fullName: "café/漢字", description: "😀 naïve — ok", stars: 3, language: "Ελληνικά",
    url: "https://example.com/é"),
]

@Suite struct ChangeRecordTextTests {
  @Test func changeRecordTextIsItsObjectsText() throws {
    let records = Records(options: RenderOptions(mode: .json))
    let patch =
      hostile.map { PatchOperation(op: .add, path: "/repos/-", value: $0.jsonValue) } + [
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
}
