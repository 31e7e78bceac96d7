import Foundation
import Shell
import Testing

/// The JSON paths a `%mode json` failure lists under its diff.
@Suite("JSON differences in replay failures")
struct JSONDifferenceTests {
  @Test("a changed number deep in a record is one path with both values")
  func changedNumber() {
    let old = #"{"patch":[{"op":"add"},{},{},{"op":"add","value":{"stars":85000,"name":"x"}}],"type":"change"}"#
    let new = old.replacingOccurrences(of: "85000", with: "85001")
    #expect(JSONDifference.paths(expected: old, actual: new) == ["/patch/3/value/stars: 85000 -> 85001"])
  }

  @Test("missing and extra members and elements, type changes, escaped keys")
  func shapes() {
    let paths = JSONDifference.paths(
      expected: #"{"a":1,"b":[1,2],"c/d":"x","e":true}"#, actual: #"{"b":[1],"c/d":"y","e":1,"f":null}"#)
    #expect(
      paths == [
        "/a: 1 -> (absent)", "/b/1: 2 -> (absent)", #"/c~1d: "x" -> "y""#, "/e: true -> 1", "/f: (absent) -> null",
      ])
  }

  @Test("no paths when either line is not JSON, or both are the same")
  func notJSON() {
    #expect(JSONDifference.paths(expected: "query: nil", actual: #"{"a":1}"#) == nil)
    #expect(JSONDifference.paths(expected: #"{"a":1}"#, actual: #"{"a":1"#) == nil)
    #expect(JSONDifference.paths(expected: #"{"a":1}"#, actual: #"{"a":1}"#) == nil)
  }

  @Test("a long value is cut short")
  func longValue() throws {
    let long = String(repeating: "x", count: 200)
    let path = try #require(JSONDifference.paths(expected: #"{"a":"\#(long)"}"#, actual: #"{"a":1}"#)?.first)
    #expect(path.count < 90)
    #expect(path.hasSuffix("… -> 1"))
  }

  @Test("a failing %mode json replay lists the differing paths under the diff, with the file's line number")
  func inAReplay() async throws {
    let original = try TranscriptCorpusTests.text("search-json.t")
    // One repository's stars, in the first record that has them.
    var edited = original
    let range = try #require(edited.range(of: #""stars":11000"#))
    edited.replaceSubrange(range, with: #""stars":11001"#)
    guard case .mismatch(let diff) = await TranscriptCorpusTests.replayer().check(edited, name: "j.t").verdict else {
      Issue.record("an edited NDJSON transcript passed")
      return
    }
    let lines = diff.split(separator: "\n").map(String.init)
    let header = try #require(lines.firstIndex { $0.hasPrefix("JSON differences at line ") })
    #expect(lines[header + 1].hasSuffix("/stars: 11001 -> 11000"), "\(lines[header...])")
    // The line number is the edited line's in the file.
    let number = try #require(Int(lines[header].dropFirst("JSON differences at line ".count).dropLast()))
    let fileLines = edited.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(fileLines[number - 1].contains(#""stars":11001"#))
  }
}

@Suite("JSON differences of (glob) lines")
struct JSONGlobDifferenceTests {
  @Test("a string that a (glob) line's pattern matches is no difference; slashes are not escaped")
  func globStrings() {
    let paths = JSONDifference.paths(
      expected: #"{"mutation":"*","path":"/repos/-","stars":1}"#,
      actual: #"{"mutation":"appendRepos","path":"/x","stars":2}"#,
      glob: true)
    #expect(paths == [#"/path: "/repos/-" -> "/x""#, "/stars: 1 -> 2"])
  }
}
