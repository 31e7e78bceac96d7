import Foundation
import TestSupport

/// Runs the built `reactor` binary with piped standard input, as users and scripts do.
struct ReactorBinary {
  struct Result {
    var stdout: String
    var stderr: String
    var status: Int32
    var lines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
  }

  /// The binary next to the test bundle (swift test builds every product), or `REACTOR_BINARY`.
  static var url: URL? {
    if let path = ProcessInfo.processInfo.environment["REACTOR_BINARY"] { return URL(fileURLWithPath: path) }
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<3 {
      let candidate = directory.appendingPathComponent("reactor")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      directory.deleteLastPathComponent()
    }
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let fallback = root.appendingPathComponent(".build/debug/reactor")
    return FileManager.default.isExecutableFile(atPath: fallback.path) ? fallback : nil
  }

  /// Runs `reactor arguments` with `input` on standard input and a clean environment plus `environment`.
  /// With `terminal`, reactor runs on a pseudo-terminal made by util-linux `script(1)`, which
  /// copies `input` to it and its output (echo included, lines ending in CR LF) to `stdout`.
  /// The waiting happens off the cooperative pool (see ``offThePool(_:)``).
  /// With `shell`, `/bin/sh -c shell` runs instead, with the binary as `$0` and `arguments` as
  /// `"$@"`: `exec "$0" "$@" >/dev/full` runs reactor with its standard output on a full disk.
  static func run(
    _ arguments: [String], input: String = "", environment: [String: String] = [:], terminal: Bool = false,
    shell: String? = nil
  ) async throws -> Result {
    try await offThePool {
      try runBlocking(arguments, input: input, environment: environment, terminal: terminal, shell: shell)
    }
  }

  private static func runBlocking(
    _ arguments: [String], input: String, environment: [String: String], terminal: Bool, shell: String?
  ) throws -> Result {
    let (process, stdin, stdout, stderr) = try prepare(arguments, environment: environment)
    if let shell {
      process.arguments = ["-c", shell, process.executableURL!.path] + arguments
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
    }
    if terminal {
      let command = ([process.executableURL!.path] + arguments).map {
        "'" + $0.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
      }
      process.executableURL = URL(fileURLWithPath: scriptPath)
      process.arguments = ["-qec", command.joined(separator: " "), "/dev/null"]
    }
    try process.run()
    let writer = Thread {
      // A reactor that stops before reading all its input (quit, --bail, a crash) closes the
      // pipe; `write(_:)` would trap on that EPIPE and take the whole test process down.
      try? stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8))
      try? stdin.fileHandleForWriting.close()
    }
    writer.start()
    let errData = LockedData()
    let errReader = Thread { errData.set(stderr.fileHandleForReading.readDataToEndOfFile()) }
    errReader.start()
    let out = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    while !errData.done { Thread.sleep(forTimeInterval: 0.001) }
    // A crash must not pass for "exit 1": report a signal as 128 + its number, as shells do.
    let status =
      process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
    return Result(
      stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: errData.value, as: UTF8.self),
      status: status)
  }

  /// An HTTP cache folder of its own for one process: a loopback server's port is reused by
  /// later tests, and an entry cached for it would answer their requests.
  static func freshCacheHome() -> String {
    NSTemporaryDirectory() + "reactor-e2e-cache/" + UUID().uuidString
  }

  /// A `reactor` process with piped standard streams and a clean environment (a scratch HOME,
  /// its own HTTP cache, C.UTF-8, the sanitizer settings) plus `environment`; not started yet.
  static func prepare(_ arguments: [String], environment: [String: String]) throws -> (Process, Pipe, Pipe, Pipe) {
    guard let url else { throw Missing() }
    let process = Process()
    process.executableURL = url
    process.arguments = arguments
    var env = [
      "PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory() + "reactor-e2e-home", "LANG": "C.UTF-8",
      "XDG_CACHE_HOME": freshCacheHome(),
    ]
    env.merge(sanitizerEnvironment) { $1 }
    env.merge(environment) { $1 }
    process.environment = env
    let (stdin, stdout, stderr) = (Pipe(), Pipe(), Pipe())
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    return (process, stdin, stdout, stderr)
  }

  /// Sanitizer settings of the test run, passed on to the binary (built with the same
  /// sanitizer), so LeakSanitizer stays off there too.
  /// `REACTOR_CHILD_TSAN_OPTIONS`, when set, replaces TSAN_OPTIONS for the children, so
  /// scripts/check can collect their reports in files instead of on a discarded stderr.
  static var sanitizerEnvironment: [String: String] {
    let environment = ProcessInfo.processInfo.environment
    var passed = environment.filter { ["ASAN_OPTIONS", "TSAN_OPTIONS", "REACTOR_UNDER_SANITIZER"].contains($0.key) }
    if let child = environment["REACTOR_CHILD_TSAN_OPTIONS"] { passed["TSAN_OPTIONS"] = child }
    return passed
  }

  /// The libraries the dynamic loader looked up while `reactor arguments` ran (its `LD_DEBUG`
  /// log), for the tests that prove a library is loaded only when it is needed.
  static func librariesLoaded(
    _ arguments: [String], input: String = "", environment: [String: String] = [:], terminal: Bool = false
  ) async throws -> String {
    let log = FileManager.default.temporaryDirectory.appendingPathComponent("reactor-ld-\(UUID().uuidString)")
    let directory = log.deletingLastPathComponent()
    func logFiles() -> [URL] {
      ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
        .filter { $0.hasPrefix(log.lastPathComponent) }.map { directory.appendingPathComponent($0) }
    }
    defer { for file in logFiles() { try? FileManager.default.removeItem(at: file) } }
    var environment = environment
    environment["LD_DEBUG"] = "libs"
    environment["LD_DEBUG_OUTPUT"] = log.path
    _ = try await run(arguments, input: input, environment: environment, terminal: terminal)
    return try logFiles().map { try String(contentsOf: $0, encoding: .utf8) }.joined()
  }

  /// A HOME of its own for one test, removed afterwards.
  static func withScratchHome<T>(_ body: (String) async throws -> T) async rethrows -> T {
    let home = NSTemporaryDirectory() + "reactor-e2e-home-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: home) }
    return try await body(home)
  }

  /// util-linux `script(1)`, which gives a program a pseudo-terminal (Debian: bsdutils, essential).
  static let scriptPath = "/usr/bin/script"
  static var hasScript: Bool { FileManager.default.isExecutableFile(atPath: scriptPath) }

  struct Missing: Error, CustomStringConvertible {
    var description: String { "the reactor binary was not found; run `swift build` first or set REACTOR_BINARY" }
  }
}

final class LockedData: @unchecked Sendable {
  private let lock = NSLock()
  private var data = Data()
  private var finished = false
  func set(_ value: Data) {
    lock.withLock {
      data = value
      finished = true
    }
  }
  var value: Data { lock.withLock { data } }
  var done: Bool { lock.withLock { finished } }
}

/// Parses NDJSON output into dictionaries.
func jsonLines(_ text: String) throws -> [[String: Any]] {
  try text.split(separator: "\n").map { line in
    guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
      throw NotAnObject(line: String(line))
    }
    return object
  }
}

struct NotAnObject: Error { var line: String }

extension ReactorBinary {
  /// Runs a `/bin/sh -c` command line (a pipeline), with the clean environment of ``run``.
  static func runShell(_ command: String) async throws -> Result {
    try await offThePool {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = ["-c", command]
      var environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
      environment.merge(sanitizerEnvironment) { $1 }
      process.environment = environment
      let (stdout, stderr) = (Pipe(), Pipe())
      process.standardOutput = stdout
      process.standardError = stderr
      try process.run()
      let errData = LockedData()
      let errReader = Thread { errData.set(stderr.fileHandleForReading.readDataToEndOfFile()) }
      errReader.start()
      let out = stdout.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      while !errData.done { Thread.sleep(forTimeInterval: 0.001) }
      return Result(
        stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: errData.value, as: UTF8.self),
        status: process.terminationStatus)
    }
  }
}
