import Foundation
import ReactorCore
import ReactorJSON
import Rendering
import Testing

// The NDJSON records of the output contract and their text-mode twins.

private let json = Records(options: RenderOptions(mode: .json))
private let text = Records(options: RenderOptions(mode: .text))

/// One NDJSON line parsed by Foundation, as an object.
private func object(_ line: OutputLine) throws -> [String: Any] {
  #expect(line.stream == .out, "NDJSON goes to standard output")
  #expect(!line.text.contains("\n"), "one record per line")
  let parsed = try JSONSerialization.jsonObject(with: Data(line.text.utf8))
  return try #require(parsed as? [String: Any], "not a JSON object: \(line.text)")
}

/// The top-level keys of a record, in the order they appear in the text.
private func keyOrder(_ line: OutputLine, _ keys: [String]) -> [String] {
  keys.compactMap { key in line.text.range(of: "\"\(key)\":").map { (key, $0.lowerBound) } }
    .sorted { $0.1 < $1.1 }.map(\.0)
}

@Suite struct RecordsTests {
  @Test func changeRecord() throws {
    let patch = [
      PatchOperation(op: .replace, path: "/query", value: .string("swift"), oldValue: .null),
      PatchOperation(op: .add, path: "/repos/-", value: .object(["fullName": .string("apple/swift")])),
      PatchOperation(op: .remove, path: "/lastError"),
    ]
    let line = json.change(feature: "search", seq: 7, action: "next", mutation: "appendRepos", patch: patch)
    let record = try object(line)
    #expect(record["type"] as? String == "change")
    #expect(record["seq"] as? Int == 7)
    #expect(record["feature"] as? String == "search")
    #expect(record["action"] as? String == "next")
    #expect(record["mutation"] as? String == "appendRepos")
    let operations = try #require(record["patch"] as? [[String: Any]])
    #expect(operations.count == 3)
    #expect(operations[0]["op"] as? String == "replace" && operations[0]["value"] as? String == "swift")
    #expect(operations[0]["oldValue"] == nil, "oldValue is not part of RFC 6902")
    #expect(operations[1]["path"] as? String == "/repos/-")
    #expect(operations[2].keys.sorted() == ["op", "path"])
    let keys = ["action", "feature", "mutation", "patch", "seq", "type"]
    #expect(keyOrder(line, keys) == keys)
    #expect(
      line.text
        == #"{"action":"next","feature":"search","mutation":"appendRepos","patch":[{"op":"replace","path":"/query","value":"swift"},{"op":"add","path":"/repos/-","value":{"fullName":"apple/swift"}},{"op":"remove","path":"/lastError"}],"seq":7,"type":"change"}"#
    )
  }

  @Test("a change record keeps the writer's UTF-8, equal to the same line made as text")
  func changeRecordBytes() {
    let patch = [PatchOperation(op: .replace, path: "/query", value: .string("café \u{1F600} \"q\""), oldValue: .null)]
    let line = json.change(feature: "search", seq: 1, action: "updateQuery", mutation: "setQuery", patch: patch)
    let bytes = line.withUTF8 { Array($0) }
    #expect(bytes == Array(line.text.utf8))
    #expect(String(decoding: bytes, as: UTF8.self).contains("\"value\":\"café \u{1F600} \\\"q\\\"\""))
    // Equal to a line holding the same text, and not to one that differs by a byte.
    var same = OutputLine(.out, line.text, record: line.record)
    #expect(same == line && line == same)
    same.text += " "
    #expect(same != line)
    #expect(OutputLine(.err, line.text, record: line.record) != line, "the stream is part of a line")
  }

  @Test func stateRecord() throws {
    let lines = json.state(feature: "search", state: .object(["query": .string("swift"), "repos": .array([])]))
    #expect(lines.count == 1)
    let record = try object(lines[0])
    #expect(record["type"] as? String == "state")
    #expect(record["feature"] as? String == "search")
    #expect((record["state"] as? [String: Any])?["query"] as? String == "swift")
    #expect(lines[0].text == #"{"feature":"search","state":{"query":"swift","repos":[]},"type":"state"}"#)
  }

  @Test func errorInfoAndOpenRecords() throws {
    let error = try object(
      json.error(code: "unknown-command", message: "unknown command 'serch'; did you mean 'search'?"))
    #expect(error["type"] as? String == "error" && error["code"] as? String == "unknown-command")
    #expect(error["message"] as? String == "unknown command 'serch'; did you mean 'search'?")
    #expect(error["feature"] == nil)
    #expect(try object(json.error(code: "timeout", message: "m", feature: "search"))["feature"] as? String == "search")

    let info = try object(json.info("no more results", feature: "search"))
    #expect(info["type"] as? String == "info" && info["message"] as? String == "no more results")
    #expect(info["feature"] as? String == "search")
    #expect(json.info("no more results").text == #"{"message":"no more results","type":"info"}"#)

    let open = json.open(url: "https://github.com/apple/swift", launched: true)
    #expect(open.text == #"{"type":"open","url":"https://github.com/apple/swift"}"#)
    #expect(try object(open)["type"] as? String == "open")
  }

  @Test func hostileStringsStayInertInNDJSON() throws {
    let hostile = "x\u{1B}]52;c;AAAA\u{07}\u{9B}2J\u{202E}"
    let line = json.error(code: "c", message: hostile)
    #expect(
      !line.text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0.value == 0x202E })
    #expect(try object(line)["message"] as? String == hostile)
  }

  @Test func everyRecordHasAType() throws {
    let lines =
      [
        json.change(feature: "search", seq: 1, action: "query", mutation: "setQuery", patch: []),
        json.error(code: "x", message: "y"), json.info("z"), json.open(url: "https://x", launched: false),
        json.record(["type": .string("help"), "commands": .array([])]),
      ] + json.state(feature: "search", state: .null)
    for line in lines {
      #expect(try object(line)["type"] is String, "\(line.text)")
    }
  }

  // MARK: - Text mode

  @Test func textErrorGoesToStandardErrorSanitized() {
    let line = text.error(code: "x", message: "bad \u{1B}[2J thing")
    #expect(line.stream == .err && line.text == "error: bad ^[[2J thing")
    let coloured = Records(options: RenderOptions(mode: .text, color: true)).error(code: "x", message: "m")
    #expect(coloured.stream == .err && coloured.text == "\u{1B}[31merror:\u{1B}[0m m")
  }

  @Test func textInfoAndOpen() {
    #expect(text.info("no more\u{07}") == OutputLine(.out, "no more^G"))
    #expect(
      text.open(url: "https://github.com/apple/swift", launched: true)
        == OutputLine(.out, "opening https://github.com/apple/swift"))
    #expect(text.open(url: "https://x/\u{1B}[2J\ty", launched: false) == OutputLine(.out, "https://x/^[[2J y"))
  }

  @Test func textStateIsIndentedJSONUnderTheFeatureName() {
    let state = JSONValue.object([
      "query": .string("a\u{1B}b"), "repos": .array([.int(1), .int(2)]), "empty": .object([:]), "none": .array([]),
    ])
    let lines = text.state(feature: "search", state: state)
    #expect(lines.allSatisfy { $0.stream == .out })
    #expect(
      lines.map(\.text) == [
        "search:",
        "  {",
        #"    "empty": {},"#,
        #"    "none": [],"#,
        #"    "query": "a\u001bb","#,
        #"    "repos": ["#,
        "      1,",
        "      2",
        "    ]",
        "  }",
      ])
  }

  @Test func optionsClampTheWidth() {
    #expect(RenderOptions(width: 5).width == 20)
    #expect(RenderOptions(width: 132).width == 132)
    #expect(RenderOptions().mode == .text && RenderOptions().color == false && RenderOptions().width == 80)
  }
}
