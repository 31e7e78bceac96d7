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

  /// All of `text`, across short writes and interruptions; a failure (a closed pipe) drops the
  /// rest, since there is nowhere left to say so.
  private static func write(_ text: String, to descriptor: Int32) {
    var text = text
    text.withUTF8 { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else { return }
        offset += written
      }
    }
  }
}

#if canImport(Glibc)
  private let systemWrite = Glibc.write
#else
  private let systemWrite = Darwin.write
#endif
