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

  @Test("typing sw, a pause, then ift sends what the throttle allows: s at once, then swift once")
  func throttle() async throws {
    let log = Self.scratch("throttle")
    let session = try start(["--throttle", "2s"], log: log)
    defer { session.end() }
    let before = session.initialModes
    try await Self.wait(session, forRow: "search>")
    session.type("sw")
    try await Task.sleep(for: .milliseconds(100))
    session.type("ift")
    try await Self.wait(session, forRow: "apple/swift")
    let queries = try Self.changes(log).compactMap { change -> String? in
      guard change["mutation"] as? String == "setQuery", let patch = change["patch"] as? [[String: Any]] else {
        return nil
      }
      return patch.first { $0["path"] as? String == "/query" }?["value"] as? String
    }
    #expect(queries == ["s", "swift"])
    // The log has the effects too: the search for s started and ended before swift's.
    let logText = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
    #expect(logText.contains(#""effectId":"search","event":"start""#))
    session.type("\r")
    #expect(try await session.exitStatus() == 0)
    try await session.wait(for: "the selection on standard output") { _, pipe in pipe.hasSuffix("\n") }
    #expect(!session.pipedText.isEmpty && !session.pipedText.contains("\u{1B}"))
    try await Self.waitForMainScreen(session)
    #expect(session.modes == before)
    #expect(Self.model(session).modesLeftOn.isEmpty)
  }

  @Test("paging to the end sends one next at a time, never a refused one")
  func scrollToLoad() async throws {
    let log = Self.scratch("scroll")
    let session = try start(["--throttle", "0", "language:swift"], log: log)
    defer { session.end() }
    try await Self.wait(session, forRow: " 1. ")
    // End five times at once: one load, not five.
    session.type(String(repeating: "\u{1B}[F", count: 5))
    try await Self.wait(session, forRow: "31. ")
    let records = try Self.changes(log)
    let nexts = records.filter { $0["action"] as? String == "next" && $0["mutation"] as? String == "appendRepos" }
    let starts = records.filter { $0["mutation"] as? String == "setLoadingNextPage" }
    #expect(!nexts.isEmpty)
    // Every load that started landed (one may be under way); none was refused as "already loading".
    #expect(starts.count == nexts.count || starts.count == nexts.count + 1)
    let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
    #expect(!text.contains("already loading"))
    session.type("\u{1B}")
    #expect(try await session.exitStatus() == 130)
    #expect(session.pipedText.isEmpty)
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

  @Test("a resize re-lays the screen, and no row is wider than the terminal")
  func resize() async throws {
    let session = try start(["language:swift"])
    defer { session.end() }
    try await Self.wait(session, forRow: " 1. ")
    session.resize(columns: 40, rows: Self.rows)
    try await session.wait(for: "the narrow layout") { screen, _ in
      var model = TerminalModel(width: 40, height: Self.rows)
      model.feed(Array(screen.utf8))
      // At 40 columns the list drops the description and the language, as the REPL's does.
      return model.lines.contains { $0.contains(" 1. ") && !$0.contains("Swift ") }
    }
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
    let session = try TerminalSession(
      ["--api-url", server.baseURL, "--no-cache", "live", "--throttle", "0"], columns: Self.columns, rows: Self.rows,
      outputToPipe: true)
    defer { session.end() }
    try await Self.wait(session, forRow: "search>")
    session.type("rust")
    try await session.wait(for: "the request for rust") { _, _ in rustArrived.wait(timeout: .zero) }
    // Ctrl-U empties the query, which cancels rust's search; then go is searched.
    session.type("\u{15}")
    try await Self.wait(session, forRow: "cancelled: rust")
    session.type("go")
    try await Self.wait(session, forRow: "owner/go")
    release.set()
    session.type("\u{1B}")
    #expect(try await session.exitStatus() == 130)
    #expect(!session.text.contains("owner/rust"))
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
    session.type("\u{1B}[B\r")
    try await session.wait(forScreen: "rust-lang/rust")
    try await session.wait(forScreen: "reactor> ", count: 2)
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
    session.resize(columns: 30, rows: 10)
    try await session.wait(for: "the view laid out at 30 columns") { screen, _ in
      // The status line moves to row 10 once the view has the new size.
      var model = TerminalModel(width: 30, height: 10)
      model.feed(Array(screen.utf8))
      return model.lines.count >= 10 && model.lines[9].contains("searching")
    }
    release.set()
    try await session.wait(for: "the page at 30 columns") { screen, _ in
      var model = TerminalModel(width: 30, height: 10)
      model.feed(Array(screen.utf8))
      return model.lines.contains { $0.hasPrefix("   1. owner/rust") }
    }
    var model = TerminalModel(width: 30, height: 10)
    model.feed(Array(session.text.utf8))
    // At 30 columns a row is the number, the name and the stars, as the REPL's narrowest list.
    #expect(model.lines.contains { $0.hasPrefix("   1. owner/rust") && $0.contains("★") && !$0.contains("Swift") })
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
