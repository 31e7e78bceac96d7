import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A device that is always full, as `/dev/full` is (every write fails with ENOSPC), for the tests
/// of outputs that cannot be written.
///
/// Root may rename over or chmod anything in `/dev`: a regression that replaced the file it
/// writes, as Foundation's atomic write does, once turned `/dev/full` into a regular file for
/// every process on the machine. So, for root, the device is a node of its own in `directory`
/// (the same device), which such a regression damages instead; others get `/dev/full`.
public func fullDevice(in directory: String) throws -> String {
  try device("full", minor: 7, in: directory)
}

/// `/dev/null`, or for root a node of its own in `directory` (see ``fullDevice(in:)``).
public func nullDevice(in directory: String) throws -> String {
  try device("null", minor: 3, in: directory)
}

/// `/dev/NAME`, a memory device of Linux (major 1), or for root a node of it in `directory`.
private func device(_ name: String, minor: UInt64, in directory: String) throws -> String {
  guard getuid() == 0 else { return "/dev/" + name }
  let path = directory + "/" + name
  guard mknod(path, S_IFCHR | 0o666, dev_t(1 << 8 | minor)) == 0 else {
    throw DeviceError(description: "mknod \(path): \(String(cString: strerror(errno)))")
  }
  return path
}

public struct DeviceError: Error, CustomStringConvertible {
  public var description: String
}
