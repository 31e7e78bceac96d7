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
    posix_spawn_file_actions_addopen(&fileActions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&fileActions, 2, "/dev/null", O_WRONLY, 0)
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
}
