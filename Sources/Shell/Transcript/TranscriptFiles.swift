import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds and reads the transcripts of a suite: the files named, and the `*.t` files under
/// each directory named, recursively, in byte order of their paths so every run and every
/// machine sees the same order.
package enum TranscriptFiles {
  /// A path and, when it cannot be listed, why.
  package struct Entry: Sendable, Equatable {
    package var path: String
    package var problem: String?
  }

  /// The cassette a transcript in `directory` names `name` in its `%cassette`: a relative name
  /// is relative to the transcript's directory.
  package static func cassettePath(_ name: String, in directory: String) -> String {
    name.hasPrefix("/") || directory.isEmpty ? name : directory + "/" + name
  }

  /// The files of `arguments`, in their order, each directory replaced by its transcripts.
  package static func expand(_ arguments: [String]) -> [Entry] {
    arguments.flatMap { argument -> [Entry] in
      var isDirectory = false
      guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory), isDirectory else {
        return [Entry(path: argument)]
      }
      return transcripts(under: argument)
    }
  }

  /// The `*.t` files under `directory`, sorted.
  static func transcripts(under directory: String) -> [Entry] {
    let relatives: [String]
    do {
      relatives = try FileManager.default.subpathsOfDirectory(atPath: directory)
    } catch {
      return [Entry(path: directory, problem: "cannot list the directory: \(describe(Replayer.errorCode(error)))")]
    }
    var found: [String] = []
    for relative in relatives {
      guard relative.hasSuffix(".t") else { continue }
      let path = directory.hasSuffix("/") ? directory + relative : directory + "/" + relative
      var isDirectory = false
      if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory {
        found.append(path)
      }
    }
    return found.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { Entry(path: $0) }
  }

  /// Opens a file for reading as `open(2)` does: a descriptor, or -1 with `errno` set.
  package typealias Opener = @Sendable (String) -> Int32

  /// `open(path, O_RDONLY)`.
  package static let openForReading: Opener = { open($0, O_RDONLY) }

  /// The text of a file, or why it cannot be read, such as
  /// `No such file or directory (ENOENT)`. `opening` opens it (tests hand in one that fails,
  /// as root, whom no permission stops).
  package static func read(_ path: String, opening: Opener = openForReading) -> Result<String, ReadFailure> {
    let descriptor = opening(path)
    guard descriptor >= 0 else { return .failure(ReadFailure(reason: describe(errno))) }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        return .failure(ReadFailure(reason: describe(errno)))
      }
      if count == 0 { break }
      bytes += buffer[..<count]
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      return .failure(ReadFailure(reason: "not UTF-8 text"))
    }
    return .success(text)
  }

  /// Why a file could not be read.
  package struct ReadFailure: Error, Equatable {
    package var reason: String
  }

  /// `strerror`'s text and the symbolic name of the common ones, which users search for.
  package static func describe(_ code: Int32) -> String {
    let names: [Int32: String] = [
      ENOENT: "ENOENT", EACCES: "EACCES", EISDIR: "EISDIR", ENOTDIR: "ENOTDIR", ELOOP: "ELOOP",
      EMFILE: "EMFILE", ENAMETOOLONG: "ENAMETOOLONG", EIO: "EIO", EPERM: "EPERM", EROFS: "EROFS",
      EEXIST: "EEXIST", ENOSPC: "ENOSPC", EBADF: "EBADF", EFBIG: "EFBIG", EDQUOT: "EDQUOT",
    ]
    let text = String(cString: strerror(code))
    return names[code].map { "\(text) (\($0))" } ?? text
  }
}
