import Foundation
import Testing

/// Every session the recorder writes replays: random sessions typed at a terminal (prompted
/// passwords, `&`, errors, signup, time travel) are recorded with `--record`, then replayed
/// by the binary.
/// Serialized: two dozen sessions at once, each a pty, a reactor and a replay, starve the
/// suite's timing-bound tests on two cores.
@Suite("reactor --record: every recorded session replays (binary, pty)", .serialized)
struct RecordReplayPropertyTests {
  /// One step a person types: a line, and the secret a prompt after it asks for.
  struct Step {
    var line: String
    var prompted: String?
  }

  /// The passwords of the sessions; none may reach the files.
  static let passwords = ["hunter22", "Sup3rSecret", "s3cond-pass"]

  /// Lines that finish at once or on the offline sample, in any order: none waits on a timer
  /// whose end could fall before or after the next line, which a replay cannot know.
  static func step(_ random: inout SplitMix) -> Step {
    let password = passwords[random.next(passwords.count)]
    let choices: [Step] = [
      Step(line: "query swift"), Step(line: "query rust"), Step(line: "next"), Step(line: "sort stars"),
      Step(line: "state signup"), Step(line: "help next &"), Step(line: "state search &"),
      Step(line: "password", prompted: password), Step(line: "repeat", prompted: password),
      Step(line: "password \(password)"), Step(line: "signup octocat \(password) \(password)"),
      Step(line: "'signup bob \(password) \(password)'"), Step(line: "\"password \(password)\""),
      Step(line: "passwrd \(password)"), Step(line: "serch swift"), Step(line: "next 0"),
      Step(line: "history 3"), Step(line: "undo"), Step(line: "redo"), Step(line: "goto 1"),
      Step(line: "diff 1"), Step(line: "username ab"), Step(line: "submit"),
    ]
    return choices[random.next(choices.count)]
  }

  @Test("random sessions of ten lines replay as recorded", arguments: 0..<24)
  func recordedSessionsReplay(seed: UInt64) async throws {
    var random = SplitMix(seed: seed &+ 0x5EED)
    let steps = (0..<10).map { _ in Self.step(&random) }
    try await TranscriptToolTests.withDirectory { directory in
      let path = directory + "/r.t"
      // Half the sessions run search on the feedback engine; its mutations have names of their
      // own (`history` shows them), so each replays on the engine it was recorded with.
      let engine = seed.isMultiple(of: 2) ? "reactor" : "feedback"
      let terminal = try TerminalSession(
        ["--offline", "--engine", engine, "--signup-latency", "0", "--signup-failure-rate", "0", "--record", path],
        environment: ["HOME": directory])
      try await terminal.wait(forScreen: "reactor> ")
      for (index, step) in steps.enumerated() {
        terminal.type(step.line + "\r")
        if let secret = step.prompted {
          try await terminal.wait(for: "the password prompt") { screen, _ in screen.hasSuffix("password: ") }
          terminal.type(secret + "\r")
        }
        try await terminal.wait(forScreen: "reactor> ", count: index + 2)
      }
      terminal.type("\u{4}")
      #expect(try await terminal.exitStatus() == 0)
      let session = steps.map { $0.line + ($0.prompted.map { " <\($0)>" } ?? "") }.joined(separator: "\n")
      let files = [path, path + ".cassette.json"].map { TranscriptToolTests.read($0) }
      for password in Self.passwords {
        #expect(!files.joined().contains(password), "a password was recorded in:\n\(session)")
      }
      let replay = try await ReactorBinary.run(["replay", path])
      #expect(replay.status == 0, "\(engine) replay of\n\(session)\n\(replay.stdout)\(replay.stderr)\n\(files[0])")
    }
  }
}

/// A small seeded generator (SplitMix64), so a failing seed repeats.
struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next(_ bound: Int) -> Int {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return Int((z ^ (z >> 31)) % UInt64(bound))
  }
}
