import ReactorCore
import ReactorJSON
import Testing

@testable import Shell

@Suite("DaemonInput")
struct DaemonInputTests {
  static func id(of line: String) -> JSONValue? {
    if case .request(let id, _) = DaemonInput.decode(Array(line.utf8), lineNumber: 9) { return id }
    return nil
  }

  @Test(
    "a numeric id is echoed as it was written, and still equals its value",
    arguments: [
      (#"{"id":1.0,"command":"next"}"#, "1.0", JSONValue.double(1)),
      (#"{"id":18446744073709551617,"command":"next"}"#, "18446744073709551617", .double(18_446_744_073_709_551_616)),
      (#"{"command":"next", "id" : -2e3 }"#, "-2e3", .double(-2000)),
      (#"{"\u0069d":7.50,"command":"next"}"#, "7.50", .double(7.5)),
      (#"{"x":{"id":5,"y":["}",{"id":6}]},"id":12,"command":"next"}"#, "12", .int(12)),
      (#"{"id":3,"command":"next"}"#, "3", .int(3)),
    ])
  func numericIDs(line: String, text: String, value: JSONValue) {
    let id = Self.id(of: line)
    #expect(id?.jsonText == text)
    #expect(id == value)
  }

  @Test("string ids and the line-number default are unchanged")
  func otherIDs() {
    #expect(Self.id(of: #"{"id":"q\"1","command":"next"}"#) == .string("q\"1"))
    #expect(Self.id(of: #"{"command":"next"}"#) == .int(9))
    #expect(Self.id(of: "next") == .int(9))
  }

  @Test("cancel <id> finds a request whose numeric id was written as 1.0")
  func cancelMatchesWrittenNumber() throws {
    let id = try #require(Self.id(of: #"{"id":1.0,"command":"next"}"#))
    #expect(Session.tags(matching: "1.0").contains(id))
    #expect(Session.tags(matching: "1").contains(id))
    #expect(!Session.tags(matching: "2").contains(id))
  }

  /// A request nested deeper than the scanner reads is JSON all the same: "not valid JSON"
  /// read as a parser bug. It has a code of its own, which names the limit.
  @Test("a request nested 129 deep is refused as too deep, one nested 128 deep is read")
  func nesting() {
    func line(_ depth: Int) -> String {
      #"{"id":"n","command":"next","x":"# + String(repeating: "[", count: depth - 1)
        + String(repeating: "]", count: depth - 1) + "}"
    }
    #expect(DaemonInput.decode(Array(line(128).utf8), lineNumber: 4) == .request(id: .string("n"), command: "next"))
    #expect(
      DaemonInput.decode(Array(line(129).utf8), lineNumber: 4)
        == .error(code: "nesting-too-deep", message: "line 4 nests arrays and objects more than 128 deep", id: .int(4)))
    #expect(
      DaemonInput.decode(Array((line(128).dropLast() + "]}").utf8), lineNumber: 4)
        == .error(code: "invalid-json", message: "line 4 is not valid JSON", id: .int(4)))
  }

  @Test(
    "quit and its alias end the input; other lines, and quit with arguments, do not",
    arguments: [
      ("quit", true), ("exit", true), ("  quit # bye", true), ("'quit'", true), ("quit now", false),
      ("open", false), ("next", false), ("query quit", false), ("", false), ("quit &", false),
    ])
  func quitEndsTheInput(_ line: String, _ quits: Bool) {
    #expect(Daemon.isQuit(line, commands: commands) == quits)
  }
}
