import Foundation

/// Runs child processes for the scenarios that measure whole programs.
enum Subprocess {
  struct Result {
    var status: Int32
    var output: String
    var seconds: Double
  }

  /// Finds `name` on PATH.
  static func which(_ name: String) -> String? {
    if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") {
      let candidate = "\(directory)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  /// Runs `executable` with `arguments`; standard input from `input` (a path; /dev/null when
  /// nil); standard output captured when `capture`, else discarded. Standard error passes
  /// through unless `quiet`. `environment` entries are added to (or, when nil, removed from) this process's.
  @discardableResult
  static func run(
    _ executable: String, _ arguments: [String], input: String? = nil, capture: Bool = true,
    quiet: Bool = false, environment: [String: String?] = [:]
  ) throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    for (key, value) in environment { env[key] = value }
    process.environment = env
    process.standardInput = FileHandle(forReadingAtPath: input ?? "/dev/null")
    if quiet { process.standardError = FileHandle(forWritingAtPath: "/dev/null") }
    let pipe = Pipe()
    var data = Data()
    if capture {
      process.standardOutput = pipe
    } else {
      process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
    }
    let start = nanoseconds()
    try process.run()
    if capture { data = pipe.fileHandleForReading.readDataToEndOfFile() }
    process.waitUntilExit()
    let elapsed = Double(nanoseconds() - start) / 1e9
    return Result(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self), seconds: elapsed)
  }
}
