import FoundationEssentials
import ReactorCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads raw lines from a file descriptor in large chunks, on its own thread, with a bound on
/// line length: a longer line is skipped to its end and reported, never buffered whole.
package enum ByteLineReader {
  /// A line, or the report of one that was too long.
  package enum Line: Sendable {
    case bytes([UInt8])
    case tooLong(bytes: Int)
  }

  /// Lines of `descriptor` until end of file. The reading thread waits while `backlog`
  /// lines are not consumed, so a slow consumer stops the reading. A read that fails (a
  /// directory, an I/O error) ends the lines too, and is kept for the process's exit status
  /// and said there, as `cannot read NAME: ...` (``WriteErrors``).
  package static func lines(
    of descriptor: Int32, name: String = StandardStream.name(of: 0), maxBytes: Int, backlog: Int = 256
  ) -> Lines {
    let (stream, continuation) = AsyncStream<Line>.makeStream(bufferingPolicy: .unbounded)
    let gate = Backlog(limit: backlog)
    startDetachedThread {
      var buffer = [UInt8](repeating: 0, count: 1 << 16)
      var line: [UInt8] = []
      var skipping = 0
      func emit(_ item: Line) {
        gate.acquire()
        continuation.yield(item)
      }
      while true {
        let count = read(descriptor, &buffer, buffer.count)
        if count < 0 && errno == EINTR { continue }
        if count < 0 { WriteErrors.record(WriteError(output: name, code: errno, reading: true)) }
        if count <= 0 { break }
        var start = 0
        for index in 0..<count where buffer[index] == 0x0A {
          if skipping > 0 {
            emit(.tooLong(bytes: skipping + index - start))
            skipping = 0
          } else {
            line.append(contentsOf: buffer[start..<index])
            emit(line.count > maxBytes ? .tooLong(bytes: line.count) : .bytes(line))
          }
          line.removeAll(keepingCapacity: true)
          start = index + 1
        }
        if skipping > 0 {
          skipping += count - start
        } else {
          line.append(contentsOf: buffer[start..<count])
          if line.count > maxBytes {
            skipping = line.count
            line.removeAll()
          }
        }
      }
      if skipping > 0 { emit(.tooLong(bytes: skipping)) } else if !line.isEmpty { emit(.bytes(line)) }
      continuation.finish()
    }
    return Lines(stream: stream, gate: gate, finish: { continuation.finish() })
  }

  /// The lines, releasing the reader thread's backlog as they are consumed.
  package struct Lines: AsyncSequence, Sendable {
    let stream: AsyncStream<Line>
    let gate: Backlog
    /// Ends the sequence now, as if the input had ended (SIGTERM).
    package let finish: @Sendable () -> Void

    package func makeAsyncIterator() -> Iterator { Iterator(base: stream.makeAsyncIterator(), gate: gate) }

    package struct Iterator: AsyncIteratorProtocol {
      var base: AsyncStream<Line>.Iterator
      let gate: Backlog

      package mutating func next() async -> Line? {
        let line = await base.next()
        if line != nil { gate.release() }
        return line
      }
    }
  }
}

/// Counts lines handed over but not yet consumed; the reader thread blocks at the limit and
/// goes on when half of them are consumed, so that while the input stays ahead of the session
/// the threads do not hand over every line one by one.
final class Backlog: @unchecked Sendable {  // its counts are guarded by `condition`
  private let condition = Condition()
  // Guarded by `condition`.
  private var pending = 0
  private var blocked = false
  private let limit: Int

  init(limit: Int) { self.limit = max(1, limit) }

  func acquire() {
    condition.lock()
    while pending >= limit {
      blocked = true
      condition.wait()
    }
    pending += 1
    condition.unlock()
  }

  func release() {
    condition.lock()
    pending -= 1
    if blocked && pending <= limit / 2 {
      blocked = false
      condition.signal()
    }
    condition.unlock()
  }
}
