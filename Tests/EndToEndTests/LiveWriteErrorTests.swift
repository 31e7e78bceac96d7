import Foundation
import LiveTerminal
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The outputs of `reactor live` and of the REPL on a terminal, when they cannot be written
/// (issue 37, items 2 and 4): every path is checked before the view opens (status 2), and a
/// failure while it is open is said once the main screen is back, where it can be read.
@Suite("write errors on a terminal (live view, REPL history)", .serialized)
struct LiveWriteErrorTests {
  static let columns = LiveViewTests.columns
  static let rows = LiveViewTests.rows
  static let full = WriteErrorTests.full

  /// The main screen's rows once the view has left the alternate screen (what a user reads).
  static func mainScreen(_ session: TerminalSession) -> [String] {
    var model = TerminalModel(width: columns, height: rows)
    model.feed(Array(session.text.utf8))
    return model.isAlternateScreen ? [] : model.lines
  }

  /// Waits until the main screen is back and shows a row containing `text`.
  static func waitAfterTheView(_ session: TerminalSession, for text: String) async throws {
    try await session.wait(for: "\(text.debugDescription) on the main screen") { _, _ in
      // A long message wraps: its rows are read as one.
      mainScreen(session).joined().contains(text)
    }
  }

  /// Whether the view ever opened (the alternate screen was entered).
  static func viewOpened(_ session: TerminalSession) -> Bool { session.text.contains("\u{1B}[?1049h") }

  static func withDirectory(_ body: (String) async throws -> Void) async throws {
    try await TranscriptToolTests.withDirectory(body)
  }

  @Test(
    "Enter with standard output on a full disk or closed: said after the view, status 1",
    arguments: [("/dev/full", WriteErrorTests.full), ("", WriteErrorTests.closed)])
  func enterOutput(path: String, why: String) async throws {
    try await Self.withDirectory { directory in
      // The log is opened before the view: with standard output closed, it must not take its
      // number and get the selection.
      let log = directory + "/log.ndjson"
      let session = try TerminalSession(
        ["--offline", "live", "--json-log", log, "swift"], columns: Self.columns, rows: Self.rows,
        output: path.isEmpty ? .closed : .file(path))
      defer { session.end() }
      try await LiveViewTests.wait(session, forRow: " 1. ")
      session.type("\r")
      #expect(try await session.exitStatus() == 1)
      try await Self.waitAfterTheView(session, for: "reactor: cannot write standard output: \(why)")
      #expect(!TranscriptToolTests.read(log).contains("\napple/swift\n"))
    }
  }

  @Test("a REPL with standard output closed says so at the first output, and ends with 1")
  func replOutputClosed() async throws {
    let session = try TerminalSession(
      ["--offline"], columns: Self.columns, rows: Self.rows, output: .closed)
    defer { session.end() }
    try await session.wait(forScreen: "reactor> ")
    session.type("query rust\r")
    #expect(try await session.exitStatus() == 1)
    try await session.wait(forScreen: "reactor: cannot write standard output: \(WriteErrorTests.closed)")
  }

  @Test("the REPL's live with --json-log on a full disk: said when the view closes, and the session ends with 1")
  func replJSONLogFull() async throws {
    let session = try TerminalSession(
      ["--offline", "--json-log", "/dev/full"], columns: Self.columns, rows: Self.rows)
    defer { session.end() }
    try await session.wait(forScreen: "reactor> ")
    session.type("live swift\r")
    try await LiveViewTests.wait(session, forRow: " 1. ")
    session.type("\u{1B}")
    // Before the session ends: the REPL goes on after saying it.
    try await Self.waitAfterTheView(session, for: "reactor: cannot write --json-log /dev/full: \(Self.full)")
    try await session.wait(forScreen: "reactor> ", count: 2)
    session.type("quit\r")
    #expect(try await session.exitStatus() == 1)
    #expect(session.text.occurrences(of: "cannot write --json-log") == 1)
  }

  @Test("--json-log on a full disk: the view runs; the failure is said after it, once, and the status is 1")
  func jsonLogFull() async throws {
    let session = try TerminalSession(
      ["--offline", "live", "--json-log", "/dev/full", "swift"], columns: Self.columns, rows: Self.rows,
      outputToPipe: true)
    defer { session.end() }
    // The query, its search starting and ending, the page: every record failed, one message.
    try await LiveViewTests.wait(session, forRow: " 1. ")
    session.type("\r")
    #expect(try await session.exitStatus() == 1)
    try await Self.waitAfterTheView(session, for: "reactor: cannot write --json-log /dev/full: \(Self.full)")
    #expect(session.text.occurrences(of: "cannot write --json-log") == 1)
    #expect(session.pipedText == "apple/swift\n", "Enter's selection is printed all the same")
    #expect(WriteErrorTests.isCharacterDevice("/dev/full"))
  }

  @Test("--json-log: an existing file is kept without --force, and no path is opened once the view has")
  func jsonLogChecked() async throws {
    try await Self.withDirectory { directory in
      let log = directory + "/log.ndjson"
      try "mine\n".write(toFile: log, atomically: true, encoding: .utf8)
      for (path, message) in [
        (log, "reactor: --json-log: \(log) exists; add --force to overwrite it"),
        ("/dev/fd/99", "reactor: --json-log: /dev/fd/99: "),
      ] {
        let session = try TerminalSession(
          ["--offline", "live", "--json-log", path, "swift"], columns: Self.columns, rows: Self.rows, closing: [99])
        defer { session.end() }
        #expect(try await session.exitStatus() == 2, "\(path)")
        try await session.wait(forScreen: message)
        #expect(!Self.viewOpened(session), "\(path): checked before the view opens")
      }
      #expect(TranscriptToolTests.read(log) == "mine\n")
      let forced = try TerminalSession(
        ["--offline", "live", "--json-log", log, "--force", "swift"], columns: Self.columns, rows: Self.rows)
      defer { forced.end() }
      try await LiveViewTests.wait(forced, forRow: " 1. ")
      forced.type("\u{1B}")
      #expect(try await forced.exitStatus() == 130)
      #expect(try !LiveViewTests.changes(log).isEmpty)
    }
  }

  @Test("live --record: an existing file is kept without --force; every path is checked before the view opens")
  func recordChecked() async throws {
    try await Self.withDirectory { directory in
      let existing = directory + "/e.t"
      try "mine\n".write(toFile: existing, atomically: true, encoding: .utf8)
      for (path, message) in [
        (existing, "reactor: --record: \(existing) exists; add --force to overwrite the transcript"),
        ("/dev/fd/99", "reactor: --record: cannot write the transcript /dev/fd/99: "),
        (directory + "/missing/x.t", "reactor: --record: cannot write the transcript \(directory)/missing/x.t: "),
      ] {
        let session = try TerminalSession(
          ["--offline", "live", "--record", path, "swift"], columns: Self.columns, rows: Self.rows, closing: [99])
        defer { session.end() }
        #expect(try await session.exitStatus() == 2, "\(path)")
        try await session.wait(forScreen: message)
        #expect(!Self.viewOpened(session), "\(path): checked before the view opens")
      }
      #expect(TranscriptToolTests.read(existing) == "mine\n")
      #expect(!FileManager.default.fileExists(atPath: existing + ".cassette.json"), "the check leaves nothing")
    }
  }

  @Test("live --record on a full disk: said after the view, in reactor's words, with status 2")
  func recordFull() async throws {
    try await Self.withDirectory { directory in
      let device = try fullDevice(in: directory)
      let path = directory + "/r.t"
      try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: device)
      let session = try TerminalSession(
        ["--offline", "live", "--record", path, "--force", "swift"], columns: Self.columns, rows: Self.rows,
        outputToPipe: true)
      defer { session.end() }
      try await LiveViewTests.wait(session, forRow: " 1. ")
      session.type("\r")
      #expect(try await session.exitStatus() == 2)
      try await Self.waitAfterTheView(session, for: "reactor: --record: cannot write \(path): \(Self.full)")
      #expect(session.pipedText == "apple/swift\n")
      #expect(WriteErrorTests.isCharacterDevice(device))
    }
  }

  @Test(
    "the REPL's history on a full disk or a closed descriptor: said once, and the session ends with 1",
    arguments: [true, false])
  func history(full: Bool) async throws {
    try await Self.withDirectory { directory in
      let device = try fullDevice(in: directory)
      let target = full ? device : "/dev/fd/99"
      try FileManager.default.createDirectory(atPath: directory + "/reactor", withIntermediateDirectories: true)
      let history = directory + "/reactor/history"
      try FileManager.default.createSymbolicLink(atPath: history, withDestinationPath: target)
      var before = stat()
      stat(device, &before)
      let session = try TerminalSession(
        ["--offline"], environment: ["XDG_STATE_HOME": directory], columns: Self.columns, rows: Self.rows,
        closing: [99])
      defer { session.end() }
      try await session.wait(forScreen: "reactor> ")
      session.type("sleep 0\r")
      try await session.wait(forScreen: "reactor: cannot write the history file \(history): ")
      try await session.wait(forScreen: "reactor> ", count: 2)
      session.type("sleep 0\r")
      try await session.wait(forScreen: "reactor> ", count: 3)
      session.type("\u{4}")
      #expect(try await session.exitStatus() == 1)
      #expect(session.text.occurrences(of: "cannot write the history file") == 1)
      if full {
        #expect(session.text.contains("history file \(history): \(Self.full)"))
        var after = stat()
        stat(device, &after)
        #expect(after.st_mode == before.st_mode, "the device's mode is left as it was")
      }
    }
  }

  @Test("a history linked to a null device keeps none, quietly: status 0, the device as it was")
  func historyToNull() async throws {
    try await Self.withDirectory { directory in
      let device = try nullDevice(in: directory)
      try FileManager.default.createDirectory(atPath: directory + "/reactor", withIntermediateDirectories: true)
      try FileManager.default.createSymbolicLink(atPath: directory + "/reactor/history", withDestinationPath: device)
      var before = stat()
      stat(device, &before)
      let session = try TerminalSession(
        ["--offline"], environment: ["XDG_STATE_HOME": directory], columns: Self.columns, rows: Self.rows)
      defer { session.end() }
      try await session.wait(forScreen: "reactor> ")
      session.type("sleep 0\r")
      try await session.wait(forScreen: "reactor> ", count: 2)
      session.type("\u{4}")
      #expect(try await session.exitStatus() == 0)
      #expect(!session.text.contains("cannot write"))
      var after = stat()
      stat(device, &after)
      #expect(after.st_mode == before.st_mode && after.st_mode & S_IFMT == S_IFCHR)
    }
  }
}
