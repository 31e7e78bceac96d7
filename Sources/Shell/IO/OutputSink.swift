import ReactorCore
package import Rendering

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Standard output and standard error, written with one `write(2)` per batch and stream.
///
/// A write that fails ends the process (``StandardStream/failed(_:descriptor:)``): a closed pipe
/// (EPIPE, for `reactor ... | head`) quietly with status 0, as command-line filters do; any
/// other failure with a message and status 1.
package final class StandardOutputSink: OutputSink {
  /// Keeps each batch's write(2) calls together. A bare `Lock`, as there is no value to guard:
  /// with a `Locked(())`, ThreadSanitizer once reported a "Swift access race" on the zero-sized
  /// value, at the object's own address, between the daemon's request loop and an observer.
  private let lock = Lock()

  package init() {
    signal(SIGPIPE, SIG_IGN)
  }

  package func write(_ lines: [OutputLine]) {
    guard !lines.isEmpty else { return }
    // Bytes, not a String: a record's UTF-8 is copied as the writer made it, not validated.
    var out: [UInt8] = []
    var err: [UInt8] = []
    lock.withLock {
      for line in lines {
        if line.stream == .out {
          line.withUTF8 { out.append(contentsOf: $0) }
          out.append(UInt8(ascii: "\n"))
        } else {
          if !out.isEmpty { Self.write(&out, to: 1) }
          line.withUTF8 { err.append(contentsOf: $0) }
          err.append(UInt8(ascii: "\n"))
          Self.write(&err, to: 2)
        }
      }
      if !out.isEmpty { Self.write(&out, to: 1) }
    }
  }

  private static func write(_ bytes: inout [UInt8], to descriptor: Int32) {
    bytes.withUnsafeBytes { StandardStream.write($0, to: descriptor) }
    bytes.removeAll(keepingCapacity: true)
  }
}

/// Collects lines in memory: for tests, transcripts and benchmarks.
package final class MemorySink: OutputSink {
  private let storage = Locked<[OutputLine]>([])

  package init() {}

  package func write(_ lines: [OutputLine]) { storage.withLock { $0 += lines } }

  /// Everything written so far.
  package var lines: [OutputLine] { storage.withLock { $0 } }

  /// Everything written so far, as text, one line per entry.
  package var text: String { lines.map { $0.text + "\n" }.joined() }

  /// Returns and forgets everything written so far.
  package func drain() -> [OutputLine] {
    storage.withLock { lines in
      defer { lines.removeAll() }
      return lines
    }
  }
}

/// Discards everything; for benchmarks of rendering cost.
package struct NullSink: OutputSink {
  package init() {}
  package func write(_ lines: [OutputLine]) {}
}

/// Every line, of either stream, appended to a file as it comes (`live --json-log`), so that
/// `tail -f` shows each change as it happens. A write that fails is kept in ``WriteErrors``,
/// to be said once the screen is the user's again (see `Session.runLive`).
package final class FileSink: OutputSink {
  private let descriptor: Int32
  private let lock = Lock()
  /// The output as messages name it: `--json-log /tmp/log.ndjson`.
  private let output: String

  /// Creates (or, with `force`, empties) the file at `path`; throws its error text when it
  /// exists as a regular file and `force` is false, or cannot be opened. A device or a FIFO
  /// (`/dev/stderr`, a named pipe) is written to, not replaced. `flag` is the option's name,
  /// for messages.
  package init(path: String, flag: String, force: Bool) throws(FileSinkError) {
    var status = stat()
    if !force && stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG {
      throw FileSinkError(description: "\(path) exists; add --force to overwrite it")
    }
    descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw FileSinkError(description: "\(path): \(TranscriptFiles.describe(errno))") }
    output = "\(flag) \(path)"
  }

  deinit { close(descriptor) }

  package func write(_ lines: [OutputLine]) {
    var bytes: [UInt8] = []
    for line in lines {
      line.withUTF8 { bytes.append(contentsOf: $0) }
      bytes.append(UInt8(ascii: "\n"))
    }
    lock.withLock {
      do throws(WriteError) {
        try StandardStream.writeAll(bytes, to: descriptor, output: output)
      } catch {
        WriteErrors.record(error)
      }
    }
  }
}

package struct FileSinkError: Error, CustomStringConvertible {
  package var description: String
}
