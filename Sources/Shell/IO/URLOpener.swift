import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Opens URLs for `open N`.
package protocol URLOpener: Sendable {
  /// Tries to show `url`; returns true when a browser was started.
  func open(_ url: String) -> Bool
}

/// Prints instead of opening: pipes, scripts, tests.
package struct PrintingOpener: URLOpener {
  package init() {}
  package func open(_ url: String) -> Bool { false }
}

/// Runs `$BROWSER` (the first word is the program, the rest its arguments) or `xdg-open`, with
/// the URL as a separate argument: never through a shell, so a URL cannot inject commands.
package struct SystemOpener: URLOpener {
  let environment: @Sendable (String) -> String?

  /// `environment` looks a variable up.
  package init(environment: @escaping @Sendable (String) -> String?) { self.environment = environment }

  package func open(_ url: String) -> Bool {
    var command = (environment("BROWSER") ?? "").split(separator: " ").map(String.init)
    if command.isEmpty { command = ["xdg-open"] }
    guard url.hasPrefix("https://") || url.hasPrefix("http://") else { return false }
    return spawn(command + [url])
  }

  private func spawn(_ arguments: [String]) -> Bool {
    var fileActions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&fileActions)
    defer { posix_spawn_file_actions_destroy(&fileActions) }
    // The browser may outlive the session: it gets none of its input, output or descriptors
    // (a daemon's pipes, the history file, sockets), so it cannot hold a pipe open or read keys.
    posix_spawn_file_actions_addopen(&fileActions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&fileActions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&fileActions, 2, "/dev/null", O_WRONLY, 0)
    Self.closeDescriptors(from: 3, &fileActions)
    let argv = arguments.map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var pid = pid_t()
    let result = posix_spawnp(&pid, arguments[0], &fileActions, nil, argv, environ)
    guard result == 0 else { return false }
    var status: Int32 = 0
    // xdg-open returns quickly; a browser started directly keeps running, so do not wait long.
    for _ in 0..<20 {
      let done = waitpid(pid, &status, WNOHANG)
      if done == pid { return (status & 0x7f) == 0 && ((status >> 8) & 0xff) == 0 }
      usleep(25_000)
    }
    return true
  }

  /// Makes the child close every descriptor from `first` up, whatever it inherited (glibc has
  /// the action since 2.34; Swift's Glibc module does not declare it, so it is looked up).
  static func closeDescriptors(from first: Int32, _ actions: inout posix_spawn_file_actions_t) {
    typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return }
    _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, first)
  }
}
