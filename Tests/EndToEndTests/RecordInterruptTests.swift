import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Control-C in a session recorded at a terminal: recorded, and replayed.
@Suite("reactor --record at a terminal: Control-C (binary)")
struct RecordInterruptTests {
  /// Bytes read from a pseudo-terminal's master side, as they come.
  final class Screen: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes: [UInt8] = []
    func append(_ chunk: ArraySlice<UInt8>) { lock.withLock { bytes += chunk } }
    var text: String { lock.withLock { String(decoding: bytes, as: UTF8.self) } }
  }

  @Test("Control-C while a command runs is recorded as '&' and '^C', and the transcript replays")
  func interrupt() async throws {
    try await TranscriptToolTests.withDirectory { directory in
      var master: Int32 = -1
      var slave: Int32 = -1
      try #require(openpty(&master, &slave, nil, nil, nil) == 0)
      defer { close(master) }
      let path = directory + "/c.t"
      let binary = try #require(ReactorBinary.url)
      let process = Process()
      process.executableURL = binary
      process.arguments = ["--offline", "--record", path]
      var environment = ["PATH": "/usr/bin:/bin", "HOME": directory, "LANG": "C.UTF-8", "TERM": "xterm"]
      environment.merge(ReactorBinary.sanitizerEnvironment) { $1 }
      process.environment = environment
      let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
      process.standardInput = terminal
      process.standardOutput = terminal
      process.standardError = terminal
      try process.run()
      close(slave)
      let screen = Screen()
      let descriptor = master
      let reader = Thread {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
          let count = read(descriptor, &buffer, buffer.count)
          if count < 0 && errno == EINTR { continue }
          if count <= 0 { return }
          screen.append(buffer[..<count])
        }
      }
      reader.start()
      func type(_ text: String) { _ = text.withCString { write(master, $0, strlen($0)) } }
      #expect(await poll(timeout: .seconds(20)) { screen.text.contains("reactor> ") })
      type("help next\n")
      #expect(await poll(timeout: .seconds(20)) { screen.text.contains("load the next page of results") })
      type("sleep 30s\n")
      // The file is saved as the sleep's line begins: the sleep is running from then on.
      #expect(await poll(timeout: .seconds(20)) { TranscriptToolTests.read(path).contains("> help next\n") })
      kill(process.processIdentifier, SIGINT)
      #expect(await poll(timeout: .seconds(20)) { screen.text.contains("sleep cancelled") }, "\(screen.text)")
      type("quit\n")
      try await offThePool { process.waitUntilExit() }
      #expect(process.terminationStatus == 0)
      let text = TranscriptToolTests.read(path)
      #expect(text.contains("> sleep 30s &\n> ^C\nsleep cancelled\n"), "\(text)")
      let replay = try await ReactorBinary.run(["replay", path])
      #expect(replay.status == 0, "\(replay.stdout)")
    }
  }
}
