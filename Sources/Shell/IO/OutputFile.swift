#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file reactor writes whole (a transcript, its cassette, a JUnit report): written to a new
/// file beside it, flushed to the disk, then renamed over it, so that the file on disk is
/// always the old one or the new one, never a part, even after a power loss; every failure is
/// thrown (``WriteError``), the new file removed.
///
/// A path that names something other than a regular file (`/dev/stdout`, a named pipe) is
/// written in place: renaming over it would replace the device with a file. A symbolic link
/// is followed: the file it names is replaced, and the link stays.
package enum OutputFile {
  /// Replaces the file at `path` with `bytes`; `output` names it in the error.
  package static func replace(_ path: String, with bytes: [UInt8], output: String? = nil) throws(WriteError) {
    let output = output ?? path
    let path = followingLinks(path)
    if !isRegularOrMissing(path) { return try writeInPlace(path, bytes, output: output) }
    let temporary = try write(bytes, besides: path, output: output)
    guard rename(temporary, path) == 0 else {
      let code = errno
      unlink(temporary)
      throw WriteError(output: output, code: code)
    }
  }

  /// Replaces two files together (a transcript and its cassette): both new ones are written in
  /// full before either is renamed into place, and when the second rename fails the first is
  /// put back, so that the pair on disk is the old one or the new one. (Only a crash between
  /// the two renames can part them; the old first file is then left beside it, named
  /// `.NAME.PID.old`.)
  ///
  /// `renaming` is `rename(2)`; a test makes it fail.
  package static func replace(
    _ first: (path: String, bytes: [UInt8]), _ second: (path: String, bytes: [UInt8]),
    renaming: (String, String) -> Int32 = { rename($0, $1) }
  ) throws(WriteError) {
    // Errors name the paths as given; the files written are the ones they name.
    let (firstFile, secondFile) = (followingLinks(first.path), followingLinks(second.path))
    for (path, file) in [(first.path, firstFile), (second.path, secondFile)] where isDirectory(file) {
      throw WriteError(output: path, code: EISDIR)
    }
    guard isRegularOrMissing(firstFile), isRegularOrMissing(secondFile) else {
      // A device cannot be replaced together with anything: each is written as it comes.
      try replace(firstFile, with: first.bytes, output: first.path)
      return try replace(secondFile, with: second.bytes, output: second.path)
    }
    let newFirst = try write(first.bytes, besides: firstFile, output: first.path)
    let newSecond: String
    do throws(WriteError) {
      newSecond = try write(second.bytes, besides: secondFile, output: second.path)
    } catch {
      unlink(newFirst)
      throw error
    }
    // The old first file, kept under a second name until the pair is in place. A file left
    // under that name (a crash of a process with this number) would make the link fail.
    let old = sibling(of: firstFile, suffix: "old")
    unlink(old)
    let existed = access(firstFile, F_OK) == 0
    let hadOld = link(firstFile, old) == 0
    func undo(_ code: Int32, output: String) -> WriteError {
      unlink(newFirst)
      unlink(newSecond)
      return WriteError(output: output, code: code)
    }
    guard renaming(newFirst, firstFile) == 0 else {
      let error = undo(errno, output: first.path)
      if hadOld { unlink(old) }
      throw error
    }
    guard renaming(newSecond, secondFile) == 0 else {
      let code = errno
      // Back as it was: the old first file, or none when it was new. Where no copy could be
      // kept (a file system without hard links) the new first file stays: never neither.
      if hadOld { _ = rename(old, firstFile) } else if !existed { unlink(firstFile) }
      throw undo(code, output: second.path)
    }
    if hadOld { unlink(old) }
  }

  /// The file `path` names when it is a symbolic link (renaming over the link would replace it
  /// with a file, and leave the file it names as it was); else `path`.
  static func followingLinks(_ path: String) -> String {
    var status = stat()
    guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return path }
    return canonical(path)
  }

  /// `path` with links, `.` and `..` resolved, when it names a file; else as it is.
  package static func canonical(_ path: String) -> String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  private static func isDirectory(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
  }

  /// Whether `path` is a regular file (after symbolic links) or names nothing yet.
  static func isRegularOrMissing(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) != 0 || status.st_mode & S_IFMT == S_IFREG
  }

  /// `.NAME.PID.SUFFIX` in the directory of `path`.
  private static func sibling(of path: String, suffix: String) -> String {
    let directory = path.deletingLastPathComponent
    return (directory.isEmpty ? "" : directory + "/") + ".\(path.lastPathComponent).\(getpid()).\(suffix)"
  }

  /// Writes `bytes` to a new file beside `path` and returns its path; throws, leaving no new
  /// file, when any of it cannot be written.
  private static func write(_ bytes: [UInt8], besides path: String, output: String) throws(WriteError) -> String {
    let temporary = sibling(of: path, suffix: "tmp")
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw WriteError(output: output, code: errno) }
    // The new file keeps the old one's permissions.
    var old = stat()
    if stat(path, &old) == 0 { _ = fchmod(descriptor, old.st_mode & 0o7777) }
    do throws(WriteError) {
      try StandardStream.writeAll(bytes, to: descriptor, output: output)
    } catch {
      close(descriptor)
      unlink(temporary)
      throw error
    }
    // On the disk before the rename: else a power loss can leave the new name on an empty file.
    guard fsync(descriptor) == 0 else {
      let code = errno
      close(descriptor)
      unlink(temporary)
      throw WriteError(output: output, code: code)
    }
    // A file system may report a failed write only when the file is closed.
    guard close(descriptor) == 0 else {
      let code = errno
      unlink(temporary)
      throw WriteError(output: output, code: code)
    }
    return temporary
  }

  private static func writeInPlace(_ path: String, _ bytes: [UInt8], output: String) throws(WriteError) {
    let descriptor = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
    guard descriptor >= 0 else { throw WriteError(output: output, code: errno) }
    defer { close(descriptor) }
    try StandardStream.writeAll(bytes, to: descriptor, output: output)
  }
}
