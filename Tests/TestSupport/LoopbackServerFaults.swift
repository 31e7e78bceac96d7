public import Foundation

/// A way a ``LoopbackServer`` connection misbehaves, for network fault tests.
///
/// The status line and headers (with the `Content-Length` of the whole body) are sent as usual
/// unless the fault says otherwise; the fault decides what happens to the body and the socket.
public enum LoopbackFault: Sendable, Equatable {
  /// Sends the head and the first `bodyBytes` bytes of the body, then resets the connection
  /// (`SO_LINGER` 0 and close, so the client sees an RST, not a clean end of stream).
  case resetAfter(bodyBytes: Int)
  /// Resets the connection as soon as the request is read, before any byte of a response.
  case resetBeforeResponse
  /// Sends the head and the first `bodyBytes` bytes of the body, then closes the connection
  /// cleanly (a FIN): the body is shorter than its `Content-Length` says.
  case closeAfter(bodyBytes: Int)
  /// Closes the connection cleanly as soon as the request is read, without a response.
  case closeBeforeResponse
  /// Sends the head and the first `bodyBytes` bytes of the body, then sends nothing more until
  /// the server stops (the client must give up on its own timeout).
  case stallAfter(bodyBytes: Int)
}

/// A body generated while it is sent, so a test can serve 100 MB without holding 100 MB.
///
/// The body is `prefix`, then `fill` repeated until `length` bytes in all. It is written in
/// 64 KiB slices; `framing` says how the client learns where it ends.
public struct LoopbackStream: Sendable, Equatable {
  public enum Framing: Sendable, Equatable {
    /// A `Content-Length` header announcing `length`.
    case contentLength
    /// `Transfer-Encoding: chunked`, one chunk per slice, so the client cannot know the size.
    case chunked
    /// No length at all: the body ends when the server closes the connection.
    case untilClose
  }

  public var length: Int
  public var prefix: [UInt8]
  public var fill: UInt8
  public var framing: Framing
  /// Paces the body to about this rate; nil sends as fast as the client reads.
  ///
  /// Unpaced loopback is faster than any real network, fast enough to starve URLSession's work
  /// queue on Linux; a rate of a few hundred MB/s is still fast but realistic.
  public var bytesPerSecond: Int?

  public init(
    length: Int, prefix: String = "", fill: UInt8 = UInt8(ascii: " "),
    framing: Framing = .contentLength,
    bytesPerSecond: Int? = nil
  ) {
    self.length = length
    self.prefix = Array(prefix.utf8)
    self.fill = fill
    self.framing = framing
    self.bytesPerSecond = bytesPerSecond
  }

  static let sliceBytes = 65_536

  /// Bytes `offset..<offset+count` of the body.
  func slice(from offset: Int, count: Int) -> [UInt8] {
    var bytes = [UInt8](repeating: fill, count: count)
    if offset < prefix.count {
      let end = min(prefix.count, offset + count)
      bytes.replaceSubrange(0..<(end - offset), with: prefix[offset..<end])
    }
    return bytes
  }
}

extension LoopbackResponse {
  /// A response with a fault: the head, part of `body`, then a reset or a stall.
  public static func faulty(
    _ fault: LoopbackFault, status: Int = 200, headers: [(String, String)] = [], body: Data = Data()
  ) -> LoopbackResponse {
    LoopbackResponse(status: status, headers: headers, body: body, fault: fault)
  }

  /// A response whose body is generated while it is sent (see ``LoopbackStream``).
  public static func streamed(
    _ stream: LoopbackStream, status: Int = 200, headers: [(String, String)] = []
  ) -> LoopbackResponse {
    LoopbackResponse(status: status, headers: headers, stream: stream)
  }

  /// Whether sending this response takes more than one `serialized` buffer.
  var needsStreaming: Bool { fault != nil || stream != nil }
}

extension LoopbackServerCore {
  /// What the connection does after a streamed or faulty response.
  enum Aftermath {
    case keepOpen, close, reset
  }

  /// Sends a response that has a fault or a generated body; says what to do with the socket.
  func sendStreaming(_ response: LoopbackResponse, to fd: Int32, close: Bool) -> Aftermath {
    switch response.fault {
    case .resetBeforeResponse?: return .reset
    case .closeBeforeResponse?: return .close
    default: break
    }
    let stream = response.stream ?? LoopbackStream(length: response.body.count)
    let literal = response.stream == nil ? Array(response.body) : nil
    let closing = close || stream.framing == .untilClose
    let framing: LoopbackResponse.BodyFraming =
      switch stream.framing {
      case .contentLength: .length(stream.length)
      case .chunked: .chunked
      case .untilClose: .untilClose
      }
    guard LoopbackSocket.sendAll(fd, response.head(framing, close: closing)) else { return .close }
    var limit = stream.length
    switch response.fault {
    case .resetAfter(let bytes)?, .stallAfter(let bytes)?, .closeAfter(let bytes)?:
      limit = min(limit, bytes)
    default: break
    }
    var offset = 0
    let clock = ContinuousClock()
    let start = clock.now
    while offset < limit {
      guard !isStopped else { return .close }
      if let rate = stream.bytesPerSecond, rate > 0 {
        let due = start + .seconds(Double(offset) / Double(rate))
        if clock.now < due { _ = sleep(clock.now.duration(to: due)) }
      }
      let count = min(LoopbackStream.sliceBytes, limit - offset)
      let slice =
        literal.map { Array($0[offset..<offset + count]) }
        ?? stream.slice(from: offset, count: count)
      let framed =
        stream.framing == .chunked
        ? Array((String(count, radix: 16) + "\r\n").utf8) + slice + [13, 10] : slice
      guard LoopbackSocket.sendAll(fd, framed) else { return .close }
      countStreamed(count)
      offset += count
    }
    switch response.fault {
    case .resetAfter?: return .reset
    case .closeAfter?: return .close
    case .stallAfter?:
      _ = sleep(.seconds(3600))
      return .close
    default: break
    }
    if stream.framing == .chunked {
      guard LoopbackSocket.sendAll(fd, Array("0\r\n\r\n".utf8)) else { return .close }
    }
    return closing ? .close : .keepOpen
  }
}
