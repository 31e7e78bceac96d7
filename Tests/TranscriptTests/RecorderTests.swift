import CommandLanguage
import FeatureKit
import FeatureList
import Foundation
import ReactorCore
import Rendering
import Shell
import Testing

/// The recorder of `reactor --record`: its files, its secrets, Control-C.
@Suite("Recording transcripts")
struct RecorderTests {
  static func withDirectory(_ body: (String) async throws -> Void) async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reactor-rec-\(UUID().uuidString)")
      .path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try await body(directory)
  }

  static let emptyCassette: @Sendable () -> (count: Int, encode: @Sendable () throws -> Data) = {
    (0, { Data("{\"exchanges\":[],\"version\":1}\n".utf8) })
  }

  static func files(_ path: String, force: Bool = false, environment: [String: String] = [:]) throws -> RecordingFiles {
    try RecordingFiles(
      path: path, cassettePath: path + ".cassette.json", force: force,
      scanner: SecretScanner(environment: { environment[$0] }), cassette: emptyCassette)
  }

  @Test("an existing transcript is not overwritten without force; an unwritable path says why")
  func startUpChecks() async throws {
    try await Self.withDirectory { directory in
      let path = directory + "/x.t"
      try "keep me".write(toFile: path, atomically: true, encoding: .utf8)
      #expect(throws: RecordingFiles.Failure(description: "\(path) exists; add --force to overwrite the transcript")) {
        try Self.files(path)
      }
      #expect(try String(contentsOfFile: path, encoding: .utf8) == "keep me")
      _ = try Self.files(path, force: true)
      #expect(
        throws: RecordingFiles.Failure(
          description: "cannot write the transcript \(directory)/no/x.t: No such file or directory (ENOENT)")
      ) { try Self.files(directory + "/no/x.t") }
    }
  }

  @Test("each command is saved as it ends, as a transcript that parses; the cassette beside it")
  func savedAsItGoes() async throws {
    try await Self.withDirectory { directory in
      let path = directory + "/x.t"
      let recorder = TranscriptRecorder(
        forwarding: MemorySink(), commands: commands, header: ["%offline"], files: try Self.files(path))
      recorder.save()
      #expect(try String(contentsOfFile: path, encoding: .utf8) == "%offline\n")
      recorder.begin("opne")
      recorder.write([OutputLine(.err, "error: unknown command 'opne'")])
      recorder.end(.error)
      #expect(
        try String(contentsOfFile: path, encoding: .utf8)
          == "%offline\n> opne\n! error: unknown command 'opne'\n%status 1\n")
      #expect(try String(contentsOfFile: path + ".cassette.json", encoding: .utf8).contains("exchanges"))
      _ = try TranscriptParser.parse(try String(contentsOfFile: path, encoding: .utf8), features: Features.all.settings)
      #expect(recorder.finish())
      #expect(recorder.commandCount == 1)
    }
  }

  @Test("a command that did not finish is left out at the end")
  func unfinishedLeftOut() async throws {
    try await Self.withDirectory { directory in
      let path = directory + "/x.t"
      let recorder = TranscriptRecorder(
        forwarding: MemorySink(), commands: commands, header: ["%offline"], files: try Self.files(path))
      recorder.begin("help next")
      recorder.write([OutputLine(.out, "usage: next")])
      recorder.end(.ok)
      recorder.begin("query swift")
      recorder.write([OutputLine(.out, "query: nil -> \"swift\"")])
      #expect(recorder.finish())
      #expect(try String(contentsOfFile: path, encoding: .utf8) == "%offline\n> help next\nusage: next\n")
    }
  }

  @Test("a command that would put the token or a typed password in a file ends the recording there, with a comment")
  func secrets() async throws {
    try await Self.withDirectory { directory in
      let path = directory + "/x.t"
      let recorder = TranscriptRecorder(
        forwarding: MemorySink(), commands: commands, header: ["# Recorded", "%offline"],
        files: try Self.files(path, environment: ["GH_TOKEN": "ghp_abcdef123456"]))
      recorder.save()
      recorder.begin("help")
      recorder.end(.ok)
      let saved = try String(contentsOfFile: path, encoding: .utf8)
      recorder.begin("query ghp_abcdef123456")
      recorder.end(.ok)
      // Not written: the file is as it was before the token came, and says why it ends.
      let comment =
        "# The recording ends after 1 command: command 2 ('query …') would have put the token in GH_TOKEN "
        + "into its transcript, and reactor records no secret.\n"
      #expect(
        try String(contentsOfFile: path, encoding: .utf8)
          == saved.replacing("# Recorded\n", with: "# Recorded\n" + comment))
      // Nothing after it is recorded, though it holds no secret.
      recorder.begin("help next")
      recorder.end(.ok)
      #expect(!(try String(contentsOfFile: path, encoding: .utf8)).contains("help next"))
      #expect(!recorder.finish())
      _ = try TranscriptParser.parse(try String(contentsOfFile: path, encoding: .utf8), features: Features.all.settings)

      let second = directory + "/y.t"
      let typed = TranscriptRecorder(
        forwarding: MemorySink(), commands: commands, header: ["%offline"], files: try Self.files(second))
      typed.begin("password hunter22")
      typed.end(.ok)
      #expect(try String(contentsOfFile: second, encoding: .utf8).contains("> password ********"))
      typed.begin("query hunter22")
      typed.write([OutputLine(.out, "query: \"hunter22\"")])
      typed.end(.ok)
      let kept = try String(contentsOfFile: second, encoding: .utf8)
      #expect(!kept.contains("hunter22"))
      #expect(kept.hasPrefix("%offline\n# The recording ends after 1 command: command 2 ('query …') would have put"))
      #expect(!typed.finish())
    }
  }

  @Test("a word saved before it was typed as a password removes both files: no file is better than one that keeps it")
  func secretSavedBefore() async throws {
    try await Self.withDirectory { directory in
      let path = directory + "/z.t"
      let recorder = TranscriptRecorder(
        forwarding: MemorySink(), commands: commands, header: ["%offline"], files: try Self.files(path))
      recorder.begin("query hunter22")
      recorder.end(.ok)
      #expect(try String(contentsOfFile: path, encoding: .utf8).contains("hunter22"))
      recorder.begin("password hunter22")
      recorder.end(.ok)
      #expect(!FileManager.default.fileExists(atPath: path))
      #expect(!FileManager.default.fileExists(atPath: path + ".cassette.json"))
      recorder.begin("help")
      recorder.end(.ok)
      #expect(!recorder.finish())
      #expect(!FileManager.default.fileExists(atPath: path))
    }
  }

  @Test("a password inside a quoted command is learned too: output that echoes it is not written")
  func quotedCommandPassword() async throws {
    try await Self.withDirectory { directory in
      let path = directory + "/q.t"
      let recorder = TranscriptRecorder(
        forwarding: MemorySink(), commands: commands, header: ["%offline"], files: try Self.files(path))
      recorder.begin("'signup bob hunter22 hunter22'")
      recorder.write([OutputLine(.err, "error: unknown command 'signup…'; did you mean 'signup'?")])
      recorder.end(.error)
      let saved = try String(contentsOfFile: path, encoding: .utf8)
      #expect(saved.contains("> 'signup bob ******** ********'"), "\(saved)")
      // However the password reaches the output later, the file keeps what it had.
      recorder.begin("query x")
      recorder.write([OutputLine(.out, "query: \"hunter22\"")])
      recorder.end(.ok)
      let kept = try String(contentsOfFile: path, encoding: .utf8)
      #expect(!kept.contains("hunter22"))
      #expect(kept.hasSuffix(saved.dropFirst("%offline\n".count)))
      #expect(kept.contains("command 2 ('query x') would have put a password typed in the session into its transcript"))
      #expect(!recorder.finish())
    }
  }

  @Test("the scanner finds the environment's tokens and passwords of 4 characters or more, and names the kind")
  func scanner() {
    var scanner = SecretScanner(environment: { ["GITHUB_TOKEN": " tok_123 \n", "GH_TOKEN": ""][$0] })
    #expect(scanner.find(in: "a tok_123 b") == "the token in GITHUB_TOKEN")
    scanner.addPassword("abc")
    scanner.addPassword("abcd")
    #expect(scanner.find(in: "xxabc") == nil)
    #expect(scanner.find(in: "xxabcd") == "a password typed in the session")
    #expect(scanner.find(in: "nothing") == nil)
    // As JSON writes it: an NDJSON error or a cassette escapes a quote or a backslash.
    scanner.addPassword(#"SEK"R\IT"#)
    #expect(scanner.find(in: #"{"message":"unexpected argument 'SEK\"R\\IT'"}"#) == "a password typed in the session")
  }

  @Test("Control-C during a command is recorded as '&' and '^C', and the transcript replays")
  func interrupt() async throws {
    let recorder = TranscriptRecorder(forwarding: MemorySink(), commands: commands, header: ["%offline"])
    recorder.begin("sleep 10s")
    recorder.interrupt()
    recorder.write([OutputLine(.out, "sleep cancelled")])
    recorder.end(.cancelled)
    recorder.begin("state signup")
    recorder.write([OutputLine(.out, "signup:")])
    recorder.end(.ok)
    let text = recorder.text
    #expect(text == "%offline\n> sleep 10s &\n> ^C\nsleep cancelled\n> state signup\nsignup:\n")
    // The state's lines are the replay's to fill in; the Control-C part must already match.
    let full = try #require(await TranscriptCorpusTests.replayer().check(text, name: "c.t").updated)
    #expect(full.hasPrefix("%offline\n> sleep 10s &\n> ^C\nsleep cancelled\n> state signup\nsignup:\n"))
    #expect(await TranscriptCorpusTests.replayer().check(full, name: "c.t").verdict == .ok)
    // Without the Control-C the sleep ends by itself, and prints nothing.
    let without = full.replacingOccurrences(of: "> ^C\n", with: "")
    guard case .mismatch = await TranscriptCorpusTests.replayer().check(without, name: "c.t").verdict else {
      Issue.record("the cancellation made no difference")
      return
    }
  }

  @Test("Control-C at no running command records nothing; a typed '^C' line is quoted")
  func interruptIdle() async {
    let recorder = TranscriptRecorder(forwarding: MemorySink(), commands: commands, header: ["%offline"])
    recorder.interrupt()
    recorder.begin("^C")
    recorder.write([OutputLine(.err, "error: unknown command '^C'; type 'help' for the list")])
    recorder.end(.error)
    recorder.interrupt()
    #expect(recorder.text == "%offline\n> '^C'\n! error: unknown command '^C'; type 'help' for the list\n%status 1\n")
    #expect(await TranscriptCorpusTests.replayer().check(recorder.text, name: "q.t").verdict == .ok)
  }
}

extension RecorderTests {
  @Test("an abandoned prompt's line is left out with its failure; late output under it moves to the line before")
  func abandonedPrompt() async {
    let recorder = TranscriptRecorder(forwarding: MemorySink(), commands: commands, header: ["%offline"])
    recorder.begin("help next")
    recorder.write([OutputLine(.out, "usage: next")])
    recorder.end(.ok)
    recorder.begin("password")
    recorder.write([OutputLine(.out, "late")])
    recorder.dropCurrent()
    recorder.end(.error)
    recorder.begin("repeat")
    recorder.dropCurrent()
    recorder.end(.error)
    #expect(recorder.text == "%offline\n> help next\nusage: next\nlate\n")
    #expect(recorder.commandCount == 1)
    // A failure after it still counts.
    recorder.begin("opne")
    recorder.write([OutputLine(.err, "error: unknown command 'opne'; did you mean 'open'?")])
    recorder.end(.error)
    #expect(recorder.text.hasSuffix("> opne\n! error: unknown command 'opne'; did you mean 'open'?\n%status 1\n"))
  }
}

/// The executable's command language.
private let commands = CommandTable<SessionCommand>(features: Features.all)
