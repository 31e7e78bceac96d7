import Foundation
import LiveTerminal
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `reactor live` on a pseudo-terminal, the screen saying what it shows (issue 38): a newer
/// query's answer held by a loopback GitHub, so that the screen between typing and answer can
/// be read; a one-row scroll, with and without the terminal's scroll region.
@Suite("live view: a screen that never lies", .serialized)
struct LiveHonestScreenTests {
  static let columns = 100
  static let rows = 24

  static func model(_ text: String) -> TerminalModel {
    var model = TerminalModel(width: columns, height: rows)
    model.feed(Array(text.utf8))
    return model
  }

  /// A loopback GitHub whose search answers list one repository named after the query; the
  /// queries `swiftx` and `swiftxy` set their latch in `arrived` and wait until `release` is set.
  static func server(release: Latch, arrived: [String: Latch]) throws -> LoopbackServer {
    try LoopbackServer { request in
      let query = URLComponents(string: request.pathAndQuery)?.queryItems?.first { $0.name == "q" }?.value ?? ""
      if let latch = arrived[query] {
        latch.set()
        release.wait()
      }
      let body =
        #"{"total_count":1,"incomplete_results":false,"items":[{"id":1,"full_name":"owner/\#(query)","description":null,"stargazers_count":3,"language":"Swift","html_url":"https://github.com/owner/\#(query)"}]}"#
      return LoopbackResponse(status: 200, headers: [("Content-Type", "application/json")], body: Data(body.utf8))
    }
  }

  /// Waits until the screen's rows satisfy `condition`.
  static func wait(_ session: TerminalSession, for what: String, _ condition: @escaping ([String]) -> Bool)
    async throws
  {
    try await session.wait(for: what) { screen, _ in condition(model(screen).lines) }
  }

  @Test("while a newer query loads, the older list stays, marked with its query; cancelled: goes with the answer")
  func olderListKeptAndMarked() async throws {
    let release = Latch()
    let arrived = ["swiftx": Latch(), "swiftxy": Latch()]
    let server = try Self.server(release: release, arrived: arrived)
    defer {
      release.set()
      server.stop()
    }
    let session = try TerminalSession(
      ["--api-url", server.baseURL, "--no-cache", "live", "--throttle", "0", "swift"], columns: Self.columns,
      rows: Self.rows, outputToPipe: true)
    defer { session.end() }
    try await Self.wait(session, for: "swift's answer") { $0.contains { $0.contains("owner/swift") } }
    session.type("x")
    try await session.wait(for: "the request for swiftx") { _, _ in arrived["swiftx"]?.wait(timeout: .zero) == true }
    // The status line's last field: the frame that says swiftx is searched has been drawn whole.
    try await Self.wait(session, for: "swiftx searched") { $0.last?.hasSuffix("searching...") == true }
    var lines = Self.model(session.text).lines
    #expect(lines[1].contains("owner/swift"), "\(lines)")
    #expect(!lines.contains { $0.contains("Searching") }, "\(lines)")
    #expect(lines.last == "1 of 1 · results for \"swift\" · searching...", "\(lines)")
    // y replaces swiftx in flight: said while swiftxy loads.
    session.type("y")
    try await session.wait(for: "the request for swiftxy") { _, _ in arrived["swiftxy"]?.wait(timeout: .zero) == true }
    try await Self.wait(session, for: "the cancellation") { $0.last?.contains("cancelled: swiftx") == true }
    release.set()
    try await Self.wait(session, for: "swiftxy's answer") { $0.last?.contains("last page") == true }
    lines = Self.model(session.text).lines
    #expect(lines[1].contains("owner/swiftxy"), "\(lines)")
    #expect(lines.last == "1 of 1 · last page", "\(lines)")
    session.type("\u{1B}")
    #expect(try await session.exitStatus() == 130)
  }

  @Test("Enter while the list answers an older query prints what is on screen, which says so")
  func enterOnAnOlderList() async throws {
    let release = Latch()
    let arrived = ["swiftx": Latch(), "swiftxy": Latch()]
    let server = try Self.server(release: release, arrived: arrived)
    defer {
      release.set()
      server.stop()
    }
    let session = try TerminalSession(
      ["--api-url", server.baseURL, "--no-cache", "live", "--throttle", "0", "swift"], columns: Self.columns,
      rows: Self.rows, outputToPipe: true)
    defer { session.end() }
    try await Self.wait(session, for: "swift's answer") { $0.contains { $0.contains("owner/swift") } }
    let current = Self.model(session.text).cell(at: Position(row: 1, column: 8)).attributes
    #expect(current.reverse && !current.dim)
    session.type("x")
    try await Self.wait(session, for: "swiftx searched") { $0.last?.hasSuffix("searching...") == true }
    #expect(Self.model(session.text).lines.last?.contains("results for \"swift\"") == true)
    // The selection is drawn dim as well as reversed: not the typed query's.
    let stale = Self.model(session.text).cell(at: Position(row: 1, column: 8)).attributes
    #expect(stale.reverse && stale.dim)
    session.type("\r")
    #expect(try await session.exitStatus() == 0)
    try await session.wait(for: "the selection on standard output") { _, pipe in pipe.hasSuffix("\n") }
    #expect(session.pipedText == "owner/swift\n")
  }

  /// A loopback GitHub whose answers list three repositories named after the query; `swiftx`
  /// sets `arrived` and waits for `release`.
  static func threeServer(release: Latch, arrived: Latch) throws -> LoopbackServer {
    try LoopbackServer { request in
      let query = URLComponents(string: request.pathAndQuery)?.queryItems?.first { $0.name == "q" }?.value ?? ""
      if query == "swiftx" {
        arrived.set()
        release.wait()
      }
      let items = (1...3).map { number in
        #"{"id":\#(number),"full_name":"owner/\#(query)\#(number)","description":"Repository \#(number) of \#(query)","stargazers_count":3,"language":"Swift","html_url":"https://github.com/owner/\#(query)\#(number)"}"#
      }
      let body = #"{"total_count":3,"incomplete_results":false,"items":[\#(items.joined(separator: ","))]}"#
      return LoopbackResponse(status: 200, headers: [("Content-Type", "application/json")], body: Data(body.utf8))
    }
  }

  @Test(
    "--multi --preview at 60 columns on a list kept for an older query: the marks, the dim selection and its pane; the answer drops the marks"
  )
  func marksAndPaneOnAnOlderList() async throws {
    let (release, arrived) = (Latch(), Latch())
    let server = try Self.threeServer(release: release, arrived: arrived)
    defer {
      release.set()
      server.stop()
    }
    let width = 60
    let session = try TerminalSession(
      ["--api-url", server.baseURL, "--no-cache", "live", "--throttle", "0", "--multi", "--preview", "swift"],
      columns: width, rows: Self.rows, outputToPipe: true)
    defer { session.end() }
    func screen(_ text: String) -> TerminalModel {
      var model = TerminalModel(width: width, height: Self.rows)
      model.feed(Array(text.utf8))
      return model
    }
    func wait(for what: String, _ condition: @escaping ([String]) -> Bool) async throws {
      try await session.wait(for: what) { text, _ in condition(screen(text).lines) }
    }
    try await wait(for: "swift's answer") { $0.contains { $0.contains("3. owner/swift3") } }
    session.type("\t")
    try await wait(for: "a mark") { $0.last?.hasSuffix("1 marked") == true }
    session.type("x")
    try await session.wait(for: "the request for swiftx") { _, _ in arrived.wait(timeout: .zero) }
    // Tab on the list kept for "swift": it marks the row shown.
    session.type("\t")
    try await wait(for: "two marks on the older list") { $0.last?.hasSuffix("searching... · 2 marked") == true }
    var model = screen(session.text)
    var lines = model.lines
    #expect(lines[1].hasPrefix("+  1. owner/swift1") && lines[2].hasPrefix("+  2. owner/swift2"), "\(lines)")
    #expect(lines.last?.hasPrefix("3 of 3 · results for \"swift\"") == true, "\(lines)")
    let selection = model.cell(at: Position(row: 3, column: 8)).attributes
    #expect(selection.reverse && selection.dim, "the selection is drawn as the older query's")
    // Too narrow for the pane beside the list: below it, after a rule, on the selection.
    let rule = try #require(lines.firstIndex(of: String(repeating: "─", count: width)), "\(lines)")
    #expect(lines[rule + 1].hasPrefix("owner/swift3") && lines[rule + 2].hasPrefix("Repository 3 of swift"), "\(lines)")
    release.set()
    try await wait(for: "swiftx's answer") { $0.last?.contains("2 marks dropped: a new query") == true }
    model = screen(session.text)
    lines = model.lines
    #expect(!lines.contains { $0.hasPrefix("+") }, "\(lines)")
    #expect(lines[1].hasPrefix("   1. owner/swiftx1") && lines[rule + 1].hasPrefix("owner/swiftx1"), "\(lines)")
    let current = model.cell(at: Position(row: 1, column: 8)).attributes
    #expect(current.reverse && !current.dim)
    session.type("\r")
    #expect(try await session.exitStatus() == 0)
    try await session.wait(for: "the selection on standard output") { _, pipe in pipe.hasSuffix("\n") }
    #expect(session.pipedText == "owner/swiftx1\n")
  }

  /// The bytes a Down at the last row on screen writes, which moves the window one row, with
  /// `term` as TERM; and whether they set a scroll region.
  static func oneRowScroll(term: String) async throws -> (bytes: Int, region: Bool) {
    let session = try TerminalSession(
      ["--offline", "live", "--throttle", "0", "language:swift"], environment: ["TERM": term],
      columns: Self.columns, rows: Self.rows, outputToPipe: true)
    defer { session.end() }
    // The second page loads at once (the window is within a screenful of the 30th result).
    try await Self.wait(session, for: "two pages") { $0.last?.hasPrefix("60 of") == true }
    let lastRow = Self.rows - 2
    session.type(String(repeating: "\u{1B}[B", count: lastRow - 1))
    try await session.wait(for: "the selection on the last row") { screen, _ in
      let model = Self.model(screen)
      return model.lines[lastRow].contains("\(lastRow). ")
        && model.cell(at: Position(row: lastRow, column: 8)).attributes.reverse
    }
    let before = session.text.utf8.count
    session.type("\u{1B}[B")
    try await session.wait(for: "the window one row down") { screen, _ in
      let model = Self.model(screen)
      return model.lines[1].contains(" 2. ") && model.lines[lastRow].contains("\(lastRow + 1). ")
        && model.cell(at: Position(row: lastRow, column: 8)).attributes.reverse
        && !model.cell(at: Position(row: lastRow - 1, column: 8)).attributes.reverse
    }
    let written = Array(session.text.utf8.dropFirst(before))
    session.type("\u{1B}")
    #expect(try await session.exitStatus() == 130)
    let text = String(decoding: written, as: UTF8.self)
    return (written.count, text.contains(#/\x1B\[\d+;\d+r/#))
  }

  @Test("a one-row scroll is the terminal's: a tenth of what the same move writes without a scroll region")
  func scrollRegion() async throws {
    let scrolled = try await Self.oneRowScroll(term: "xterm-256color")
    let rewritten = try await Self.oneRowScroll(term: "vt100")
    #expect(scrolled.region && !rewritten.region)
    #expect(scrolled.bytes * 10 <= rewritten.bytes, "\(scrolled.bytes) bytes scrolled, \(rewritten.bytes) rewritten")
  }
}
