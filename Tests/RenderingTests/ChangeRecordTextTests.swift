import Foundation
import GitHubClient
import ReactorJSON
import Rendering
import TestSupport
import Testing

// A change record's text is the text of its object, however its patch is grouped, with
// pre-encoded repositories among the values.

private let hostile = Repository.hostileExamples

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

  @Test("a record longer than its patch's size hint outgrows the room of its line and is still whole")
  func recordOutgrowingItsRoom() throws {
    let records = Records(options: RenderOptions(mode: .json))
    // A hint counts a short value an operation; this one is thousands of bytes, all escaped.
    let long = String(repeating: "\"\u{1}é", count: 3_000)
    let patch: [PatchOperation] = [
      PatchOperation(op: .replace, path: "/query", value: .string(long), oldValue: .null),
      PatchOperation(op: .replace, path: "/isLoading", value: .bool(true), oldValue: .bool(false)),
    ]
    #expect(Patch(patch).sizeHint < long.utf8.count)
    for seq in 1...3 {
      let line = records.change(
        feature: "search", seq: UInt64(seq), action: "query", mutation: "setQuery", patch: patch)
      let record = try #require(line.record)
      #expect(line.text == JSONValue.object(record).jsonText)
      #expect(line.text.hasSuffix(#","seq":\#(seq),"type":"change"}"#))
      let short = records.change(feature: "search", seq: UInt64(seq), action: "next", mutation: "setIdle", patch: [])
      #expect(
        short.text
          == #"{"action":"next","feature":"search","mutation":"setIdle","patch":[],"seq":\#(seq),"type":"change"}"#)
    }
  }
}
