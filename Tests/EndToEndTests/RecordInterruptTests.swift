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

  @Test(
    "a hidden prompt abandoned with Control-C or Control-D prints nothing, is left out with its failure, and replays",
    arguments: ["\u{3}", "\u{4}"])
  func abandonedPrompt(key: String) async throws {
    try await TranscriptToolTests.withDirectory { directory in
      let path = directory + "/p.t"
      let terminal = try TerminalSession(["--offline", "--record", path], environment: ["HOME": directory])
      defer { terminal.end() }
      try await terminal.wait(forScreen: "reactor> ")
      terminal.type("password\r")
      try await terminal.wait(for: "the password prompt") { screen, _ in screen.hasSuffix("password: ") }
      let before = terminal.text.utf8.count
      terminal.type("abc" + key)
      try await terminal.wait(forScreen: "reactor> ", count: 2)
      // Only the end of the prompt's line, then the next prompt: no message, nothing typed.
      let after = String(decoding: Array(terminal.text.utf8)[before...], as: UTF8.self)
      #expect(after.replacingOccurrences(of: "\r", with: "") == "\nreactor> ", "\(after.debugDescription)")
      terminal.type("state signup\r")
      try await terminal.wait(forScreen: "reactor> ", count: 3)
      terminal.type("\u{4}")
      #expect(try await terminal.exitStatus() == 0)
      let text = TranscriptToolTests.read(path)
      #expect(!text.contains("> password"), "\(text)")
      #expect(!text.contains("%status"), "the abandoned prompt's failure is not the replay's: \(text)")
      #expect(text.contains("> state signup\n"), "\(text)")
      let replay = try await ReactorBinary.run(["replay", path])
      #expect(replay.status == 0, "\(replay.stdout)\(replay.stderr)\n\(text)")
    }
  }
}
