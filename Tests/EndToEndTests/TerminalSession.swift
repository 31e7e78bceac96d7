import Foundation
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// `reactor` on a pseudo-terminal of its own, driven key by key as a user would: a test types,
/// then waits until what it expects appears on the screen (an event it can observe), never for
/// a while.
///
/// The child is a session leader whose controlling terminal is the pty, so the keys the terminal
/// turns into signals (Ctrl-C while a command runs) and resizes (SIGWINCH) reach it as they
/// would from a terminal emulator.
final class TerminalSession: @unchecked Sendable {  // mutable state under `condition`
  private let master: Int32
  private let pid: pid_t
  private let condition = NSCondition()
  private var screen: [UInt8] = []
  private var piped: [UInt8] = []
  private var finished = 0
  private let readers: Int
  /// Set once ``exitStatus()`` has collected the child, whose pid may then be reused.
  private var reaped = false

  /// Where standard output goes instead of the terminal.
  enum Output {
    /// Opened for writing (`> /dev/full`).
    case file(String)
    /// Closed (`>&-`).
    case closed
  }

  /// Starts `reactor arguments` with a clean environment plus `environment`, on a terminal of
  /// `columns` by `rows`. With `outputToPipe`, standard output is a pipe (as in `reactor | tee`),
  /// read into ``pipedText``; with `output`, it is that; standard input and error stay the
  /// terminal. The descriptors of `closing` are closed in reactor, whatever this process has
  /// open under their numbers.
  ///
  /// reactor leads a session of its own, an orphaned process group that no shell can continue
  /// after a stop (the kernel discards SIGTSTP). With `jobControl`, an interactive bash leads it
  /// instead and runs reactor as its job: Ctrl-Z stops it, bash says `Stopped`, and Enter (a
  /// line the test types) is `fg`; the status and the signals are then bash's, which exits
  /// with reactor's status.
  init(
    _ arguments: [String], environment: [String: String] = [:], columns: Int = 100, rows: Int = 40,
    outputToPipe: Bool = false, output: Output? = nil, closing: [Int32] = [], jobControl: Bool = false
  ) throws {
    guard let binary = ReactorBinary.url else { throw ReactorBinary.Missing() }
    // posix_openpt, unlockpt and ptsname are not visible to Swift; their Linux ioctls are.
    master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
    var unlock: Int32 = 0
    var number: UInt32 = 0
    guard master >= 0, ioctl(master, Self.unlockRequest, &unlock) == 0, ioctl(master, Self.numberRequest, &number) == 0
    else { throw Failure("no pseudo-terminal: errno \(errno)") }
    let slavePath = "/dev/pts/\(number)"
    var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    initialModes = Self.modes(of: master)
    var pipeEnds: [Int32] = [-1, -1]
    if outputToPipe {
      guard pipe(&pipeEnds) == 0 else { throw Failure("pipe: errno \(errno)") }
      for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // Opened after setsid (glibc does the session first), so the pty becomes the controlling terminal.
    posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
    switch output {
    case .file(let path)?: posix_spawn_file_actions_addopen(&actions, 1, path, O_WRONLY, 0)
    case .closed?: posix_spawn_file_actions_addclose(&actions, 1)
    case nil: posix_spawn_file_actions_adddup2(&actions, outputToPipe ? pipeEnds[1] : 0, 1)
    }
    posix_spawn_file_actions_adddup2(&actions, 0, 2)
    for descriptor in closing { posix_spawn_file_actions_addclose(&actions, descriptor) }
    closeInheritedDescriptors(&actions)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    resetSignals(&attributes, flags: Self.spawnSetsid)
    var env = [
      "PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory() + "reactor-e2e-home", "LANG": "C.UTF-8",
      "TERM": "xterm",
    ]
    env.merge(ReactorBinary.sanitizerEnvironment) { $1 }
    env.merge(environment) { $1 }
    let program = jobControl ? Self.bash : binary.path
    let wrapper = jobControl ? [program, "--norc", "--noprofile", "-i", "-c", Self.jobScript, "reactor"] : []
    let argv = (wrapper + [binary.path] + arguments).map { strdup($0) } + [nil]
    let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for item in argv + envp { free(item) } }
    var child = pid_t()
    let status = posix_spawn(&child, program, &actions, &attributes, argv, envp)
    guard status == 0 else { throw Failure("posix_spawn: \(status)") }
    pid = child
    readers = outputToPipe ? 2 : 1
    startReading(master) { [self] bytes in screen += bytes }
    if outputToPipe {
      close(pipeEnds[1])
      startReading(pipeEnds[0]) { [self] bytes in piped += bytes }
    }
  }

  static let bash = "/bin/bash"

  /// Runs the job, and after each stop (status 128 + SIGTSTP) waits for a line before `fg`, up
  /// to 30 times; exits with its status. Not a loop: bash abandons a compound command whose job
  /// stops, and goes on with the next line.
  private static let jobScript =
    (["\"$@\"; s=$?"] + Array(repeating: "[ $s -eq 148 ] && { read -r _; fg >/dev/null; s=$?; }", count: 30)
    + ["exit $s"]).joined(separator: "\n")

  /// Linux's TIOCSPTLCK, TIOCGPTN and glibc's POSIX_SPAWN_SETSID (macros Swift does not import).
  private static let unlockRequest: UInt = 0x4004_5431
  private static let numberRequest: UInt = 0x8004_5430
  private static let spawnSetsid: Int32 = 0x80

  deinit {
    if !reaped {
      kill(pid, SIGKILL)
      var status: Int32 = 0
      waitpid(pid, &status, 0)
    }
    close(master)
  }

  /// Everything the terminal showed so far (escape sequences included).
  var text: String { condition.withLock { String(decoding: screen, as: UTF8.self) } }

  /// Everything written to the pipe on standard output so far.
  var pipedText: String { condition.withLock { String(decoding: piped, as: UTF8.self) } }

  /// Sends keys to the terminal (`\u{3}` is Ctrl-C, `\u{4}` Ctrl-D, `\r` Enter).
  func type(_ keys: String) {
    let bytes = Array(keys.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBufferPointer { write(master, $0.baseAddress, $0.count) }
      if written <= 0 { return }
      offset += written
    }
  }

  /// How long a wait looks for what it waits for: only a hang runs it out, as every wait is for
  /// something the terminal will show, within seconds on a loaded machine under a sanitizer.
  /// (Scaled under a sanitizer; the stalls of a busy machine do not count, see `poll`.)
  static let patience = TimingSlack.seconds(60)

  /// Waits until `condition` holds of the screen (and the pipe), looking each millisecond or
  /// two; fails after ``patience``, or when the terminal closes first.
  func wait(for what: String, _ condition: (_ screen: String, _ pipe: String) -> Bool) async throws {
    var (screen, satisfied, closed) = ("", false, false)
    await poll(every: .milliseconds(2), timeout: Self.patience) {
      let (text, pipe, ended) = self.condition.withLock {
        (String(decoding: self.screen, as: UTF8.self), String(decoding: piped, as: UTF8.self), finished == readers)
      }
      (screen, satisfied, closed) = (text, condition(text, pipe), ended)
      return satisfied || closed
    }
    if satisfied { return }
    if closed { throw Failure("the terminal closed before \(what):\n\(screen.suffix(3000))") }
    throw Failure("timed out waiting for \(what):\n\(screen.suffix(3000))")
  }

  /// Waits until `text` has appeared on the screen at least `count` times in all.
  func wait(forScreen text: String, count: Int = 1) async throws {
    try await wait(for: "\(count) × \(text.debugDescription)") { screen, _ in screen.occurrences(of: text) >= count }
  }

  /// Whether the terminal echoes control characters as `^C` (ECHOCTL), as a new one does.
  var echoesControlCharacters: Bool {
    var settings = termios()
    return tcgetattr(master, &settings) == 0 && settings.c_lflag & tcflag_t(ECHOCTL) != 0
  }

  /// Whether the terminal turns Ctrl-C into a signal (ISIG): a command runs, not the editor.
  var signalsOn: Bool {
    var settings = termios()
    return tcgetattr(master, &settings) == 0 && settings.c_lflag & tcflag_t(ISIG) != 0
  }

  /// The terminal's modes as `stty -g` would print them (flags and control characters), to
  /// compare before and after a full-screen view.
  var modes: String { Self.modes(of: master) }

  /// The terminal's modes before reactor started, which it must leave as it found them.
  let initialModes: String

  private static func modes(of master: Int32) -> String {
    var settings = termios()
    guard tcgetattr(master, &settings) == 0 else { return "" }
    let controls = withUnsafeBytes(of: settings.c_cc) { Array($0) }
    return
      ([settings.c_iflag, settings.c_oflag, settings.c_cflag, settings.c_lflag].map { String($0, radix: 16) }
      + controls.map { String($0, radix: 16) }).joined(separator: ":")
  }

  /// Sends `signal` to reactor.
  func send(_ signal: Int32) { kill(pid, signal) }

  /// Ends reactor unless it has exited, so that a failed test leaves no REPL running (the reader
  /// threads keep this session alive until the terminal closes).
  func end() {
    guard !reaped else { return }
    kill(pid, SIGKILL)
  }

  /// Resizes the terminal, as a terminal emulator does (the kernel sends SIGWINCH).
  func resize(columns: Int, rows: Int = 40) {
    var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
  }

  /// Whether reactor is stopped now (job control: Ctrl-Z, SIGSTOP), read from /proc so that
  /// nothing is collected from it.
  var isStopped: Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let name = stat.range(of: ") ", options: .backwards)
    else { return false }
    return stat[name.upperBound...].hasPrefix("T")
  }

  /// Waits for the process to end and returns its status (128 + n for signal n); a hang fails
  /// after ``patience``.
  func exitStatus() async throws -> Int32 {
    var status: Int32 = 0
    let exited = await poll(every: .milliseconds(2), timeout: Self.patience) { waitpid(pid, &status, WNOHANG) == pid }
    guard exited else { throw Failure("reactor did not exit:\n\(text.suffix(2000))") }
    reaped = true
    // What it wrote before it exited may still be unread: the readers reach the end once no
    // process holds the terminal (and the pipe). A check of `text` after this sees all of it.
    _ = await poll(every: .milliseconds(2), timeout: Self.patience) { condition.withLock { finished == readers } }
    return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
  }

  private func startReading(_ descriptor: Int32, into append: @escaping @Sendable ([UInt8]) -> Void) {
    let thread = Thread { [self] in
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let count = read(descriptor, &buffer, buffer.count)
        if count < 0 && errno == EINTR { continue }
        condition.lock()
        if count <= 0 {
          finished += 1
        } else {
          append(Array(buffer[0..<count]))
        }
        condition.broadcast()
        condition.unlock()
        if count <= 0 { return }
      }
    }
    thread.start()
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }
}

extension String {
  /// How many times `needle` occurs, without overlaps.
  func occurrences(of needle: String) -> Int {
    components(separatedBy: needle).count - 1
  }
}

/// Makes the child close every descriptor from 3 up as its last file action, whatever it
/// inherited. Tests run side by side, and a pipe another test has just made (a man page test's
/// groff output, say) is inherited by any child spawned before that test marks it
/// close-on-exec or closes its end: the tmux server, which daemonizes and lives on, held four
/// tests' pipes open, and they waited for an end of file that never came (a CI run hung there).
/// glibc has the action since 2.34; Swift's Glibc module does not declare it.
func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t) {
  typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
  guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return }
  _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
}

/// Reads `descriptor` (if any) to its end of file, retrying an interrupted read, then waits for
/// `child`; returns what was read and the child's wait status.
func readToEnd(_ descriptor: Int32?, thenWaitFor child: pid_t) -> (bytes: [UInt8], status: Int32) {
  var bytes = [UInt8]()
  var buffer = [UInt8](repeating: 0, count: 4096)
  while let descriptor {
    let count = read(descriptor, &buffer, buffer.count)
    if count < 0 && errno == EINTR { continue }
    if count <= 0 { break }
    bytes += buffer[..<count]
  }
  var status: Int32 = 0
  while waitpid(child, &status, 0) < 0 && errno == EINTR {}
  return (bytes, status)
}

/// Sets `attributes` (with `flags`) so that the child starts with every signal at its default
/// and none blocked: a test thread's mask and handlers would otherwise pass on to it.
func resetSignals(_ attributes: inout posix_spawnattr_t, flags: Int32 = 0) {
  posix_spawnattr_setflags(&attributes, Int16(flags | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
  var defaults = sigset_t()
  sigfillset(&defaults)
  posix_spawnattr_setsigdefault(&attributes, &defaults)
  var empty = sigset_t()
  sigemptyset(&empty)
  posix_spawnattr_setsigmask(&attributes, &empty)
}
