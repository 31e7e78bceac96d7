import Foundation
import LiveTerminal
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `reactor live` on a pseudo-terminal: the throttle, scroll-to-load, the ways out, and the
/// terminal as it was after each of them. The screen is read through a model of the terminal
/// (`TerminalModel`), since the view draws only what changed.
@Suite("live view on a terminal", .serialized)
struct LiveViewTests {
  static let columns = 100
  static let rows = 24

  /// The screen the bytes so far leave, as text rows.
  static func screen(_ session: TerminalSession) -> [String] {
    var model = TerminalModel(width: columns, height: rows)
    model.feed(Array(session.text.utf8))
    return model.lines
  }

  static func model(_ session: TerminalSession) -> TerminalModel {
    var model = TerminalModel(width: columns, height: rows)
    model.feed(Array(session.text.utf8))
    return model
  }

  /// Waits until the screen shows a row containing `text`.
  static func wait(_ session: TerminalSession, forRow text: String) async throws {
    try await session.wait(for: "a row with \(text.debugDescription)") { _, _ in
      screen(session).contains { $0.contains(text) }
    }
  }

  /// Waits until the bytes read so far leave the alternate screen: the exit has been drawn.
  static func waitForMainScreen(_ session: TerminalSession) async throws {
    try await session.wait(for: "the main screen back") { screen, _ in
      var model = TerminalModel(width: columns, height: rows)
      model.feed(Array(screen.utf8))
      return !model.isAlternateScreen
    }
  }

  /// The change records of the NDJSON log at `path`.
  static func changes(_ path: String) throws -> [[String: Any]] {
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }.filter { $0["type"] as? String == "change" }
  }

  static func scratch(_ name: String) -> String {
    NSTemporaryDirectory() + "reactor-live-\(getpid())-\(name).ndjson"
  }

  func start(_ arguments: [String], log: String? = nil, environment: [String: String] = [:]) throws
    -> TerminalSession
  {
    let logArguments = log.map { ["--json-log", $0] } ?? []
    return try TerminalSession(
      ["--offline", "live"] + logArguments + arguments, environment: environment, columns: Self.columns,
      rows: Self.rows, outputToPipe: true)
  }

  /// The queries the view sent, in order: the `/query` of each `setQuery` in the log at `path`.
  static func queries(_ path: String) throws -> [String] {
    try changes(path).compactMap { change -> String? in
      guard change["mutation"] as? String == "setQuery", let patch = change["patch"] as? [[String: Any]] else {
        return nil
      }
      return patch.first { $0["path"] as? String == "/query" }?["value"] as? String
    }
  }

  /// Waits until the log at `path` holds a change that `condition` holds of.
  static func wait(forLog path: String, _ what: String, _ condition: @escaping ([[String: Any]]) -> Bool)
    async throws
  {
    let found = await poll(timeout: TimingSlack.seconds(60)) { condition((try? changes(path)) ?? []) }
    if !found { throw TerminalSession.Failure("timed out waiting for \(what) in the log") }
  }

  @Test("swift typed in one go sends what the throttle allows: s at once, then swift once")
  func throttle() async throws {
    let log = Self.scratch("throttle")
    defer { try? FileManager.default.removeItem(atPath: log) }
    // The five keys arrive in one read and are handled one after another in one turn of the
    // view's loop, far inside the interval; nothing else is timed. (The interval only has to
    // outlast that turn, which includes s's search under a sanitizer; hence 20 s there.)
    let session = try start(["--throttle", TimingSlack.factor > 1 ? "20s" : "2s"], log: log)
    defer { session.end() }
    let before = session.initialModes
    try await Self.wait(session, forRow: "search>")
    session.type("swift")
    try await Self.wait(forLog: log, "the throttled query sent") { changes in
      changes.contains { ($0["patch"] as? [[String: Any]])?.contains { $0["value"] as? String == "swift" } == true }
    }
    // s went with its key, before w was handled: it did not wait. The rest waited for the
    // interval and went as one query, the latest.
    #expect(try Self.queries(log) == ["s", "swift"])
    let logText = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
    #expect(logText.contains(#""effectId":"search","event":"start""#))
    try await Self.wait(session, forRow: "apple/swift")
    session.type("\r")
    #expect(try await session.exitStatus() == 0)
    try await session.wait(for: "the selection on standard output") { _, pipe in pipe.hasSuffix("\n") }
    #expect(!session.pipedText.isEmpty && !session.pipedText.contains("\u{1B}"))
    try await Self.waitForMainScreen(session)
    #expect(session.modes == before)
    #expect(Self.model(session).modesLeftOn.isEmpty)
    // Nothing was sent after swift: a throttle that kept sending would show here.
    #expect(try Self.queries(log) == ["s", "swift"])
  }

  /// A loopback GitHub with four pages of 30 results for any query; the request for page 2
  /// waits until `release` is set, after setting `arrived`.
  static func pagedServer(holdingPage2 release: Latch, arrived: Latch) throws -> LoopbackServer {
    try LoopbackServer(makeHandler: { base in
      { request in
        let items = URLComponents(string: request.pathAndQuery)?.queryItems ?? []
        let page = Int(items.first { $0.name == "page" }?.value ?? "") ?? 1
        if page == 2 {
          arrived.set()
          release.wait()
        }
        let repositories = (1...30).map { index in
          let id = (page - 1) * 30 + index
          return
            #"{"id":\#(id),"full_name":"owner/repo\#(id)","description":null,"stargazers_count":\#(1000 - id),"language":"Swift","html_url":"https://github.com/owner/repo\#(id)"}"#
        }
        let body = #"{"total_count":120,"incomplete_results":false,"items":[\#(repositories.joined(separator: ","))]}"#
        let next = "<\(base)/search/repositories?q=x&page=\(page + 1)>; rel=\"next\""
        return .json(200, body, headers: page < 4 ? [("Link", next)] : [])
      }
    })
  }

  @Test("paging to the end sends one next at a time, never a refused one")
  func scrollToLoad() async throws {
    let release = Latch()
    let arrived = Latch()
    let server = try Self.pagedServer(holdingPage2: release, arrived: arrived)
    defer {
      release.set()
      server.stop()
    }
    let log = Self.scratch("scroll")
    defer { try? FileManager.default.removeItem(atPath: log) }
    let session = try TerminalSession(
      ["--api-url", server.baseURL, "--no-cache", "live", "--json-log", log, "--throttle", "0", "x"],
      columns: Self.columns, rows: Self.rows, outputToPipe: true)
    defer { session.end() }
    try await Self.wait(session, forRow: " 1. ")
    // End five times at once, while page 2 is held: one load, not five. Once the screen shows
    // the load, the view has handled all five keys.
    session.type(String(repeating: "\u{1B}[F", count: 5))
    try await session.wait(for: "the request for page 2") { _, _ in arrived.wait(timeout: .zero) }
    try await Self.wait(session, forRow: "loading more")
    release.set()
    try await Self.wait(forLog: log, "page 2 landed") { changes in
      changes.contains { $0["mutation"] as? String == "appendRepos" }
    }
    session.type("\u{1B}")
    #expect(try await session.exitStatus() == 130)
    #expect(session.pipedText.isEmpty)
    let pages = server.requests.compactMap { request in
      URLComponents(string: request.pathAndQuery)?.queryItems?.first { $0.name == "page" }?.value
    }
    #expect(pages.filter { $0 == "2" }.count == 1, "page requests: \(pages)")
    // Each load starts, then lands, before the next starts: loads that overlapped would show two
    // starts in a row. (The last may have been under way when Escape cancelled it.)
    let loads = try Self.changes(log).compactMap { record -> String? in
      switch record["mutation"] as? String {
      case "setLoadingNextPage": "start \(record["action"] as? String ?? "?")"
      case "appendRepos": "land \(record["action"] as? String ?? "?")"
      default: nil
      }
    }
    let pairs = stride(from: 0, to: loads.count, by: 2).map { Array(loads[$0..<min($0 + 2, loads.count)]) }
    #expect(!pairs.isEmpty && pairs.dropLast().allSatisfy { $0 == ["start next", "land next"] }, "\(loads)")
    #expect(pairs.last == ["start next", "land next"] || pairs.last == ["start next"], "\(loads)")
    let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
    #expect(!text.contains("already loading"))
  }

  @Test(
    "every way out restores the terminal", arguments: ["esc", "ctrl-c", "SIGTERM", "SIGHUP", "a crash (SIGSEGV)"])
  func restores(_ way: String) async throws {
    let session = try start(["language:swift"])
    defer { session.end() }
    let before = session.initialModes
    try await Self.wait(session, forRow: " 1. ")
    #expect(Self.model(session).isAlternateScreen)
    switch way {
    case "esc": session.type("\u{1B}")
    case "ctrl-c": session.type("\u{3}")
    case "SIGTERM": session.send(SIGTERM)
    case "SIGHUP": session.send(SIGHUP)
    default: session.send(SIGSEGV)
    }
    let expected: Int32 =
      ["esc": 130, "ctrl-c": 130, "SIGTERM": 128 + SIGTERM, "SIGHUP": 128 + SIGHUP][way] ?? 128 + SIGSEGV
    #expect(try await session.exitStatus() == expected)
    try await Self.waitForMainScreen(session)
    let model = Self.model(session)
    #expect(model.modesLeftOn.isEmpty, "\(way) left \(model.modesLeftOn) on")
    #expect(!model.isAlternateScreen)
    #expect(session.modes == before)
    #expect(session.pipedText.isEmpty)
  }

  /// The bytes the view wrote since `offset` from its last full repaint on (the one a resize or a
  /// return from Ctrl-Z causes: attributes reset, cursor home, screen cleared), or nil before it.
  static func sinceRepaint(_ session: TerminalSession, after offset: Int) -> ArraySlice<UInt8>? {
    let bytes = Array(session.text.utf8)
    let clear = Array("\u{1B}[0m\u{1B}[H\u{1B}[2J".utf8)
    guard offset + clear.count <= bytes.count else { return nil }
    var start: Int?
    for index in offset...(bytes.count - clear.count) where bytes[index..<index + clear.count].elementsEqual(clear) {
      start = index
    }
    return start.map { bytes[$0...] }
  }

  /// The screen `bytes` draw, read on a terminal larger than the view's, so that nothing the
  /// view drew is cut off by the model: a row longer than the view's width, or below its
  /// height, shows.
  static func unclipped(_ bytes: ArraySlice<UInt8>) -> TerminalModel {
    var model = TerminalModel(width: 200, height: 60)
    model.feed(bytes)
    return model
  }

  /// The columns used on the widest row of `model`: one past its last cell that is not blank.
  static func widest(_ model: TerminalModel) -> Int {
    (0..<model.height).map { row in
      ((0..<model.width).last { model.cell(at: Position(row: row, column: $0)).text != " " } ?? -1) + 1
    }.max() ?? 0
  }

  @Test("a resize re-lays the screen, and no row is wider than the terminal")
  func resize() async throws {
    let session = try start(["language:swift"])
    defer { session.end() }
    try await Self.wait(session, forRow: " 1. ")
    // At 100 columns a row has the language and the start of the description.
    #expect(Self.screen(session).contains { $0.contains(" 1. ") && $0.contains("Swift") })
    let drawn = session.text.utf8.count
    session.resize(columns: 40, rows: Self.rows)
    var model = TerminalModel(width: 1, height: 1)
    try await session.wait(for: "the repaint at 40 columns") { _, _ in
      guard let bytes = Self.sinceRepaint(session, after: drawn) else { return false }
      model = Self.unclipped(bytes)
      // The status line is the last thing drawn.
      return !model.lines[Self.rows - 1].isEmpty
    }
    let repainted = model.lines
    #expect(Self.widest(model) <= 40, "a row wider than 40 columns: \(repainted)")
    #expect(repainted.dropFirst(Self.rows).allSatisfy { $0.isEmpty }, "a row below the terminal: \(repainted)")
    // At 40 columns the list drops the description and the language, as the REPL's does.
    let first = try #require(repainted.first { $0.contains(" 1. ") }, "\(repainted)")
    #expect(!first.contains("Swift") && first.contains("★"), "\(first)")
    session.type("\u{1B}")
    #expect(try await session.exitStatus() == 130)
  }

  /// A loopback GitHub whose search answers list one repository named after the query; the
  /// answer to `rust` waits until `release` is set.
  static func server(holdingRust release: Latch, rustArrived: Latch) throws -> LoopbackServer {
    try LoopbackServer { request in
      let query =
        URLComponents(string: request.pathAndQuery)?.queryItems?.first { $0.name == "q" }?.value ?? ""
      if query == "rust" {
        rustArrived.set()
        release.wait()
      }
      let name = query.isEmpty ? "empty" : query
      let body =
        #"{"total_count":1,"incomplete_results":false,"items":[{"id":1,"full_name":"owner/\#(name)","description":null,"stargazers_count":3,"language":"Swift","html_url":"https://github.com/owner/\#(name)"}]}"#
      return LoopbackResponse(status: 200, headers: [("Content-Type", "application/json")], body: Data(body.utf8))
    }
  }

  @Test("typing rust, then go before rust is answered: the cancellation shows, and no rust result is ever drawn")
  func staleQueryCancelled() async throws {
    let release = Latch()
    let rustArrived = Latch()
    let server = try Self.server(holdingRust: release, rustArrived: rustArrived)
    defer {
      release.set()
      server.stop()
    }
    let log = Self.scratch("stale")
    defer { try? FileManager.default.removeItem(atPath: log) }
    let session = try TerminalSession(
      ["--api-url", server.baseURL, "--no-cache", "live", "--json-log", log, "--throttle", "0"], columns: Self.columns,
      rows: Self.rows, outputToPipe: true)
    defer { session.end() }
    try await Self.wait(session, forRow: "search>")
    session.type("rust")
    try await session.wait(for: "the request for rust") { _, _ in rustArrived.wait(timeout: .zero) }
    // Ctrl-U empties the query, which cancels rust's search; then go is searched.
    session.type("\u{15}")
    try await Self.wait(session, forRow: "cancelled: rust")
    session.type("go")
    try await Self.wait(session, forRow: "owner/go")
    // Now the server answers rust, late.
    let answeredBefore = server.answered
    release.set()
    #expect(
      await poll(timeout: TimingSlack.eventTimeout) { server.answered > answeredBefore }, "rust was never answered")
    // A query typed after the stale answer was sent: its answer comes after rust's would have.
    session.type("x")
    try await Self.wait(forLog: log, "gox's answer") { changes in
      changes.contains { change in
        (change["patch"] as? [[String: Any]])?.contains { "\($0["value"] ?? "")".contains("owner/gox") } == true
      }
    }
    try await Self.wait(session, forRow: "owner/gox")
    session.type("\u{1B}")
    #expect(try await session.exitStatus() == 130)
    let queries = try Self.queries(log)
    #expect(queries.contains("rust") && queries.last == "gox", "\(queries)")
    let logText = try String(contentsOfFile: log, encoding: .utf8)
    #expect(logText.contains("owner/go") && !logText.contains("owner/rust"), "\(logText)")
    let drawn = TerminalScreens.first(in: Array(session.text.utf8), width: Self.columns, height: Self.rows) { lines in
      lines.contains { $0.contains("owner/rust") }
    }
    #expect(drawn == nil, "a screen showed rust's result: \(drawn ?? [])")
  }

  /// The session leads a session of its own, an orphaned process group: no shell can continue
  /// it, and the kernel discards the SIGTSTP (JobControlTests has a shell's job control).
  @Test("Ctrl-Z where no shell can continue the view leaves and redraws it at once, never stopped")
  func suspend() async throws {
    let session = try start(["language:swift"])
    defer { session.end() }
    try await Self.wait(session, forRow: " 1. ")
    let enter = String(decoding: FrameWriter.enter, as: UTF8.self)
    let leave = String(decoding: FrameWriter.leave, as: UTF8.self)
    session.type("\u{1A}")
    try await session.wait(for: "the view left and drawn again") { screen, _ in
      guard let left = screen.range(of: leave) else { return false }
      return screen[left.upperBound...].contains(enter) && Self.model(session).lines.contains { $0.contains(" 1. ") }
    }
    #expect(!session.isStopped)
    session.type("\u{1B}")
    #expect(try await session.exitStatus() == 130)
  }

  @Test("the REPL's live verb prints the selection as its output and gives the prompt back")
  func replVerb() async throws {
    let session = try TerminalSession(["--offline"], columns: Self.columns, rows: Self.rows)
    defer { session.end() }
    try await session.wait(forScreen: "reactor> ")
    session.type("live language:rust\r")
    try await Self.wait(session, forRow: " 1. ")
    // The first row is selected; Down, then Enter prints the second, on the main screen once
    // the view has left it.
    #expect(Self.screen(session).contains { $0.contains(" 1. ") && $0.contains("denoland/deno") })
    #expect(Self.screen(session).contains { $0.contains(" 2. ") && $0.contains("rust-lang/rust") })
    session.type("\u{1B}[B\r")
    let leave = String(decoding: FrameWriter.leave, as: UTF8.self)
    try await session.wait(for: "the selection, then the prompt, after the view") { screen, _ in
      guard let left = screen.range(of: leave, options: .backwards) else { return false }
      return screen[left.upperBound...].contains("reactor> ")
    }
    try await Self.waitForMainScreen(session)
    let after = session.text.components(separatedBy: leave).last ?? ""
    #expect(after.hasPrefix("rust-lang/rust\r\n"), "\(after.debugDescription)")
    session.type("quit\r")
    #expect(try await session.exitStatus() == 0)
  }

  @Test("a resize while a page loads: the page lands laid out for the new width")
  func resizeDuringLoad() async throws {
    let release = Latch()
    let rustArrived = Latch()
    let server = try Self.server(holdingRust: release, rustArrived: rustArrived)
    defer {
      release.set()
      server.stop()
    }
    let session = try TerminalSession(
      ["--api-url", server.baseURL, "--no-cache", "live", "rust"], columns: Self.columns, rows: Self.rows)
    defer { session.end() }
    try await session.wait(for: "the request for rust") { _, _ in rustArrived.wait(timeout: .zero) }
    try await Self.wait(session, forRow: "searching")
    let drawn = session.text.utf8.count
    session.resize(columns: 30, rows: 10)
    try await session.wait(for: "the view laid out at 30 by 10") { _, _ in
      // The repaint the resize causes puts the status line on row 10, and nothing below it.
      guard let bytes = Self.sinceRepaint(session, after: drawn) else { return false }
      let lines = Self.unclipped(bytes).lines
      return lines[9].contains("searching") && lines.dropFirst(10).allSatisfy { $0.isEmpty }
    }
    release.set()
    var model = TerminalModel(width: 1, height: 1)
    try await session.wait(for: "the page at 30 columns") { _, _ in
      guard let bytes = Self.sinceRepaint(session, after: drawn) else { return false }
      model = Self.unclipped(bytes)
      // The whole row, stars included: a read between two writes of a frame sees half of it.
      return model.lines.contains { $0.hasPrefix("   1. owner/rust") && $0.contains("★") }
    }
    let lines = model.lines
    // At 30 columns a row is the number, the name and the stars, as the REPL's narrowest list.
    #expect(lines.contains { $0.hasPrefix("   1. owner/rust") && $0.contains("★") && !$0.contains("Swift") })
    #expect(Self.widest(model) <= 30, "a row wider than 30 columns: \(lines)")
    #expect(lines.dropFirst(10).allSatisfy { $0.isEmpty }, "a row below the terminal: \(lines)")
    session.type("\u{1B}")
    #expect(try await session.exitStatus() == 130)
  }

  @Test("NO_COLOR: no colour, the selection still in reverse video")
  func noColor() async throws {
    let session = try start(["language:swift"], environment: ["NO_COLOR": "1"])
    defer { session.end() }
    try await Self.wait(session, forRow: " 1. ")
    session.type("\u{1B}")
    #expect(try await session.exitStatus() == 130)
    let text = session.text
    #expect(!text.contains("\u{1B}[0;33m") && !text.contains("\u{1B}[0;36m") && !text.contains("\u{1B}[0;31m"))
    #expect(text.contains("\u{1B}[0;7m"))
  }

  @Test("no terminal at all (no /dev/tty) is a clear error with exit status 2")
  func noTerminal() async throws {
    guard let binary = ReactorBinary.url else { throw ReactorBinary.Missing() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
    // A new session has no controlling terminal, so /dev/tty cannot be opened.
    process.arguments = ["-w", binary.path, "--offline", "live", "swift"]
    var environment = ReactorBinary.sanitizerEnvironment
    environment["TERM"] = "xterm"
    environment["PATH"] = "/usr/bin:/bin"
    process.environment = environment
    let (output, error) = (Pipe(), Pipe())
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let message = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let printed = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 2)
    #expect(message.contains("no terminal to draw on"), "\(message)")
    #expect(printed.isEmpty)
  }

  @Test("TERM=dumb is a clear error with exit status 2")
  func dumbTerminal() async throws {
    let session = try start([], environment: ["TERM": "dumb"])
    defer { session.end() }
    #expect(try await session.exitStatus() == 2)
    #expect(session.text.contains("cannot show a full-screen view"))
  }
}
