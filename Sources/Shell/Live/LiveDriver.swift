package import FeatureKit
import LiveTerminal
import Rendering

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a live View on the terminal: raw mode on `/dev/tty` (so standard output stays free for
/// what Enter prints, as fzf does), keys decoded on a reader thread, a frame drawn after every
/// event, the View's throttle woken on time, and the terminal restored on every way out.
package struct LiveDriver: Sendable {
  /// How the view ended: the exit status, and what to print on standard output.
  package struct Outcome: Sendable, Equatable {
    package var status: Int32
    package var output: String?

    /// What a view prints as it ends, each line made safe for a terminal (a repository's name
    /// comes from the network, and may hold a control sequence).
    static func printable(_ output: String?) -> String? {
      output.map { text in
        text.split(separator: "\n", omittingEmptySubsequences: false).map { TerminalText.sanitize(String($0)) }
          .joined(separator: "\n")
      }
    }
  }

  /// Why the view could not start.
  package struct Failure: Error, CustomStringConvertible {
    package var description: String
  }

  package var color: Bool
  /// Keys and screens are written here as they happen (`--record`).
  package var recorder: LiveRecorder?
  /// How long a lone ESC waits for the rest of a sequence (or the key Alt went with) before it
  /// is the Escape key (`ESCDELAY`).
  package var escapeDelay: Duration

  package init(color: Bool, recorder: LiveRecorder? = nil, escapeDelay: Duration = LiveDriver.defaultEscapeDelay) {
    self.color = color
    self.recorder = recorder
    self.escapeDelay = escapeDelay
  }

  /// fzf's and ncurses' default: long enough for an arrow key's bytes over a slow ssh link,
  /// short enough that Esc is not felt to wait.
  package static let defaultEscapeDelay: Duration = .milliseconds(100)
  /// The longest `ESCDELAY` taken: past it, Esc would feel broken.
  package static let longestEscapeDelay = 10_000

  /// The escape delay `ESCDELAY` asks for, in milliseconds as ncurses and fzf read it: the
  /// default when it is unset or empty; a failure naming it when it is not a whole number of
  /// milliseconds from 0 to ``longestEscapeDelay``.
  package static func escapeDelay(_ value: String?) -> Result<Duration, Failure> {
    guard let value, !value.isEmpty else { return .success(defaultEscapeDelay) }
    guard value.allSatisfy({ $0.isASCII && $0.isWholeNumber }), let milliseconds = Int(value),
      milliseconds <= longestEscapeDelay
    else {
      return .failure(
        Failure(
          description:
            "ESCDELAY must be a whole number of milliseconds from 0 to \(longestEscapeDelay), got \(TerminalText.quoted(value))"
        ))
    }
    return .success(.milliseconds(milliseconds))
  }

  /// Refuses a terminal that cannot show a full-screen view (exit status 2).
  package static func check(environment: (String) -> String?) throws(Failure) {
    let term = environment("TERM") ?? ""
    if term.isEmpty || term == "dumb" {
      throw Failure(
        description: "live: the terminal cannot show a full-screen view (TERM=\(term.isEmpty ? "unset" : term))")
    }
  }

  /// Whether the terminal `term` names has a scroll region (DECSTBM) and insert and delete line,
  /// which a list that moves is scrolled with: every terminal but those whose terminfo entry
  /// lacks them.
  package static func scrolls(term: String) -> Bool {
    let family = term.split(separator: "-").first.map(String.init) ?? term
    return !["vt52", "vt100", "ansi", "sun", "cons25"].contains(family)
  }

  enum Event: Sendable {
    case keys([Key])
    case changed(String?)
    case tick
    case resize
    case signal(Int32)
    case inputClosed
  }

  /// Runs `make`'s View until a key or a signal ends it. `make` gets the callback its View calls
  /// after each change.
  package func run(_ make: (@escaping @Sendable (String?) -> Void) -> any LiveView) async throws(Failure) -> Outcome {
    let tty = open("/dev/tty", O_RDWR | O_CLOEXEC)
    guard tty >= 0 else { throw Failure(description: "live: no terminal to draw on (/dev/tty): \(errnoText())") }
    defer { close(tty) }
    var saved = termios()
    guard tcgetattr(tty, &saved) == 0 else { throw Failure(description: "live: /dev/tty is not a terminal") }

    let (stream, continuation) = AsyncStream<Event>.makeStream()
    let view = make { checkpoint in continuation.yield(.changed(checkpoint)) }
    let size = Self.size(of: tty)
    let term = getenv("TERM").map { String(cString: $0) } ?? ""
    var screen = LiveScreen(
      view: view, width: size.width, height: size.height, color: color, scrolls: Self.scrolls(term: term))

    enterRaw(tty, saved)
    let restorer = FatalSignalRestorer.install(tty: tty, saved: saved)
    defer { restorer.uninstall() }
    let watcher = SignalWatcher.shared
    var tokens = [watcher.watch(SIGWINCH) { continuation.yield(.resize) }]
    for number in [SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGTSTP] {
      tokens.append(watcher.watch(number) { continuation.yield(.signal(number)) })
    }
    defer { for token in tokens { watcher.stop(token) } }
    let reader = KeyReader(tty: tty, escapeDelay: escapeDelay) { event in continuation.yield(event) }
    defer { reader.stop() }

    let clock = ContinuousClock()
    let start = clock.now
    let now = { start.duration(to: clock.now) }
    write(tty, screen.open(at: now()))
    view.start(at: now())
    recorder?.begin(width: screen.width, height: screen.height)
    var timer: (deadline: Duration, task: Task<Void, Never>)?
    var outcome = Outcome(status: 0, output: nil)
    // What ended the view when no key did, for the recording.
    var cause: LiveTranscript.Event?

    loop: for await event in stream {
      var checkpoint: String?
      switch event {
      case .keys(let keys):
        for key in keys {
          Self.record(key, secret: view.isSecretInput, on: recorder, at: now())
          if key == .control("z") {
            suspend(tty, saved: saved, screen: &screen, now: now)
            continue
          }
          // fzf's Ctrl-L: everything drawn again, whatever else wrote over the view.
          if key == .control("l") {
            screen.redraw()
            continue
          }
          if case .exit(let status, let output) = view.handle(key, at: now()) {
            outcome = Outcome(status: status, output: Outcome.printable(output))
            break loop
          }
        }
      case .changed(let reason):
        checkpoint = reason
        view.tick(at: now())
      case .tick:
        timer = nil
        view.tick(at: now())
      case .resize:
        let size = Self.size(of: tty)
        screen.resize(width: size.width, height: size.height)
        recorder?.resize(width: size.width, height: size.height, at: now())
      case .signal(let number):
        if number == SIGTSTP {
          suspend(tty, saved: saved, screen: &screen, now: now)
          continue
        }
        outcome = Outcome(status: 128 + number, output: nil)
        cause = .signal(number)
        break loop
      case .inputClosed:
        outcome = Outcome(status: 130, output: nil)
        cause = .closed
        break loop
      }
      write(tty, screen.draw(at: now()))
      if let checkpoint { recorder?.screen(screen.lines, reason: checkpoint, at: now()) }
      // The throttle's next send, woken on time; a new deadline replaces the old.
      let deadline = view.deadline
      if deadline != timer?.deadline {
        timer?.task.cancel()
        timer = deadline.map { deadline in
          (
            deadline,
            Task {
              try? await clock.sleep(until: start.advanced(by: deadline))
              if !Task.isCancelled { continuation.yield(.tick) }
            }
          )
        }
      }
    }
    timer?.task.cancel()
    view.cancelAll()
    recorder?.end(screen.lines, outcome: outcome, cause: cause, at: now())
    write(tty, screen.close())
    var restore = saved
    tcsetattr(tty, TCSADRAIN, &restore)
    continuation.finish()
    return outcome
  }

  /// Records `key`, typed while the View's focus was `secret` or not: a character typed into a
  /// secret field becomes `<secret>`, one per character of a paste, so that a recording keeps
  /// how long a password was but not what it was; a character typed with Alt there (which a
  /// field ignores, but which may be part of the password meant) is not recorded at all; the
  /// other keys are kept as they are.
  static func record(_ key: Key, secret: Bool, on recorder: LiveRecorder?, at now: Duration) {
    guard let recorder else { return }
    guard secret else { return recorder.key(key, at: now) }
    switch key {
    case .text(let text): for _ in text { recorder.secretKey(at: now) }
    case .alt: break
    default: recorder.key(key, at: now)
    }
  }

  /// Ctrl-Z: the terminal as it was, the job stopped as the shell's job control expects;
  /// after `fg` (or at once, where no shell can continue it), raw mode and a full redraw.
  private func suspend(_ tty: Int32, saved: termios, screen: inout LiveScreen, now: () -> Duration) {
    write(tty, screen.close())
    var restore = saved
    tcsetattr(tty, TCSADRAIN, &restore)
    JobControl.suspend()
    enterRaw(tty, saved)
    let size = Self.size(of: tty)
    screen.resize(width: size.width, height: size.height)
    write(tty, screen.reopen(at: now()))
  }

  /// Raw mode: every key as bytes (Ctrl-C and Ctrl-Z too), no echo, no output processing.
  private func enterRaw(_ tty: Int32, _ saved: termios) {
    var raw = saved
    raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
    raw.c_oflag &= ~tcflag_t(OPOST)
    raw.c_cflag |= tcflag_t(CS8)
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    tcsetattr(tty, TCSADRAIN, &raw)
  }

  static func size(of tty: Int32) -> (width: Int, height: Int) {
    var size = winsize()
    guard ioctl(tty, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return (80, 24) }
    return (Int(size.ws_col), Int(size.ws_row))
  }
}

/// Writes all of `bytes`, across short writes and interruptions.
private func write(_ descriptor: Int32, _ bytes: [UInt8]) {
  var offset = 0
  bytes.withUnsafeBytes { buffer in
    while offset < buffer.count {
      let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        return
      }
      offset += written
    }
  }
}

private func errnoText() -> String { String(cString: strerror(errno)) }

/// Reads the terminal on a thread of its own and hands decoded keys to the loop. A lone ESC is
/// Escape once no byte follows within the escape delay, as editors decide. Stopped through a
/// pipe, so the terminal's descriptor is never closed while the thread polls it.
private final class KeyReader: Sendable {
  /// The loop writes to `wake` to stop the thread; the thread writes to `done` as it ends.
  private let wake: (read: Int32, write: Int32)
  private let done: (read: Int32, write: Int32)

  init(tty: Int32, escapeDelay: Duration, post: @escaping @Sendable (LiveDriver.Event) -> Void) {
    wake = Self.pipePair()
    done = Self.pipePair()
    let (wakeRead, doneWrite) = (wake.read, done.write)
    // Milliseconds without a byte after an ESC before it is the Escape key.
    let (seconds, attoseconds) = escapeDelay.components
    let escapeWait = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000)
    startDetachedThread {
      var decoder = KeyDecoder()
      var buffer = [UInt8](repeating: 0, count: 4096)
      var descriptors = [
        pollfd(fd: tty, events: Int16(POLLIN), revents: 0), pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
      ]
      while true {
        let ready = poll(&descriptors, 2, decoder.isPending ? escapeWait : -1)
        if ready < 0 {
          if errno == EINTR { continue }
          break
        }
        if descriptors[1].revents != 0 { break }
        if ready == 0 {
          post(.keys(decoder.flush()))
          continue
        }
        let count = read(tty, &buffer, buffer.count)
        if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
        guard count > 0 else {
          post(.inputClosed)
          break
        }
        let keys = decoder.decode(buffer[..<count])
        if !keys.isEmpty { post(.keys(keys)) }
      }
      var byte: UInt8 = 1
      _ = Glibc.write(doneWrite, &byte, 1)
    }
  }

  private static func pipePair() -> (read: Int32, write: Int32) {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { fatalError("live: pipe() failed: errno \(errno)") }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    return (ends[0], ends[1])
  }

  /// Stops the thread and waits for it, then closes the pipes.
  func stop() {
    var byte: UInt8 = 1
    _ = Glibc.write(wake.write, &byte, 1)
    while Glibc.read(done.read, &byte, 1) < 0 && errno == EINTR {}
    for descriptor in [wake.read, wake.write, done.read, done.write] { close(descriptor) }
  }
}

/// Puts the terminal back before a crash ends the process (SIGSEGV, SIGBUS, SIGILL, SIGFPE,
/// SIGABRT): the C handler writes the leave sequence and the saved modes, both
/// async-signal-safe, then lets the signal take its default course.
private struct FatalSignalRestorer {
  nonisolated(unsafe) static var tty: Int32 = -1
  /// On the heap: a global `termios` is laid out 57 bytes long, and copying one into it writes
  /// the C struct's 60 (AddressSanitizer caught the overflow).
  nonisolated(unsafe) static var saved: UnsafeMutablePointer<termios>?
  nonisolated(unsafe) static var leave: UnsafeMutableBufferPointer<UInt8>?
  static let signals = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT]
  let previous: [sigaction]

  static func install(tty: Int32, saved: termios) -> FatalSignalRestorer {
    let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: FrameWriter.leave.count)
    _ = bytes.initialize(from: FrameWriter.leave)
    leave = bytes
    let copy = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    copy.initialize(to: saved)
    self.saved = copy
    self.tty = tty
    let previous = signals.map {
      SignalDisposition.set($0, to: restoreAndDie, flags: Int32(truncatingIfNeeded: SA_RESETHAND))
    }
    return FatalSignalRestorer(previous: previous)
  }

  func uninstall() {
    for (number, old) in zip(Self.signals, previous) { SignalDisposition.restore(number, old) }
    Self.tty = -1
    Self.leave?.deallocate()
    Self.leave = nil
    Self.saved?.deallocate()
    Self.saved = nil
  }
}

private func restoreAndDie(_ number: Int32) {
  let tty = FatalSignalRestorer.tty
  if tty >= 0, let leave = FatalSignalRestorer.leave, let saved = FatalSignalRestorer.saved {
    _ = Glibc.write(tty, leave.baseAddress, leave.count)
    tcsetattr(tty, TCSANOW, saved)
  }
  raise(number)
}
