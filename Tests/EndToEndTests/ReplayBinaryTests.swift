import Foundation
import TestSupport
import Testing

/// `reactor replay` as users run it: exit status, summary line, and byte-identical output
/// whatever the time zone, locale or terminal width.
@Suite("reactor replay (binary)")
struct ReplayBinaryTests {
  static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Transcripts")

  static var files: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []).filter { $0.hasSuffix(".t") }.sorted()
      .map { corpus.appendingPathComponent($0).path }
  }

  @Test(
    "the corpus passes under different TZ, LANG and COLUMNS, with identical output",
    arguments: [
      ["TZ": "UTC", "LANG": "C.UTF-8", "COLUMNS": "80"],
      ["TZ": "Asia/Kolkata", "LANG": "de_DE.UTF-8", "COLUMNS": "40"],
      ["TZ": "America/St_Johns", "LANG": "C", "COLUMNS": "200"],
    ])
  func deterministic(environment: [String: String]) async throws {
    let files = Self.files
    try #require(!files.isEmpty)
    let first = try await ReactorBinary.run(["replay"] + files, environment: environment)
    #expect(first.status == 0)
    #expect(first.lines.last == "\(files.count) passed, 0 failed")
    // Runs again: output that varies from run to run would differ.
    for _ in 1..<SanitizerRun.cases(4) {
      #expect(try await ReactorBinary.run(["replay"] + files, environment: environment).stdout == first.stdout)
    }
  }

  @Test("the whole corpus passes on the feedback engine too")
  func feedbackEngine() async throws {
    let result = try await ReactorBinary.run(["replay", "--engine", "feedback"] + Self.files)
    #expect(result.status == 0)
    #expect(result.lines.last == "\(Self.files.count) passed, 0 failed")
  }

  @Test("an edited line fails with exit 1 and a diff; --update restores the file and counts it as updated")
  func editUpdate() async throws {
    let source = Self.corpus.appendingPathComponent("search-no-results.t")
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reactor-replay-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    for name in ["search-no-results.t", "search-no-results.t.cassette.json"] {
      try FileManager.default.copyItem(
        at: Self.corpus.appendingPathComponent(name), to: directory.appendingPathComponent(name))
    }
    let copy = directory.appendingPathComponent("search-no-results.t")
    let original = try String(contentsOf: source, encoding: .utf8)
    try original.replacingOccurrences(of: "no more results", with: "no more resultz").write(
      to: copy, atomically: true, encoding: .utf8)
    let failed = try await ReactorBinary.run(["replay", copy.path])
    #expect(failed.status == 1)
    #expect(failed.stdout.contains("FAIL \(copy.path)"))
    #expect(failed.stdout.contains("-no more resultz"))
    #expect(failed.lines.last == "0 passed, 1 failed")
    let updated = try await ReactorBinary.run(["replay", "--update", copy.path])
    #expect(updated.status == 0)
    #expect(updated.stdout.contains("updated \(copy.path)"))
    #expect(updated.lines.last == "0 passed, 1 updated, 0 failed")
    #expect(try String(contentsOf: copy, encoding: .utf8) == original)
    let again = try await ReactorBinary.run(["replay", "--update", copy.path])
    #expect(again.status == 0)
    #expect(again.lines == ["ok \(copy.path)", "1 passed, 0 updated, 0 failed"])
  }

  @Test("a missing or malformed file fails cleanly")
  func broken() async throws {
    let result = try await ReactorBinary.run(["replay", "/nonexistent.t"])
    #expect(result.status == 1)
    #expect(result.stdout.contains("FAIL /nonexistent.t: cannot read the file"))
    let directory = FileManager.default.temporaryDirectory
    let bad = directory.appendingPathComponent("reactor-bad-\(UUID().uuidString).t")
    try "%mode purple\n> help\n".write(to: bad, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: bad) }
    let parsed = try await ReactorBinary.run(["replay", bad.path])
    #expect(parsed.status == 1)
    #expect(parsed.stdout.contains("line 1: %mode expects text or json, got 'purple'"))
  }

  @Test("--record writes a transcript and cassette that replay")
  func recordThenReplay() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reactor-rec-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("session.t").path
    let live = try await ReactorBinary.run(["--offline", "--record", path], input: "query swift\nnext\nopen 2\nhelp\n")
    #expect(live.status == 0)
    #expect(FileManager.default.fileExists(atPath: path + ".cassette.json"))
    let replay = try await ReactorBinary.run(["replay", path])
    #expect(replay.lines.last == "1 passed, 0 failed")
  }
}
