package import FoundationEssentials
import ReactorCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The two files of `reactor --record`: the transcript and its cassette, checked at start-up
/// and saved whole (write, then rename) at each command, so either file on disk is always a
/// complete one.
package final class RecordingFiles: Sendable {
  package let path: String
  package let cassettePath: String
  /// The cassette's exchange count, and its JSON, from the recording transport.
  private let cassette: @Sendable () -> (count: Int, encode: @Sendable () throws -> Data)
  private let state: Locked<State>

  struct State {
    var scanner: SecretScanner
    /// Exchanges in the cassette saved last; nil before the first save.
    var savedExchanges: Int?
    var savedText: String?
    /// Why the last save refused or failed, once said.
    var problem: String?
  }

  /// Why recording cannot start.
  package struct Failure: Error, Equatable, CustomStringConvertible {
    package var description: String

    package init(description: String) { self.description = description }
  }

  /// Checks that both files can be written, and that the transcript does not exist unless
  /// `force`: the session's work is not lost at its end to a path that was never writable.
  package init(
    path: String, cassettePath: String, force: Bool, scanner: SecretScanner,
    cassette: @escaping @Sendable () -> (count: Int, encode: @Sendable () throws -> Data)
  ) throws(Failure) {
    for (file, kind) in [(path, "transcript"), (cassettePath, "cassette")] {
      if !force && FileManager.default.fileExists(atPath: file) {
        throw Failure(description: "\(file) exists; add --force to overwrite the \(kind)")
      }
      // Opened for writing without truncating: nothing is changed until the first save.
      let descriptor = open(file, O_WRONLY | O_CREAT, 0o644)
      guard descriptor >= 0 else {
        throw Failure(description: "cannot write the \(kind) \(file): \(TranscriptFiles.describe(errno))")
      }
      close(descriptor)
      let directory = file.deletingLastPathComponent
      guard access(directory.isEmpty ? "." : directory, W_OK) == 0 else {
        throw Failure(
          description:
            "cannot write the \(kind) \(file): its directory is not writable: \(TranscriptFiles.describe(errno))")
      }
    }
    self.path = path
    self.cassettePath = cassettePath
    self.cassette = cassette
    self.state = Locked(State(scanner: scanner))
  }

  /// Saves the transcript text and, when it has new exchanges, the cassette; refuses a text
  /// that holds a secret. Returns a problem to report, once.
  func save(text: String, passwords: [String]) -> String? {
    state.withLock { state in
      for password in passwords { state.scanner.addPassword(password) }
      let (count, encode) = cassette()
      do {
        if state.savedExchanges != count {
          let data = try encode()
          if let secret = state.scanner.find(in: String(decoding: data, as: UTF8.self)) {
            return state.report("not writing the cassette \(cassettePath): it would contain \(secret)")
          }
          try Self.replace(cassettePath, with: data)
          state.savedExchanges = count
        }
        if state.savedText != text {
          if let secret = state.scanner.find(in: text) {
            return state.report("not writing the transcript \(path): it would contain \(secret)")
          }
          try Self.replace(path, with: Data(text.utf8))
          state.savedText = text
        }
      } catch {
        return state.report("cannot write \(path): \(error)")
      }
      return nil
    }
  }

  /// Whether a save refused or failed; the session then ends with the usage status.
  var failed: Bool { state.withLock { $0.problem != nil } }

  /// Writes `data` to a new file beside `path`, then renames it over `path`.
  static func replace(_ path: String, with data: Data) throws {
    let directory = path.deletingLastPathComponent
    let name = path.lastPathComponent
    let temporary = (directory.isEmpty ? "" : directory + "/") + ".\(name).\(getpid()).tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else { throw Failure(description: TranscriptFiles.describe(errno)) }
    let problem = data.withUnsafeBytes { StandardStream.writeAll($0, to: descriptor) }
    close(descriptor)
    if problem != 0 {
      unlink(temporary)
      throw Failure(description: TranscriptFiles.describe(problem))
    }
    guard rename(temporary, path) == 0 else {
      let code = errno
      unlink(temporary)
      throw Failure(description: TranscriptFiles.describe(code))
    }
  }
}

extension RecordingFiles.State {
  /// Keeps the first problem and returns it the first time only, so it is said once.
  mutating func report(_ message: String) -> String? {
    guard problem == nil else { return nil }
    problem = message
    return message
  }
}
