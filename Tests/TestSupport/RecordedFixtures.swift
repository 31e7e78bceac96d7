public import Foundation

/// Finds and reads the recorded GitHub exchanges in `../shared/fixtures/github-recorded`.
///
/// The recordings are reference data that must not be copied into the repository, so tests look
/// them up at run time; the tests that need them carry the `.needsRecordedFixtures` trait, and
/// are skipped, with ``missingMessage`` as the reason, when ``directory`` is nil.
public enum RecordedFixtures {
  /// The environment variable that, when set and non-empty, overrides the fixtures folder.
  public static let environmentVariable = "REACTOR_FIXTURES_DIR"

  /// The fixtures folder `../shared/fixtures/github-recorded` beside the package root, or nil.
  ///
  /// The package root is found from `#filePath` (two levels above `Tests/TestSupport/`). When
  /// `REACTOR_FIXTURES_DIR` is set and non-empty it is used instead, with no fallback. Either
  /// way the result is nil unless the folder exists.
  public static var directory: URL? {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory),
      isDirectory.boolValue
    else { return nil }
    return candidate
  }

  /// Where ``directory`` looks: `REACTOR_FIXTURES_DIR` when set and non-empty, else the
  /// package root's `../shared/fixtures/github-recorded`.
  private static var candidate: URL {
    let override = ProcessInfo.processInfo.environment[environmentVariable] ?? ""
    guard override.isEmpty else { return URL(fileURLWithPath: override, isDirectory: true) }
    return URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent()  // Tests/TestSupport
      .deletingLastPathComponent()  // Tests
      .deletingLastPathComponent()  // the package root
      .deletingLastPathComponent()  // the folder holding the package and `shared`
      .appendingPathComponent("shared/fixtures/github-recorded", isDirectory: true)
      .standardizedFileURL
  }

  /// Why the tests that need the folder are skipped when it is absent: the path looked at.
  public static var missingMessage: String {
    let override = !(ProcessInfo.processInfo.environment[environmentVariable] ?? "").isEmpty
    return "recorded GitHub fixtures not found at \(candidate.path) "
      + (override
        ? "(from \(environmentVariable))"
        : "(../shared/fixtures/github-recorded beside the package root; set \(environmentVariable) to point elsewhere)")
  }

  /// Loads every exchange of one file (e.g. "Search.testSearchRepos.txt"), in recorded order.
  ///
  /// Throws a ``RecordedFixturesError`` naming the file (and for malformed content the line and
  /// reason) when the folder or file is missing or any exchange does not parse.
  public static func load(_ fileName: String) throws -> [RecordedExchange] {
    guard let directory else { throw RecordedFixturesError(missingMessage) }
    let url = directory.appendingPathComponent(fileName, isDirectory: false)
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw RecordedFixturesError("cannot read recorded fixture \(url.path): \(error)")
    }
    return try parse(data, fileName: fileName)
  }

  /// Parses recorded exchanges: 10 lines each, separated by blank lines.
  ///
  /// The file's final newline is not part of the last body. Throws a ``RecordedFixturesError``
  /// naming `fileName`, the 1-based line and the reason; a file without exchanges is an error.
  public static func parse(_ data: Data, fileName: String = "<data>") throws -> [RecordedExchange] {
    var lines = data.split(separator: 0x0A, omittingEmptySubsequences: false).map { Data($0) }
    if data.last == 0x0A { lines.removeLast() }
    func fail(_ line: Int, _ reason: String) -> RecordedFixturesError {
      RecordedFixturesError("\(fileName):\(line): malformed recorded exchange: \(reason)")
    }
    var exchanges: [RecordedExchange] = []
    var start = 0
    while true {
      while start < lines.count, lines[start].allSatisfy({ $0 == 0x20 || $0 == 0x0D }) {
        start += 1
      }
      guard start < lines.count else { break }
      guard start + 10 <= lines.count else {
        throw fail(
          start + 1, "exchange \(exchanges.count + 1) has \(lines.count - start) of 10 lines")
      }
      var fields: [String] = []
      for offset in 0..<9 {
        guard let text = String(data: lines[start + offset], encoding: .utf8) else {
          throw fail(start + offset + 1, "not UTF-8")
        }
        fields.append(text)
      }
      do throws(RecordedExchangeFieldError) {
        exchanges.append(try RecordedExchange(lines: fields, body: lines[start + 9]))
      } catch {
        throw fail(start + error.line, error.reason)
      }
      start += 10
    }
    guard !exchanges.isEmpty else { throw fail(1, "no exchanges") }
    return exchanges
  }
}

/// Why recorded fixtures could not be loaded; `description` says which file, where and why.
public struct RecordedFixturesError: Error, CustomStringConvertible, LocalizedError {
  public var description: String
  public init(_ description: String) { self.description = description }
  public var errorDescription: String? { description }
}
