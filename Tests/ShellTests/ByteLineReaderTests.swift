import Foundation
import Shell
import Testing

#if canImport(Glibc)
  import Glibc
#endif

// A time limit only turns a hang into a failure. It counts the wall time of a test that shares
// the cooperative pool with every other test of the suite, all started at once: under
// AddressSanitizer on a loaded 2-core machine a correct run of this one took eight minutes, and
// one minute failed it. Half an hour is longer than such a whole suite takes.
@Suite("ByteLineReader", .timeLimit(.minutes(30)))
struct ByteLineReaderTests {
  /// Lines of `text`, written by another thread into a pipe, read with `backlog` and `maxBytes`.
  static func read(_ text: [UInt8], backlog: Int, maxBytes: Int = 1 << 20) async -> [ByteLineReader.Line] {
    var fds: [Int32] = [0, 0]
    precondition(pipe(&fds) == 0)
    let (readEnd, writeEnd) = (fds[0], fds[1])
    Thread {
      text.withUnsafeBytes { buffer in
        var offset = 0
        while offset < buffer.count {
          let written = write(writeEnd, buffer.baseAddress! + offset, buffer.count - offset)
          if written <= 0 { break }
          offset += written
        }
      }
      close(writeEnd)
    }.start()
    var lines: [ByteLineReader.Line] = []
    for await line in ByteLineReader.lines(of: readEnd, maxBytes: maxBytes, backlog: backlog) {
      lines.append(line)
      if lines.count % 7 == 0 { await Task.yield() }  // a consumer slower than the reader
    }
    close(readEnd)
    return lines
  }

  static func texts(_ lines: [ByteLineReader.Line]) -> [String] {
    lines.map {
      switch $0 {
      case .bytes(let bytes): String(decoding: bytes, as: UTF8.self)
      case .tooLong(let count): "<\(count) bytes>"
      }
    }
  }

  @Test(
    "every line arrives in order, whatever the backlog (the reader waits and goes on)", arguments: [1, 2, 3, 16, 256])
  func order(backlog: Int) async {
    let expected = (0..<5_000).map { "line \($0)" }
    let lines = await Self.read(Array((expected.joined(separator: "\n") + "\n").utf8), backlog: backlog)
    #expect(Self.texts(lines) == expected)
  }

  @Test("a line over the limit is reported by its length and skipped; a last line without a newline is kept")
  func limits() async {
    let text = "short\n" + String(repeating: "x", count: 100) + "\nafter\nlast"
    let lines = await Self.read(Array(text.utf8), backlog: 2, maxBytes: 10)
    #expect(Self.texts(lines) == ["short", "<100 bytes>", "after", "last"])
  }
}
