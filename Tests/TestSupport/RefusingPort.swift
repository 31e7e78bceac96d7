/// A port on 127.0.0.1 where nothing listens, reserved for as long as the object lives.
///
/// Stopping a ``LoopbackServer`` frees its port, and under a parallel test run the kernel can
/// hand that port to the next test's server at once: a client expecting "connection refused"
/// then reaches a stranger (seen under AddressSanitizer: "the connection was lost"). Here a
/// socket stays bound to the port without listening, so connections are refused and no other
/// socket can bind it until ``close()`` or `deinit`.
public final class RefusingPort: @unchecked Sendable {  // `fd` is only touched by close/deinit
  public let port: Int
  private var fd: Int32

  /// `http://127.0.0.1:PORT`, without a trailing slash.
  public var baseURL: String { "http://127.0.0.1:\(port)" }

  public init() throws(LoopbackServerError) {
    (fd, port) = try LoopbackSocket.openRefusing()
  }

  /// Frees the port (once; later calls do nothing).
  public func close() {
    guard fd >= 0 else { return }
    LoopbackSocket.closeSocket(fd)
    fd = -1
  }

  deinit { close() }
}
