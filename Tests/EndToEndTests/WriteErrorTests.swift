import Foundation
import TestSupport
import Testing

/// Every output `reactor` writes, against a full disk (`/dev/full`, or a file size limit of 0
/// where the output is a file written beside its old self) and a closed descriptor: each write
/// that fails is said on standard error and ends in a non-zero status, as `cat`'s (issue 37,
/// item 4). The live view's outputs are in `LiveWriteErrorTests`, the history's in
/// `HistoryWriteErrorTests`.
@Suite("write errors (binary)")
struct WriteErrorTests {
  /// `sh -c` scripts that run reactor (`$0`, with its arguments as `"$@"`) with an output that
  /// cannot be written.
  static let fullOutput = #"exec "$0" "$@" >/dev/full"#
  static let closedOutput = #"exec "$0" "$@" >&-"#
  static let fullError = #"exec "$0" "$@" 2>/dev/full"#
  static let closedError = #"exec "$0" "$@" 2>&-"#
  /// No file may grow past 0 bytes (SIGXFSZ ignored, so a write fails with EFBIG instead): a
  /// full disk for the files reactor writes beside the old ones and renames into place.
  static let noRoom = #"trap '' XFSZ; ulimit -f 0; exec "$0" "$@""#

  /// Whether reactor can run under ``noRoom``: ThreadSanitizer's runtime maps files of its own
  /// and dies of SIGBUS below half a megabyte, where reactor's files would still fit. Those
  /// checks run in the plain and the AddressSanitizer passes.
  static let limitsFileSize = ProcessInfo.processInfo.environment["REACTOR_UNDER_SANITIZER"] != "thread"

  static let full = "No space left on device (ENOSPC)"
  static let closed = "Bad file descriptor (EBADF)"

  /// Standard output on a full disk, then closed: (script, why).
  static let unwritableOutputs = [(fullOutput, full), (closedOutput, closed)]

  @Test("standard output of a command: exit 1 with 'reactor: cannot write standard output: ...'")
  func standardOutput() async throws {
    for (shell, why) in Self.unwritableOutputs {
      for arguments in [["--offline", "query", "rust"], ["--offline", "--json", "query", "rust"]] {
        let result = try await ReactorBinary.run(arguments, shell: shell)
        #expect(result.status == 1, "\(shell): \(result.stderr)")
        #expect(result.stderr == "reactor: cannot write standard output: \(why)\n", "\(shell)")
      }
      let piped = try await ReactorBinary.run(["--offline"], input: "query rust\n", shell: shell)
      #expect(piped.status == 1, "\(shell)")
      #expect(piped.stderr == "reactor: cannot write standard output: \(why)\n", "\(shell)")
    }
  }

  @Test("input that cannot be read is not its end: exit 1 with 'reactor: cannot read standard input: ...'")
  func unreadableInput() async throws {
    // A directory as standard input: every read fails with EISDIR. Piped lines, `-f -` and the
    // daemon all read it; each used to take the failure for the end of its input and exit 0.
    let shell = #"exec "$0" "$@" </"#
    for arguments in [["--offline"], ["--offline", "-f", "-"], ["--offline", "--daemon"]] {
      let result = try await ReactorBinary.run(arguments, shell: shell)
      #expect(result.status == 1, "\(arguments): \(result.stderr)")
      #expect(result.stderr == "reactor: cannot read standard input: Is a directory (EISDIR)\n", "\(arguments)")
    }
  }

  @Test("--json-log where no live view can open is a usage error, not silently dropped")
  func jsonLogWithoutALiveView() async throws {
    try await TranscriptToolTests.withDirectory { directory in
      let log = directory + "/log.ndjson"
      for arguments in [["-c", "query rust"], ["--daemon"], []] {
        let result = try await ReactorBinary.run(["--offline", "--json-log", log] + arguments, input: "query rust\n")
        #expect(result.status == 2, "\(arguments)")
        #expect(result.stderr.hasPrefix("reactor: --json-log: it logs the live view, which needs a terminal"))
        #expect(!FileManager.default.fileExists(atPath: log), "\(arguments)")
      }
    }
  }

  @Test("a recording that cannot be saved fails the session even when a closed pipe ends it")
  func unsavedRecordingBehindAClosedPipe() async throws {
    // Standard output is a pipe whose reader closed before reactor started, so the first line
    // reactor prints meets EPIPE: the closed-pipe way out, which exited 0 while the recording's
    // last save failed.
    let (process, _, stdout, stderr) = try ReactorBinary.prepare(
      ["--offline", "--force", "--record", "/dev/full", "-c", "query swift", "-c", "next"], environment: [:])
    try stdout.fileHandleForReading.close()
    try process.run()
    let said = try await offThePool { stderr.fileHandleForReading.readDataToEndOfFile() }
    process.waitUntilExit()
    let text = String(decoding: said, as: UTF8.self)
    #expect(text.contains("error: cannot write /dev/full: No space left on device (ENOSPC)"), "\(text)")
    #expect(process.terminationStatus == 2, "\(text)")
  }

  @Test("a closed pipe keeps its documented behaviour: status 0, nothing said")
  func closedPipe() async throws {
    // More than a pipe holds, so that reactor is still writing when `head` leaves.
    let input = String(repeating: "help\n", count: 200)
    let result = try await ReactorBinary.run(
      ["--offline"], input: input, shell: #"{ "$0" "$@"; echo "status $?" >&2; } | head -n 1 >/dev/null"#)
    #expect(result.stderr == "status 0\n")
  }

  @Test("standard error: a message that cannot be written ends in status 1", arguments: [fullError, closedError])
  func standardError(shell: String) async throws {
    try await TranscriptToolTests.withDirectory { directory in
      // The one line a successful recording writes on standard error: `recorded 1 command to ...`.
      let path = directory + "/e.t"
      let result = try await ReactorBinary.run(["--offline", "--record", path, "query", "rust"], shell: shell)
      #expect(result.status == 1)
      #expect(result.stdout.contains("rust-lang/rust"))
      #expect(TranscriptToolTests.read(path).contains("> query rust\n"), "the recording itself is kept")
      // Standard error that works: the same session succeeds.
      let fine = try await ReactorBinary.run(["--offline", "--record", directory + "/f.t", "query", "rust"])
      #expect(fine.status == 0)
      #expect(fine.stderr == "recorded 1 command to \(directory)/f.t\n")
    }
  }

  @Test("--version and --help on a full or closed standard output exit 1")
  func versionAndHelp() async throws {
    for (shell, why) in Self.unwritableOutputs {
      for arguments in [["--version"], ["--help"], ["replay", "--help"]] {
        let result = try await ReactorBinary.run(arguments, shell: shell)
        #expect(result.status == 1, "\(arguments) \(shell)")
        #expect(result.stderr == "reactor: cannot write standard output: \(why)\n", "\(arguments) \(shell)")
      }
    }
  }

  @Test("the daemon says on standard error that its output cannot be written, then stops with 1")
  func daemon() async throws {
    for (shell, why) in Self.unwritableOutputs {
      // Its first record (ready) cannot be written: it stops there.
      let result = try await ReactorBinary.run(
        ["--offline", "--daemon"], input: #"{"id":1,"command":"help"}"# + "\n", shell: shell)
      #expect(result.status == 1, "\(shell)")
      #expect(result.stderr == "reactor: cannot write standard output: \(why)\n", "\(shell)")
    }
  }

  @Test("replay's report on a full or closed standard output exits 1")
  func replayReport() async throws {
    try await TranscriptToolTests.withDirectory { directory in
      let path = directory + "/ok.t"
      try "%offline\n> sleep 0\n".write(toFile: path, atomically: true, encoding: .utf8)
      let fine = try await ReactorBinary.run(["replay", path])
      #expect(fine.status == 0, "\(fine.stdout)")
      for (shell, why) in Self.unwritableOutputs {
        let result = try await ReactorBinary.run(["replay", path], shell: shell)
        #expect(result.status == 1, "\(shell)")
        #expect(result.stderr == "reactor: cannot write standard output: \(why)\n", "\(shell)")
      }
    }
  }

  @Test("replay --junit: a report that cannot be written fails the run, and a full device stays a device")
  func junit() async throws {
    try await TranscriptToolTests.withDirectory { directory in
      let path = directory + "/ok.t"
      try "%offline\n> sleep 0\n".write(toFile: path, atomically: true, encoding: .utf8)
      let device = try fullDevice(in: directory)
      let full = try await ReactorBinary.run(["replay", "--junit", device, path])
      #expect(full.status == 1)
      #expect(full.stdout.contains("FAIL \(device): cannot write the JUnit report: \(Self.full)\n"), "\(full.stdout)")
      #expect(Self.isCharacterDevice(device), "written in place, never renamed over")
      // A closed descriptor, named as a file.
      let closed = try await ReactorBinary.run(["replay", "--junit", "/dev/fd/99", path])
      #expect(closed.status == 1)
      #expect(closed.stdout.contains("FAIL /dev/fd/99: cannot write the JUnit report: "), "\(closed.stdout)")
      guard Self.limitsFileSize else { return }
      let noRoom = try await ReactorBinary.run(["replay", "--junit", directory + "/r.xml", path], shell: Self.noRoom)
      #expect(noRoom.status == 1)
      #expect(noRoom.stdout.contains("cannot write the JUnit report: File too large (EFBIG)"), "\(noRoom.stdout)")
      #expect(!FileManager.default.fileExists(atPath: directory + "/r.xml"))
      #expect(Self.strays(in: directory).isEmpty, "no temporary file is left: \(Self.strays(in: directory))")
    }
  }

  @Test(
    "replay --update: a transcript that cannot be rewritten fails and stays as it was", .enabled(if: limitsFileSize))
  func update() async throws {
    try await TranscriptToolTests.withDirectory { directory in
      let path = directory + "/u.t"
      let stale = "%offline\n> sleep 0\nstale\n"
      try stale.write(toFile: path, atomically: true, encoding: .utf8)
      let result = try await ReactorBinary.run(["replay", "--update", path], shell: Self.noRoom)
      #expect(result.status == 1)
      #expect(result.stdout.contains("FAIL \(path): cannot write: File too large (EFBIG)"), "\(result.stdout)")
      #expect(TranscriptToolTests.read(path) == stale)
      #expect(Self.strays(in: directory).isEmpty, "\(Self.strays(in: directory))")
    }
  }

  @Test("--record: a transcript or cassette that cannot be written ends in status 2, saying which")
  func record() async throws {
    try await TranscriptToolTests.withDirectory { directory in
      // The transcript on a full disk (a link to /dev/full: --force, as it exists).
      let device = try fullDevice(in: directory)
      let transcript = directory + "/t.t"
      try FileManager.default.createSymbolicLink(atPath: transcript, withDestinationPath: device)
      let full = try await ReactorBinary.run(["--offline", "--record", transcript, "--force", "query", "rust"])
      #expect(full.status == 2)
      #expect(full.stderr.contains("error: cannot write \(transcript): \(Self.full)\n"), "\(full.stderr)")
      #expect(Self.isCharacterDevice(device))
      // The cassette on a full disk.
      let cassetteFirst = directory + "/c.t"
      try FileManager.default.createSymbolicLink(
        atPath: cassetteFirst + ".cassette.json", withDestinationPath: "/dev/full")
      let cassette = try await ReactorBinary.run(["--offline", "--record", cassetteFirst, "--force", "query", "rust"])
      #expect(cassette.status == 2)
      #expect(cassette.stderr.contains("error: cannot write \(cassetteFirst).cassette.json: \(Self.full)\n"))
      // A closed descriptor, named as a file: refused before anything runs.
      let closed = try await ReactorBinary.run(["--offline", "--record", "/dev/fd/99", "query", "rust"])
      #expect(closed.status == 2)
      #expect(closed.stderr.hasPrefix("error: cannot write the transcript /dev/fd/99: "), "\(closed.stderr)")
      #expect(closed.stdout.isEmpty, "nothing ran")
      // No room for the files written beside the old ones.
      guard Self.limitsFileSize else { return }
      let noRoom = try await ReactorBinary.run(
        ["--offline", "--record", directory + "/n.t", "query", "rust"], shell: Self.noRoom)
      #expect(noRoom.status == 2)
      #expect(noRoom.stderr.contains("File too large (EFBIG)"), "\(noRoom.stderr)")
      #expect(Self.strays(in: directory).isEmpty, "\(Self.strays(in: directory))")
    }
  }

  /// Whether `path` is a character device (not replaced by a file).
  static func isCharacterDevice(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFCHR
  }

  /// Files reactor writes before renaming them into place, left behind in `directory`.
  static func strays(in directory: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasPrefix(".") }
  }
}
