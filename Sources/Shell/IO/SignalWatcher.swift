import FoundationEssentials
import ReactorCore

#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  @preconcurrency import Darwin
#endif

/// Runs Swift handlers for POSIX signals, with no signal lost once ``watch(_:handler:)`` returns.
///
/// A `DispatchSource` signal source is registered asynchronously on Linux: a signal that arrives
/// after `signal(SIG_IGN)` but before the registration lands is dropped (the daemon's SIGINT test
/// caught it). Here the C handler is installed with `sigaction` before `watch` returns; it only
/// writes the signal number to a pipe (async-signal-safe), and one thread reads the pipe and
/// calls the handlers. When the last handler of a signal is removed, the signal's previous
/// disposition comes back.
package final class SignalWatcher: @unchecked Sendable {  // all mutable state is under `lock`
  package static let shared = SignalWatcher()

  /// The pipe's write end, for the C handler (which cannot capture context).
  nonisolated(unsafe) fileprivate static var writeEnd: Int32 = -1

  /// Signal numbers run below this on Linux and Darwin (`SIGRTMAX` is 64).
  private static let slots = 65

  private let lock = Lock()
  /// Handlers by signal number, in the order they were added. Arrays, not dictionaries: the
  /// first `[Int32: ...]` of the process costs a runtime conformance lookup, a measurable part
  /// of the daemon's start.
  private var handlers: [[(id: UInt64, run: @Sendable () -> Void)]] = Array(repeating: [], count: slots)
  /// Each watched signal's disposition before the first `watch`, indexed by signal number. (A
  /// `[Int32: sigaction]` cost a runtime conformance lookup at the daemon's start.)
  private var previous: [sigaction?] = Array(repeating: nil, count: slots)
  private var nextToken: UInt64 = 0
  private var readEnd: Int32 = -1

  private init() {}

  /// Calls `handler` on the watcher's thread whenever `number` arrives, until the returned
  /// token is passed to ``stop(_:)``.
  package func watch(_ number: Int32, handler: @escaping @Sendable () -> Void) -> Token {
    // Checked against the constant, not `handlers.count`: reading `handlers` outside the lock
    // raced another thread's `watch` (ThreadSanitizer caught it in CI).
    precondition(number > 0 && Int(number) < Self.slots, "not a signal number: \(number)")
    return lock.withLock {
      startIfNeeded()
      nextToken += 1
      if handlers[Int(number)].isEmpty {
        previous[Int(number)] = SignalDisposition.set(number, to: signalToPipe, flags: SA_RESTART)
      }
      handlers[Int(number)].append((nextToken, handler))
      return Token(signal: number, id: nextToken)
    }
  }

  /// Removes a handler; the last one of a signal restores the signal's previous disposition.
  package func stop(_ token: Token) {
    lock.withLock {
      handlers[Int(token.signal)].removeAll { $0.id == token.id }
      if handlers[Int(token.signal)].isEmpty, let old = previous[Int(token.signal)] {
        previous[Int(token.signal)] = nil
        SignalDisposition.restore(token.signal, old)
      }
    }
  }

  package struct Token: Sendable, Hashable {
    let signal: Int32
    let id: UInt64
  }

  // Guarded by `lock`.
  private func startIfNeeded() {
    guard readEnd < 0 else { return }
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { fatalError("SignalWatcher: pipe() failed: errno \(errno)") }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    // A full pipe must never block the handler: a dropped byte is a signal that is already
    // pending delivery anyway.
    _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
    let reading = ends[0]
    readEnd = reading
    Self.writeEnd = ends[1]
    startDetachedThread { [self] in run(readEnd: reading) }
  }

  private func run(readEnd: Int32) {
    // The thread inherits the mask of whoever called `watch` first, perhaps a pool thread that
    // blocks signals; this thread accepts them, so a process-directed signal always lands.
    var all = sigset_t()
    sigfillset(&all)
    pthread_sigmask(SIG_UNBLOCK, &all, nil)
    var byte: UInt8 = 0
    while true {
      let count = read(readEnd, &byte, 1)
      if count < 0 && errno == EINTR { continue }
      guard count == 1 else { return }
      let number = Int32(byte)
      let current = lock.withLock {
        (0..<Self.slots).contains(Int(number)) ? handlers[Int(number)].map(\.run) : []
      }
      for handler in current { handler() }
    }
  }
}

/// The C signal handler: one byte, the signal number, into the watcher's pipe.
private func signalToPipe(_ number: Int32) {
  let saved = errno
  var byte = UInt8(truncatingIfNeeded: number)
  _ = write(SignalWatcher.writeEnd, &byte, 1)
  errno = saved
}
