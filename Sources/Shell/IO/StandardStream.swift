#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Text written straight to standard output or standard error with `write(2)`, for messages
/// outside a session's sink (usage errors, a recording's last word, a replay's report).
/// Foundation's `FileHandle` would link Foundation, and ICU with it, into every start.
package enum StandardStream {
  package static func output(_ text: String) { write(text, to: 1) }
  package static func error(_ text: String) { write(text, to: 2) }

  /// All of `text`; a failure (a closed pipe) drops the rest, since there is nowhere left to
  /// say so.
  private static func write(_ text: String, to descriptor: Int32) {
    var text = text
    text.withUTF8 { _ = writeAll(UnsafeRawBufferPointer($0), to: descriptor) }
  }

  /// Writes all of `bytes` to `descriptor` (a standard stream or any open file) across short
  /// writes and interruptions; returns 0, or the `errno` of the write that failed.
  package static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32 {
    var offset = 0
    while offset < bytes.count {
      let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        return errno
      }
      offset += written
    }
    return 0
  }
}

#if canImport(Glibc)
  private let systemWrite = Glibc.write
#else
  private let systemWrite = Darwin.write
#endif
