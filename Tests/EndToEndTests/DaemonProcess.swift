import Foundation
import TestSupport

/// A `reactor --daemon` child process driven through pipes, as an editor plugin would (or,
/// with `daemon: false`, plain piped mode fed a line at a time).
final class DaemonProcess: @unchecked Sendable {
  let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  private let errors = Pipe()
  /// Guards `lines`, `records`, `ended` and `errorBytes`, written by the reader threads.
  private let lock = NSLock()
  private var lines: [String] = []
  private var records: [[String: Any]] = []
  private var ended = false
  private var errorBytes = Data()

  init(_ arguments: [String], environment: [String: String] = [:], daemon: Bool = true) throws {
    guard let url = ReactorBinary.url else { throw ReactorBinary.Missing() }
    process.executableURL = url
    process.arguments = (daemon ? ["--daemon"] : []) + arguments
    var env = [
      "PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "LANG": "C.UTF-8",
      "XDG_CACHE_HOME": ReactorBinary.freshCacheHome(),
    ]
    env.merge(ReactorBinary.sanitizerEnvironment) { $1 }
    env.merge(environment) { $1 }
    process.environment = env
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let errorHandle = errors.fileHandleForReading
    Thread { [self] in
      while case let chunk = errorHandle.availableData, !chunk.isEmpty {
        locked { errorBytes.append(chunk) }
      }
    }.start()
    let handle = output.fileHandleForReading
    Thread { [self] in
      var pending = Data()
      while true {
        let chunk = handle.availableData
        if chunk.isEmpty { break }
        pending.append(chunk)
        while let newline = pending.firstIndex(of: 0x0A) {
          let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
          pending.removeSubrange(pending.startIndex...newline)
          let record = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
          locked {
            lines.append(line)
            if let record { records.append(record) }
          }
        }
      }
      locked { ended = true }
    }.start()
  }

  func send(_ line: String) { send(raw: Data((line + "\n").utf8)) }

  func send(raw: Data) { try? input.fileHandleForWriting.write(contentsOf: raw) }

  func closeInput() { try? input.fileHandleForWriting.close() }

  func signal(_ number: Int32) { kill(process.processIdentifier, number) }

  /// What the process wrote to standard error so far.
  var standardError: String { locked { String(decoding: errorBytes, as: UTF8.self) } }

  /// How the process stands with signals, from /proc: the process's caught, ignored and shared
  /// pending sets, then each thread's name, state, blocked and pending sets and kernel wait
  /// channel. Attached when a signal seems lost, to tell a blocked or ignored signal from a
  /// handler that never ran or a watcher thread that is gone or stuck.
  func signalReport() -> String {
    let pid = process.processIdentifier
    func read(_ path: String) -> String {
      (try? String(contentsOfFile: path, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "?"
    }
    func fields(_ status: String, _ names: [String]) -> String {
      status.split(separator: "\n").filter { line in names.contains { line.hasPrefix($0 + ":") } }
        .map { $0.replacingOccurrences(of: "\t", with: " ") }.joined(separator: ", ")
    }
    var lines = ["process \(pid): " + fields(read("/proc/\(pid)/status"), ["SigCgt", "SigIgn", "ShdPnd", "Threads"])]
    let threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task"))?.sorted() ?? []
    for thread in threads {
      let base = "/proc/\(pid)/task/\(thread)"
      lines.append(
        "thread \(thread) \(read(base + "/comm")): "
          + fields(read(base + "/status"), ["State", "SigBlk", "SigPnd"]) + ", wchan " + read(base + "/wchan"))
    }
    return lines.joined(separator: "\n")
  }

  /// Waits until `predicate` holds for the records so far (or output ends, or time runs out).
  /// It suspends between looks instead of blocking, so other tests keep the cooperative pool.
  /// Only a hang should run out the time: a record takes milliseconds, seconds on a loaded
  /// machine under a sanitizer.
  @discardableResult
  func wait(timeout: TimeInterval = 60, until predicate: ([[String: Any]]) -> Bool) async -> [[String: Any]] {
    await poll(timeout: .milliseconds(Int64(timeout * TimingSlack.factor * 1000))) {
      locked { ended || predicate(records) }
    }
    return locked { records }
  }

  /// Waits for the process to exit; returns its status and every record it wrote. A daemon
  /// still running after `timeout` (scaled as ``wait(timeout:until:)``) is a hang: it is killed,
  /// and the status is that of the kill.
  func finish(timeout: TimeInterval = 120) async -> (status: Int32, records: [[String: Any]], raw: [String]) {
    let records = await wait(timeout: timeout) { _ in false }
    if !(await poll(timeout: .milliseconds(Int64(timeout * TimingSlack.factor * 1000))) { !process.isRunning }) {
      kill(process.processIdentifier, SIGKILL)
    }
    process.waitUntilExit()
    let status =
      process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
    return (status, records, locked { lines })
  }

  private func locked<T>(_ body: () -> T) -> T { lock.withLock(body) }
}

extension [[String: Any]] {
  /// Records of one request id (compared as text, so 3 and "3" differ).
  func of(_ id: String) -> [[String: Any]] { filter { ($0["id"]).map { "\($0)" } == id } }
  func ends(_ id: String) -> [[String: Any]] { of(id).filter { $0["type"] as? String == "end" } }
}
