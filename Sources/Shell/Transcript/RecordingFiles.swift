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
    var problem: Problem?
    /// A secret or ``end(with:)`` ended the recording: the files stay as they are.
    var ended = false
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

  /// Why a save wrote nothing.
  package enum Problem: Equatable, CustomStringConvertible {
    /// `file` would have held a secret (`kind` names it, never the secret).
    case secret(kind: String, file: String, transcript: Bool)
    /// A file could not be written.
    case failed(String)
    /// The recording has ended (a secret): nothing is written any more.
    case ended
    /// Not written, for a reason said before.
    case unsaved

    package var description: String {
      switch self {
      case .secret(let kind, let file, let transcript):
        "not writing the \(transcript ? "transcript" : "cassette") \(file): it would contain \(kind)"
      case .failed(let message): message
      case .ended: "the recording has ended"
      case .unsaved: "not written"
      }
    }
  }

  /// Saves the transcript text and, when it has new exchanges, the cassette, both or neither:
  /// neither when either would hold a secret, so the pair on disk always replays. Returns nil
  /// when they hold the text, else why not (a failure only the first time, so it is said
  /// once); after a secret or ``end(with:)``, does nothing.
  package func save(text: String, passwords: [String]) -> Problem? {
    state.withLock { state in
      guard !state.ended else { return .ended }
      for password in passwords { state.scanner.addPassword(password) }
      let (count, encode) = cassette()
      let data: Data?
      do {
        data = state.savedExchanges != count ? try encode() : nil
      } catch {
        return state.report(.failed("cannot write \(cassettePath): \(error)")) ?? .unsaved
      }
      // Ended at once, and said even after a write failure: a save beside this one must not
      // write what comes after it.
      if let data, let secret = state.scanner.find(in: String(decoding: data, as: UTF8.self)) {
        return state.end(.secret(kind: secret, file: cassettePath, transcript: false))
      }
      let changed = state.savedText != text
      if changed, let secret = state.scanner.find(in: text) {
        return state.end(.secret(kind: secret, file: path, transcript: true))
      }
      do throws(WriteError) {
        switch (data, changed) {
        case (let data?, true):
          try OutputFile.replace((cassettePath, Array(data)), (path, Array(text.utf8)))
        case (let data?, false): try OutputFile.replace(cassettePath, with: Array(data))
        case (nil, true): try OutputFile.replace(path, with: Array(text.utf8))
        case (nil, false): return nil
        }
      } catch {
        return state.report(.failed(error.description)) ?? .unsaved
      }
      if data != nil { state.savedExchanges = count }
      if changed { state.savedText = text }
      return nil
    }
  }

  /// Whether `text` holds a secret of the session, which a file must not.
  func holdsSecret(_ text: String) -> Bool { state.withLock { $0.scanner.find(in: text) != nil } }

  /// How ``end(with:)`` left the files.
  enum Ending: Equatable {
    /// As saved last, with the comment.
    case kept
    /// Removed: they held a secret already (a password typed as another word before it was
    /// typed as a password).
    case removed
    case failed(String)
  }

  /// Ends the recording where it was last saved: the transcript saved last, with `comment`
  /// (`#` lines, which say why it ends) after its first line, and the cassette as it is; no
  /// save writes after this. When the files on disk hold a secret already, both are removed:
  /// no file is better than one that keeps a password.
  func end(with comment: [String]) -> Ending {
    state.withLock { state in
      state.ended = true
      let cassetteText = FileManager.default.contents(atPath: cassettePath).map { String(decoding: $0, as: UTF8.self) }
      if state.scanner.find(in: state.savedText ?? "") != nil || state.scanner.find(in: cassetteText ?? "") != nil {
        unlink(path)
        unlink(cassettePath)
        return .removed
      }
      guard let saved = state.savedText else { return .kept }
      var lines = saved.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
      lines.insert(contentsOf: comment, at: min(1, lines.count))
      let text = lines.joined(separator: "\n")
      guard state.scanner.find(in: text) == nil else { return .kept }
      do throws(WriteError) {
        try OutputFile.replace(path, with: Array(text.utf8))
      } catch {
        return .failed(error.description)
      }
      state.savedText = text
      return .kept
    }
  }

  /// Whether a save refused or failed; the session then ends with the usage status.
  var failed: Bool { state.withLock { $0.problem != nil } }
}

extension RecordingFiles.State {
  /// Ends the recording for `problem`, which is returned (only one can end it).
  mutating func end(_ problem: RecordingFiles.Problem) -> RecordingFiles.Problem {
    ended = true
    if self.problem == nil { self.problem = problem }
    return problem
  }

  /// Keeps the first problem and returns it the first time only, so it is said once.
  mutating func report(_ problem: RecordingFiles.Problem) -> RecordingFiles.Problem? {
    guard self.problem == nil else { return nil }
    self.problem = problem
    return problem
  }
}
