import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The REPL in tmux, a terminal that reflows wrapped rows when it is resized, as most do
/// (xterm does not): what a person sees after a resize is read back from tmux's screen.
@Suite(
  "reactor binary: resizing a terminal that reflows (tmux)",
  .enabled(if: ReflowingTerminal.tmux != nil, "tmux is not installed (scripts/setup installs it)"))
struct ReflowingTerminalTests {
  @Test("a typed line of 90 characters, resized to 45 columns and back to 100, is on screen once")
  func typedLineSurvivesResizes() async throws {
    try await ReactorBinary.withScratchHome { home in
      let terminal = try await ReflowingTerminal.start(columns: 100, home: home)
      do {
        try await Self.resizeTwice(terminal)
      } catch {
        await terminal.stop()
        throw error
      }
      await terminal.stop()
    }
  }

  private static func resizeTwice(_ terminal: ReflowingTerminal) async throws {
    try await terminal.wait("the prompt") { $0.contains { $0.hasPrefix("reactor>") } }
    let typed = "query " + String(repeating: "abcdefgh ", count: 9)
    try await terminal.type(typed)
    try await terminal.wait("the typed line") { $0.contains { $0.hasSuffix("abcdefgh abcdefgh") } }
    try await terminal.resize(columns: 45)
    // tmux reflows the row itself at once; the editor's own drawing comes after (an erase).
    try await terminal.waitForRedraws(1)
    // Drawn again at 45 columns: three rows, the prompt's first at the top of what it took.
    try await terminal.wait("the line drawn at 45 columns") { rows in
      rows.contains("reactor> query abcdefgh abcdefgh abcdefgh abc") && rows.contains("defgh")
    }
    let narrow = try await terminal.rows()
    #expect(narrow.filter { !$0.isEmpty }.count == 3, "\(narrow)")
    try await terminal.resize(columns: 100)
    try await terminal.waitForRedraws(2)
    try await terminal.wait("the line drawn at 100 columns") { rows in
      rows.contains { $0.hasPrefix("reactor> query") && $0.hasSuffix("abcdefgh abcdefgh") }
    }
    let wide = try await terminal.rows()
    #expect(wide.filter { $0.contains("abcdefgh") }.count == 1, "a stale copy: \(wide)")
    // The line is still the editor's: Enter runs it.
    try await terminal.type("\r", literal: false)
    try await terminal.wait("the search") { $0.contains { $0.contains("query: \"abcdefgh") } }
  }
}

/// `reactor --offline` in a detached tmux session of its own (a private server socket). Each
/// tmux call waits for its process off the cooperative pool (``offThePool(_:)``).
struct ReflowingTerminal: Sendable {
  static let tmux: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  let socket: String
  /// Every byte reactor writes to the terminal, as tmux hands it on.
  let log: String

  static func start(columns: Int, home: String) async throws -> ReflowingTerminal {
    guard let binary = ReactorBinary.url else { throw ReactorBinary.Missing() }
    return try await start(command: "\(binary.path) --offline --color never", columns: columns, home: home)
  }

  /// `command` (a bash command line) in a new session's pane, with a clean environment;
  /// `$REACTOR` in it is the binary.
  static func start(command: String, columns: Int, rows: Int = 20, home: String) async throws -> ReflowingTerminal {
    guard let binary = ReactorBinary.url else { throw ReactorBinary.Missing() }
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    // A socket's path has a short limit: not under the scratch HOME.
    let terminal = ReflowingTerminal(
      socket: NSTemporaryDirectory() + "rtm-" + UUID().uuidString.prefix(8), log: home + "/terminal.log")
    let environment =
      ["PATH=/usr/bin:/bin", "HOME=\(home)", "LANG=C.UTF-8", "TERM=xterm", "REACTOR=\(binary.path)"]
      + ReactorBinary.sanitizerEnvironment.map { "\($0.key)=\($0.value)" }
    func quoted(_ word: String) -> String { "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'" }
    // bash runs `command` in that environment, without job control (not interactive), and, unlike
    // dash, goes on after a Ctrl-C its command handled. The server keeps whatever output it was
    // given: none to wait on.
    let line = (["env", "-i"] + environment + ["bash", "-c", command]).map(quoted).joined(separator: " ")
    try await terminal.tmux(
      ["new-session", "-d", "-s", "r", "-x", "\(columns)", "-y", "\(rows)", line], capture: false)
    try await terminal.tmux(["pipe-pane", "-t", "r", "-o", "cat >> \(terminal.log)"])
    return terminal
  }

  /// Every byte the pane's programs wrote so far.
  var written: String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }

  /// The pid of the pane's first process (the shell `start` runs).
  func panePID() async throws -> pid_t {
    let text = try await tmux(["display-message", "-p", "-t", "r", "#{pane_pid}"])
    guard let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
      throw TerminalSession.Failure("no pane pid: \(text)")
    }
    return pid
  }

  /// Sends tmux's name of a key (`C-z`, `Escape`, `Enter`).
  func press(_ key: String) async throws {
    try await tmux(["send-keys", "-t", "r", key])
  }

  /// Waits until reactor has erased the screen below a prompt to draw it again `count` times
  /// since it started: a resize has been taken in, not only reflowed by tmux.
  func waitForRedraws(_ count: Int) async throws {
    let deadline = ContinuousClock.now + TimingSlack.seconds(60)
    while true {
      let written = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
      if written.components(separatedBy: "\u{1B}[J").count - 1 >= count { return }
      if ContinuousClock.now > deadline { throw TerminalSession.Failure("no redraw: \(written.debugDescription)") }
      try await Task.sleep(for: .milliseconds(5))
    }
  }

  func type(_ keys: String, literal: Bool = true) async throws {
    try await tmux(["send-keys", "-t", "r"] + (literal ? ["-l", keys] : ["Enter"]))
  }

  func resize(columns: Int) async throws {
    try await tmux(["resize-window", "-t", "r", "-x", "\(columns)", "-y", "20"])
  }

  /// The visible rows, trailing blanks dropped.
  func rows() async throws -> [String] {
    let text = try await tmux(["capture-pane", "-t", "r", "-p"])
    return text.components(separatedBy: "\n").map { String($0.reversed().drop { $0 == " " }.reversed()) }
  }

  /// Waits until the screen's rows satisfy `condition`: an event tmux shows, bounded only
  /// against a hang.
  func wait(_ what: String, patience: Duration = TimingSlack.seconds(60), _ condition: ([String]) -> Bool) async throws
  {
    let deadline = ContinuousClock.now + patience
    while true {
      let rows = try await rows()
      if condition(rows) { return }
      if ContinuousClock.now > deadline { throw TerminalSession.Failure("timed out waiting for \(what): \(rows)") }
      try await Task.sleep(for: .milliseconds(5))
    }
  }

  func stop() async {
    _ = try? await tmux(["kill-server"])
    try? FileManager.default.removeItem(atPath: socket)
  }

  /// Runs tmux with posix_spawn and waitpid: Foundation's `Process` left the client, whose
  /// server forks away from it, unreaped here, and its wait never returned (the signal mask
  /// this thread passed on was the cause of both).
  @discardableResult
  func tmux(_ arguments: [String], capture: Bool = true) async throws -> String {
    let argv = [Self.tmux!, "-S", socket] + arguments
    return try await offThePool {
      var ends: [Int32] = [-1, -1]
      guard pipe(&ends) == 0 else { throw TerminalSession.Failure("pipe: errno \(errno)") }
      var actions = posix_spawn_file_actions_t()
      posix_spawn_file_actions_init(&actions)
      defer { posix_spawn_file_actions_destroy(&actions) }
      if capture {
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        posix_spawn_file_actions_adddup2(&actions, ends[1], 2)
      } else {
        // The server it starts would keep the pipe open: nothing to read then.
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
      }
      posix_spawn_file_actions_addclose(&actions, ends[0])
      posix_spawn_file_actions_addclose(&actions, ends[1])
      closeInheritedDescriptors(&actions)
      // The server tmux starts must get its signals (a test thread blocks them): without
      // SIGCHLD it never sees its pane end, and never exits.
      var attributes = posix_spawnattr_t()
      posix_spawnattr_init(&attributes)
      defer { posix_spawnattr_destroy(&attributes) }
      resetSignals(&attributes)
      let cArguments = argv.map { strdup($0) } + [nil]
      defer { for argument in cArguments { free(argument) } }
      var child = pid_t()
      let spawned = posix_spawn(&child, argv[0], &actions, &attributes, cArguments, environ)
      close(ends[1])
      defer { close(ends[0]) }
      guard spawned == 0 else { throw TerminalSession.Failure("posix_spawn tmux: \(spawned)") }
      let (data, status) = readToEnd(capture ? ends[0] : nil, thenWaitFor: child)
      let text = String(decoding: data, as: UTF8.self)
      guard status == 0 else { throw TerminalSession.Failure("tmux \(arguments.joined(separator: " ")): \(text)") }
      return text
    }
  }
}
