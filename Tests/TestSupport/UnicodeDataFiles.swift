public import Foundation
public import Testing

/// Finds the Unicode Character Database the width table was generated from: `/usr/share/unicode`
/// (the Debian package unicode-data, which scripts/setup installs), or `REACTOR_UNICODE_DIR`.
public enum UnicodeDataFiles {
  /// The environment variable that, when set and non-empty, overrides the folder.
  public static let environmentVariable = "REACTOR_UNICODE_DIR"

  /// The folder, when it holds `EastAsianWidth.txt`; nil otherwise.
  public static var directory: URL? {
    FileManager.default.fileExists(atPath: candidate.appendingPathComponent("EastAsianWidth.txt").path)
      ? candidate : nil
  }

  private static var candidate: URL {
    let override = ProcessInfo.processInfo.environment[environmentVariable] ?? ""
    return URL(fileURLWithPath: override.isEmpty ? "/usr/share/unicode" : override, isDirectory: true)
  }

  /// Why the tests that need the folder are skipped when it is absent: the path looked at.
  public static var missingMessage: String {
    "the Unicode data files are not at \(candidate.path) (scripts/setup installs the Debian package unicode-data; "
      + "set \(environmentVariable) to point elsewhere)"
  }

  /// The text of `path` in the folder (`emoji/emoji-data.txt`).
  public static func read(_ path: String) throws -> String {
    guard let directory else { throw UnicodeDataFilesError(missingMessage) }
    let url = directory.appendingPathComponent(path)
    do {
      return try String(contentsOf: url, encoding: .utf8)
    } catch {
      throw UnicodeDataFilesError("cannot read \(url.path): \(error)")
    }
  }
}

/// A Unicode data file that is missing or unreadable.
public struct UnicodeDataFilesError: Error, CustomStringConvertible {
  public let description: String
  public init(_ description: String) { self.description = description }
}

extension Trait where Self == ConditionTrait {
  /// Runs a test only when the Unicode data files are there (``UnicodeDataFiles/directory``);
  /// skipped otherwise, with the path it looked at.
  public static var needsUnicodeData: Self {
    .enabled(if: UnicodeDataFiles.directory != nil, Comment(rawValue: UnicodeDataFiles.missingMessage))
  }
}
