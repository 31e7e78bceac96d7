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

  /// Checks that both files can be written, and that neither exists unless `force`: the
  /// session's work is not lost at its end to a path that was never writable. Nothing is left
  /// on disk by the check: a file is made (or changed) by the first save.
  package init(
    path: String, cassettePath: String, force: Bool, scanner: SecretScanner,
    cassette: @escaping @Sendable () -> (count: Int, encode: @Sendable () throws -> Data)
  ) throws(Failure) {
    for (file, kind) in [(path, "transcript"), (cassettePath, "cassette")] {
      var status = stat()
      // Anything at the path, a dangling link too: only what the check itself made is removed.
      let existed = lstat(file, &status) == 0
      if !force && FileManager.default.fileExists(atPath: file) {
        throw Failure(description: "\(file) exists; add --force to overwrite the \(kind)")
      }
      // Opened for writing without truncating: nothing is changed until the first save.
      let descriptor = open(file, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
      guard descriptor >= 0 else {
        throw Failure(description: "cannot write the \(kind) \(file): \(TranscriptFiles.describe(errno))")
      }
      close(descriptor)
      if !existed { unlink(file) }
      // A regular file is replaced by a new one beside it (a device is written in place).
      let directory = file.deletingLastPathComponent
      guard !OutputFile.isRegularOrMissing(file) || access(directory.isEmpty ? "." : directory, W_OK) == 0 else {
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
  package func save(text: String, passwords: [String]) -> String? {
    state.withLock { state in
      for password in passwords { state.scanner.addPassword(password) }
      let (count, encode) = cassette()
      do throws(WriteError) {
        if state.savedExchanges != count {
          let data: Data
          do {
            data = try encode()
          } catch {
            return state.report("cannot write \(cassettePath): \(error)")
          }
          if let secret = state.scanner.find(in: String(decoding: data, as: UTF8.self)) {
            return state.report("not writing the cassette \(cassettePath): it would contain \(secret)")
          }
          try OutputFile.replace(cassettePath, with: Array(data))
          state.savedExchanges = count
        }
        if state.savedText != text {
          if let secret = state.scanner.find(in: text) {
            return state.report("not writing the transcript \(path): it would contain \(secret)")
          }
          try OutputFile.replace(path, with: Array(text.utf8))
          state.savedText = text
        }
      } catch {
        return state.report(error.description)
      }
      return nil
    }
  }

  /// Whether a save refused or failed; the session then ends with the usage status.
  var failed: Bool { state.withLock { $0.problem != nil } }
}

extension RecordingFiles.State {
  /// Keeps the first problem and returns it the first time only, so it is said once.
  mutating func report(_ message: String) -> String? {
    guard problem == nil else { return nil }
    problem = message
    return message
  }
}
