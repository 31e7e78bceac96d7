import Foundation
import TestSupport

/// Runs the built `reactor` binary for the fault matrix, measuring what ``ReactorBinary`` does
/// not: wall time, whether a signal ended it, and its peak resident set size.
///
/// Standard input stays open until standard output shows `marker` (the output of the last
/// command), so the peak RSS read from `/proc/<pid>/status` (`VmHWM`) covers all the work; then
/// input is closed and the binary leaves on end of input. A run still going after `killAfter`
/// of looking (see ``Patience``: the stalls of this test process, which closes the input, do
/// not count) is killed, so a hang fails the test instead of hanging the suite.
struct FaultMatrixProcess {
  struct Result {
    var stdout: Data
    var stderr: Data
    var status: Int32
    /// True when a signal, not `exit`, ended the process.
    var signaled: Bool
    var elapsed: Duration
    /// True when it ran past `killAfter` and was killed: a hang.
    var killed: Bool
    /// The highest `VmHWM` seen, in KiB; nil where `/proc` is unavailable.
    var peakRSSKiB: Int?

    var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    var stderrText: String { String(decoding: stderr, as: UTF8.self) }
  }

  static func run(
    _ arguments: [String], input: String, marker: String, environment: [String: String] = [:],
    killAfter: Duration = FaultMatrixTests.hangLimit
  ) async throws -> Result {
    try await offThePool {
      try runBlocking(arguments, input: input, marker: marker, environment: environment, killAfter: killAfter)
    }
  }

  private static func runBlocking(
    _ arguments: [String], input: String, marker: String, environment: [String: String], killAfter: Duration
  ) throws -> Result {
    let (process, stdin, stdout, stderr) = try ReactorBinary.prepare(arguments, environment: environment)
    let out = StreamBuffer()
    let err = StreamBuffer()
    let clock = ContinuousClock()
    let start = clock.now
    try process.run()
    let pid = process.processIdentifier
    out.drain(stdout.fileHandleForReading)
    err.drain(stderr.fileHandleForReading)
    try? stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8))
    var inputOpen = true
    var peak: Int?
    var killed = false
    var patience = Patience(killAfter)
    let markerBytes = Data(marker.utf8)
    while process.isRunning {
      if let hwm = Self.highWaterMarkKiB(pid) { peak = max(peak ?? 0, hwm) }
      if inputOpen, out.contains(markerBytes) {
        // One more sample now that the last command's output is out, then let it leave.
        if let hwm = Self.highWaterMarkKiB(pid) { peak = max(peak ?? 0, hwm) }
        try? stdin.fileHandleForWriting.close()
        inputOpen = false
      }
      if patience.expired() {
        kill(pid, SIGKILL)
        killed = true
        break
      }
      Thread.sleep(forTimeInterval: 0.005)
    }
    process.waitUntilExit()
    let elapsed = start.duration(to: clock.now)
    if inputOpen { try? stdin.fileHandleForWriting.close() }
    out.waitForEnd()
    err.waitForEnd()
    return Result(
      stdout: out.data, stderr: err.data, status: process.terminationStatus,
      signaled: process.terminationReason == .uncaughtSignal, elapsed: elapsed, killed: killed, peakRSSKiB: peak)
  }

  /// `VmHWM` of a running process in KiB, or nil.
  static func highWaterMarkKiB(_ pid: Int32) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
      return Int(line.dropFirst(6).trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "")
    }
    return nil
  }
}

/// Bytes read from a pipe on a background thread until end of file.
final class StreamBuffer: @unchecked Sendable {
  private let lock = NSLock()
  private var bytes = Data()
  private var ended = false

  func drain(_ handle: FileHandle) {
    let thread = Thread { [self] in
      while true {
        let chunk = handle.availableData
        if chunk.isEmpty { break }
        lock.withLock { bytes.append(chunk) }
      }
      lock.withLock { ended = true }
    }
    thread.start()
  }

  var data: Data { lock.withLock { bytes } }

  func contains(_ needle: Data) -> Bool { lock.withLock { bytes.range(of: needle) != nil } }

  /// Waits for end of file on the pipe: at once, as the process has exited, unless something
  /// it started still holds the pipe (a minute of looking, then what was read).
  func waitForEnd() {
    let deadline = ContinuousClock.now + TimingSlack.seconds(60)
    while !lock.withLock({ ended }), ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.001) }
  }
}
