import ReactorCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Text written straight to standard output or standard error with `write(2)`, for messages
/// outside a session's sink (usage errors, a recording's last word, a replay's report).
/// Foundation's `FileHandle` would link Foundation, and ICU with it, into every start.
///
/// Every write to an output a user gives reactor (standard output and error, `--json-log`, a
/// transcript, a cassette, a JUnit report) goes through ``writeAll(_:to:output:)``, which throws
/// what it cannot write: a standard stream's failure ends the process here
/// (``failed(_:descriptor:)``), a file's is its writer's to report (``WriteErrors``, which the
/// history's libedit writes report to as well). The terminal's own bytes (the live view, the
/// line editor, a password prompt) are not outputs of this kind: a terminal that goes away
/// sends SIGHUP.
package enum StandardStream {
  package static func output(_ text: String) { write(text, to: 1) }
  package static func error(_ text: String) { write(text, to: 2) }

  /// All of `text`, or the end of the process (``failed(_:descriptor:)``).
  private static func write(_ text: String, to descriptor: Int32) {
    var text = text
    text.withUTF8 { write(UnsafeRawBufferPointer($0), to: descriptor) }
  }

  /// All of `bytes` to standard output (1) or standard error (2), or the end of the process.
  package static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) {
    do throws(WriteError) {
      try writeAll(bytes, to: descriptor, output: name(of: descriptor))
    } catch {
      failed(error, descriptor: descriptor)
    }
  }

  /// A standard stream could not be written. A closed pipe (EPIPE, for `reactor ... | head`)
  /// ends the process quietly with status 0, as command-line filters do; any other failure
  /// (a full disk, a closed descriptor) is said on standard error when that is not the stream
  /// that failed, and ends the process with status 1, as `cat`'s does. While the process is
  /// already exiting (a recording's last word, said at `exit`), the write is dropped: the
  /// status is set.
  static func failed(_ error: WriteError, descriptor: Int32) {
    if error.code != EPIPE { WriteErrors.record(error, said: descriptor == 2) }
    guard !WriteErrors.isExiting else { return }
    WriteErrors.exit(0)
  }

  static func name(of descriptor: Int32) -> String {
    switch descriptor {
    case 0: "standard input"
    case 1: "standard output"
    case 2: "standard error"
    default: "descriptor \(descriptor)"
    }
  }

  /// Writes all of `bytes` to `descriptor` (a standard stream or any open file) across short
  /// writes and interruptions; throws the `errno` of the write that failed, for `output`
  /// (what the descriptor is, as a message names it).
  package static func writeAll(
    _ bytes: UnsafeRawBufferPointer, to descriptor: Int32, output: @autoclosure () -> String
  ) throws(WriteError) {
    var offset = 0
    while offset < bytes.count {
      let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        throw WriteError(output: output(), code: errno)
      }
      offset += written
    }
  }

  /// The same for an array's bytes.
  package static func writeAll(_ bytes: [UInt8], to descriptor: Int32, output: @autoclosure () -> String)
    throws(WriteError)
  {
    let failure = bytes.withUnsafeBytes { bytes -> Int32 in
      do throws(WriteError) {
        try writeAll(bytes, to: descriptor, output: "")
        return 0
      } catch {
        return error.code
      }
    }
    if failure != 0 { throw WriteError(output: output(), code: failure) }
  }

  /// Makes standard input, output and error that were closed (`>&-`) stay closed to writes:
  /// each is opened on something that refuses reads and writes, so a write to it fails (EBADF)
  /// as on the closed descriptor, and no file opened later (the `/dev/tty` of the live view, a
  /// socket, a log) takes its number and receives what was meant for the stream. Run before
  /// anything opens a file.
  package static func holdClosedStreams() {
    for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
      // A directory open for reading: a write fails (EBADF), and `/dev/stdout` cannot open
      // it for writing (EISDIR).
      let placeholder = open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      if placeholder >= 0 && placeholder != descriptor {
        // A lower number was free too and was taken first: it is handled in its turn.
        _ = dup2(placeholder, descriptor)
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        close(placeholder)
      }
    }
  }
}

/// A write that failed: what was being written (``output``, as a message names it) and why.
package struct WriteError: Error, Sendable, Equatable, CustomStringConvertible {
  package var output: String
  package var code: Int32
  /// Reading `output` failed, not writing it: input that cannot be read ends the session as
  /// its end would, and fails the process as an output that cannot be written does.
  package var reading: Bool

  package init(output: String, code: Int32, reading: Bool = false) {
    self.output = output
    self.code = code
    self.reading = reading
  }

  /// `cannot write standard output: No space left on device (ENOSPC)`.
  package var description: String {
    "cannot \(reading ? "read" : "write") \(output): \(TranscriptFiles.describe(code))"
  }
}

/// The outputs that could not be written in this process (and the inputs that could not be
/// read), and its exit: a write that failed is said once, on standard error (`reactor: cannot
/// write ...`), and the process then ends with status 1 where it would have ended with 0.
package enum WriteErrors {
  private struct State {
    var errors: [(error: WriteError, said: Bool)] = []
    var exiting = false
    var beforeExit: [@Sendable () -> Bool] = []
  }

  private static let state = Locked(State())

  /// Keeps `error`, the first of its output only; `said` when there is no saying it (standard
  /// error itself failed). It is said by ``sayUnsaid()``, which its writer calls where the
  /// screen allows (not on a live view's alternate screen), and at ``exit(_:)`` at the latest.
  package static func record(_ error: WriteError, said: Bool = false) {
    state.withLock { state in
      guard !state.errors.contains(where: { $0.error.output == error.output }) else { return }
      state.errors.append((error, said))
    }
  }

  /// The outputs that failed so far.
  package static var errors: [WriteError] { state.withLock { $0.errors.map(\.error) } }

  /// Says each failure not yet said, on standard error: `reactor: cannot write ...`. When that
  /// fails too, there is nowhere left to say anything: the status still tells.
  package static func sayUnsaid() {
    let unsaid = state.withLock { state in
      defer { for index in state.errors.indices { state.errors[index].said = true } }
      return state.errors.filter { !$0.said }.map(\.error)
    }
    for error in unsaid {
      do throws(WriteError) {
        try StandardStream.writeAll(Array("reactor: \(error)\n".utf8), to: 2, output: StandardStream.name(of: 2))
      } catch {
        if error.code != EPIPE { record(error, said: true) }
      }
    }
  }

  static var isExiting: Bool { state.withLock { $0.exiting } }

  /// The status to end with: `status`, or 1 when it is 0 and an output could not be written.
  package static func status(_ status: Int32) -> Int32 {
    status == 0 && !errors.isEmpty ? 1 : status
  }

  /// Runs `hook` when the process ends through ``exit(_:)``, before its status is taken: a hook
  /// that fails (a recording's last save, when a closed pipe ends the session) makes a status
  /// below 2 a 2, as the session's own end would have.
  package static func beforeExit(_ hook: @escaping @Sendable () -> Bool) {
    state.withLock { $0.beforeExit.append(hook) }
  }

  /// Says what was not said and ends the process with ``status(_:)``. Writes that fail from now
  /// on (a recording's last word, written at `exit`) are dropped, not a second `exit`; a thread
  /// that gets here while another is ending the process waits for the end.
  package static func exit(_ status: Int32) -> Never {
    sayUnsaid()
    let (first, hooks) = state.withLock { state in
      defer { state.exiting = true }
      return (!state.exiting, state.beforeExit)
    }
    guard first else { while true { pause() } }
    var status = status
    for hook in hooks where !hook() { status = max(status, 2) }
    sayUnsaid()
    systemExit(Self.status(status))
  }
}

#if canImport(Glibc)
  private let systemWrite = Glibc.write
  private let systemExit = Glibc.exit
#else
  private let systemWrite = Darwin.write
  private let systemExit = Darwin.exit
#endif
