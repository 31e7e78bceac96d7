import Foundation
import ReactorCore
import Rendering
import Shell
import TestSupport
import Testing

/// The files reactor writes (``OutputFile``) and the `--json-log` sink (``FileSink``): whole or
/// not at all, a device written in place, every failure thrown or kept (issue 37, items 1, 2, 4).
@Suite struct OutputFileTests {
  static func withDirectory(_ body: (String) throws -> Void) throws {
    let directory = NSTemporaryDirectory() + "reactor-output-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try body(directory)
  }

  static func read(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

  /// The directory's entries: no temporary file may be left.
  static func entries(_ directory: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
  }

  @Test("replace writes the whole file, keeps the old one's permissions, and leaves nothing beside it")
  func replace() throws {
    try Self.withDirectory { directory in
      let path = directory + "/f.t"
      try OutputFile.replace(path, with: Array("one\n".utf8))
      #expect(Self.read(path) == "one\n")
      chmod(path, 0o600)
      try OutputFile.replace(path, with: Array("two\n".utf8))
      #expect(Self.read(path) == "two\n")
      var status = stat()
      stat(path, &status)
      #expect(status.st_mode & 0o777 == 0o600)
      #expect(Self.entries(directory) == ["f.t"])
    }
  }

  @Test("a symbolic link is followed: the file it names is replaced, and the link stays a link")
  func symbolicLink() throws {
    try Self.withDirectory { directory in
      try FileManager.default.createDirectory(atPath: directory + "/shared", withIntermediateDirectories: true)
      try FileManager.default.createDirectory(atPath: directory + "/links", withIntermediateDirectories: true)
      for name in ["v.t", "v.t.cassette.json"] {
        try "old\n".write(toFile: directory + "/shared/" + name, atomically: false, encoding: .utf8)
        symlink("../shared/" + name, directory + "/links/" + name)
      }
      try OutputFile.replace(directory + "/links/v.t", with: Array("one\n".utf8))
      try OutputFile.replace(
        (directory + "/links/v.t", Array("two\n".utf8)), (directory + "/links/v.t.cassette.json", Array("{}\n".utf8)))
      #expect(Self.read(directory + "/shared/v.t") == "two\n")
      #expect(Self.read(directory + "/shared/v.t.cassette.json") == "{}\n")
      for name in ["v.t", "v.t.cassette.json"] {
        var status = stat()
        lstat(directory + "/links/" + name, &status)
        #expect(status.st_mode & S_IFMT == S_IFLNK, "\(name) is no longer a link")
      }
      #expect(Self.entries(directory + "/shared") == ["v.t", "v.t.cassette.json"])
      #expect(Self.entries(directory + "/links") == ["v.t", "v.t.cassette.json"])
    }
  }

  @Test("a device is written in place, never renamed over, and its failure is thrown")
  func device() throws {
    try Self.withDirectory { directory in
      let device = try fullDevice(in: directory)
      #expect(throws: WriteError(output: device, code: ENOSPC)) {
        try OutputFile.replace(device, with: Array("x".utf8))
      }
      var status = stat()
      #expect(stat(device, &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)
      let pair = directory + "/p.t"
      #expect(throws: WriteError(output: device, code: ENOSPC)) {
        try OutputFile.replace((pair, [1]), (device, [2]))
      }
      #expect(stat(device, &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)
    }
  }

  @Test("a file that cannot be made is thrown, naming the output")
  func missingDirectory() throws {
    try Self.withDirectory { directory in
      let path = directory + "/no/such/f.t"
      #expect(throws: WriteError(output: "the report", code: ENOENT)) {
        try OutputFile.replace(path, with: [1], output: "the report")
      }
    }
  }

  @Test("a pair is replaced together: when the second cannot be written, the first stays as it was")
  func pair() throws {
    try Self.withDirectory { directory in
      let cassette = directory + "/t.t.cassette.json"
      let transcript = directory + "/t.t"
      try OutputFile.replace((cassette, Array("old cassette".utf8)), (transcript, Array("old transcript".utf8)))
      #expect(Self.read(cassette) == "old cassette")
      #expect(Self.read(transcript) == "old transcript")
      // The second file's directory is gone: nothing may change.
      #expect(throws: WriteError.self) {
        try OutputFile.replace(
          (cassette, Array("new cassette".utf8)), (directory + "/gone/t.t", Array("new transcript".utf8)))
      }
      #expect(Self.read(cassette) == "old cassette")
      #expect(Self.entries(directory) == ["t.t", "t.t.cassette.json"])
      try OutputFile.replace((cassette, Array("new cassette".utf8)), (transcript, Array("new transcript".utf8)))
      #expect(Self.read(cassette) == "new cassette")
      #expect(Self.read(transcript) == "new transcript")
      #expect(Self.entries(directory) == ["t.t", "t.t.cassette.json"])
    }
  }

  @Test("a pair whose second rename fails puts the first back, or takes it away when it was new")
  func pairRenameFails() throws {
    try Self.withDirectory { directory in
      let cassette = directory + "/t.t.cassette.json"
      let transcript = directory + "/t.t"
      try OutputFile.replace(cassette, with: Array("old cassette".utf8))
      let renames = SecondRenameFails()
      #expect(throws: WriteError(output: transcript, code: EIO)) {
        try OutputFile.replace(
          (cassette, Array("new cassette".utf8)), (transcript, Array("new transcript".utf8)), renaming: renames.call)
      }
      #expect(renames.count == 2)
      #expect(Self.read(cassette) == "old cassette")
      #expect(Self.entries(directory) == ["t.t.cassette.json"])
      let fresh = directory + "/n.t.cassette.json"
      #expect(throws: WriteError.self) {
        try OutputFile.replace((fresh, [1]), (directory + "/n.t", [2]), renaming: SecondRenameFails().call)
      }
      #expect(Self.entries(directory) == ["t.t.cassette.json"], "neither new file is left")
    }
  }

  @Test("a file left beside the first of a pair by a crash does not stop the old one being put back")
  func pairWithAStaleCopy() throws {
    try Self.withDirectory { directory in
      let cassette = directory + "/t.t.cassette.json"
      try OutputFile.replace(cassette, with: Array("old cassette".utf8))
      // What a crash between the two renames of a process with this number left.
      let stale = directory + "/.t.t.cassette.json.\(getpid()).old"
      try "stale".write(toFile: stale, atomically: false, encoding: .utf8)
      #expect(throws: WriteError(output: directory + "/t.t", code: EIO)) {
        try OutputFile.replace(
          (cassette, Array("new cassette".utf8)), (directory + "/t.t", Array("new transcript".utf8)),
          renaming: SecondRenameFails().call)
      }
      #expect(Self.read(cassette) == "old cassette")
      #expect(Self.entries(directory) == ["t.t.cassette.json"])
    }
  }

  @Test("a directory where a file of a pair goes is refused before anything changes")
  func pairDirectory() throws {
    try Self.withDirectory { directory in
      let cassette = directory + "/t.t.cassette.json"
      try OutputFile.replace(cassette, with: Array("old cassette".utf8))
      let transcript = directory + "/t.t"
      try FileManager.default.createDirectory(atPath: transcript, withIntermediateDirectories: true)
      #expect(throws: WriteError(output: transcript, code: EISDIR)) {
        try OutputFile.replace((cassette, Array("new cassette".utf8)), (transcript, Array("new transcript".utf8)))
      }
      #expect(Self.read(cassette) == "old cassette")
      #expect(Self.entries(directory) == ["t.t", "t.t.cassette.json"])
    }
  }

  @Test("--json-log: an existing file is refused without force; a write that fails is kept for the exit")
  func fileSink() throws {
    try Self.withDirectory { directory in
      let path = directory + "/log.ndjson"
      try "mine\n".write(toFile: path, atomically: true, encoding: .utf8)
      #expect(throws: FileSinkError.self) { try FileSink(path: path, flag: "--json-log", force: false) }
      #expect(Self.read(path) == "mine\n")
      let sink = try FileSink(path: path, flag: "--json-log", force: true)
      sink.write([OutputLine(.out, "{}")])
      #expect(Self.read(path) == "{}\n")
    }
    let full = try FileSink(path: "/dev/full", flag: "--json-log", force: false)
    full.write([OutputLine(.out, "{}")])
    #expect(WriteErrors.errors.contains(WriteError(output: "--json-log /dev/full", code: ENOSPC)))
    #expect(WriteErrors.status(0) == 1)
    #expect(WriteErrors.status(3) == 3, "a failure's own status stays")
  }
}

/// `rename(2)` that fails with EIO from its second call on, counting its calls: the second file
/// of a pair cannot be put in place.
private final class SecondRenameFails {
  private(set) var count = 0

  func call(_ from: String, _ to: String) -> Int32 {
    count += 1
    guard count == 1 else {
      errno = EIO
      return -1
    }
    return rename(from, to)
  }
}
