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

  @Test("Control-C while a search waits for GitHub is recorded as '&' and '^C', and the transcript replays")
  func interrupt() async throws {
    // A GitHub that holds its answer until the test is done: the search is in flight for sure
    // once the server has seen its request.
    let release = Latch()
    let server = try LoopbackServer { _ in
      release.wait(timeout: TimingSlack.seconds(600))
      return .json(200, #"{"total_count":0,"incomplete_results":false,"items":[]}"#)
    }
    defer {
      release.set()
      server.stop()
    }
    try await TranscriptToolTests.withDirectory { directory in
      var master: Int32 = -1
      var slave: Int32 = -1
      try #require(openpty(&master, &slave, nil, nil, nil) == 0)
      defer { close(master) }
      let path = directory + "/c.t"
      let binary = try #require(ReactorBinary.url)
      let process = Process()
      process.executableURL = binary
      process.arguments = ["--api-url", server.baseURL, "--record", path]
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
      #expect(await poll(timeout: TimingSlack.seconds(60)) { screen.text.contains("reactor> ") })
      type("help next\n")
      #expect(await poll(timeout: TimingSlack.seconds(60)) { screen.text.contains("load the next page of results") })
      type("query swift\n")
      #expect(await poll(timeout: TimingSlack.seconds(60)) { server.requests.count == 1 })
      kill(process.processIdentifier, SIGINT)
      // The prompt comes back once the cancelled search has ended.
      #expect(
        await poll(timeout: TimingSlack.seconds(60)) { screen.text.components(separatedBy: "reactor> ").count == 4 },
        "\(screen.text)")
      type("quit\n")
      try await offThePool { process.waitUntilExit() }
      #expect(process.terminationStatus == 0)
      let text = TranscriptToolTests.read(path)
      #expect(text.contains("> query swift &\n"), "\(text)")
      #expect(text.contains("\n> ^C\n"), "\(text)")
      // The cancelled request is in the cassette, so the replay finds it before cancelling it.
      #expect(TranscriptToolTests.read(path + ".cassette.json").contains("\"cancelled\""))
      let replay = try await ReactorBinary.run(["replay", path])
      #expect(replay.status == 0, "\(replay.stdout)")
      // Without the Control-C, the replay waits for the answer, and prints it.
      try text.replacingOccurrences(of: "> ^C\n", with: "").write(toFile: path, atomically: true, encoding: .utf8)
      #expect(try await ReactorBinary.run(["replay", path]).status == 1)
    }
  }
}
