#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Thin wrappers over the BSD socket calls the loopback server needs.
///
/// Every function retries on `EINTR`. Sends never raise `SIGPIPE` (`MSG_NOSIGNAL` on Linux,
/// `SO_NOSIGPIPE` on Darwin), so a client hanging up mid-response is a failed send, not a crash.
enum LoopbackSocket {
  #if canImport(Glibc)
    private static let streamType = Int32(SOCK_STREAM.rawValue)
    private static let sendFlags = Int32(MSG_NOSIGNAL)
  #else
    private static let streamType = SOCK_STREAM
    private static let sendFlags: Int32 = 0
  #endif

  /// Opens a TCP socket listening on 127.0.0.1 at an ephemeral port; returns it and the port.
  static func openListener() throws(LoopbackServerError) -> (fd: Int32, port: Int) {
    try bindLoopback(listening: true)
  }

  /// Binds a TCP socket to 127.0.0.1 at an ephemeral port without listening: connecting to it
  /// is refused. Without `SO_REUSEADDR` on it, nothing else can bind that port while it is open.
  static func openRefusing() throws(LoopbackServerError) -> (fd: Int32, port: Int) {
    try bindLoopback(listening: false)
  }

  private static func bindLoopback(listening: Bool) throws(LoopbackServerError) -> (fd: Int32, port: Int) {
    let fd = socket(AF_INET, streamType, 0)
    guard fd >= 0 else { throw .system("socket") }
    var address = sockaddr_in()
    #if canImport(Darwin)
      address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
    #endif
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let ok =
      (!listening || setOption(fd, SOL_SOCKET, SO_REUSEADDR))
      && withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(fd, $0, length) == 0 && (!listening || listen(fd, 128) == 0)
            && getsockname(fd, $0, &length) == 0
        }
      }
    guard ok else {
      let error = LoopbackServerError.system(listening ? "bind/listen on 127.0.0.1" : "bind on 127.0.0.1")
      close(fd)
      throw error
    }
    return (fd, Int(UInt16(bigEndian: address.sin_port)))
  }

  /// Waits up to `milliseconds` for the listener to become readable; false on timeout.
  static func waitReadable(_ fd: Int32, milliseconds: Int32) -> Bool {
    var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    return poll(&entry, 1, milliseconds) > 0
  }

  /// Accepts one connection and disables Nagle's algorithm on it; nil on failure.
  static func acceptConnection(_ listener: Int32) -> Int32? {
    while true {
      let fd = accept(listener, nil, nil)
      if fd >= 0 {
        _ = setOption(fd, Int32(IPPROTO_TCP), TCP_NODELAY)
        #if canImport(Darwin)
          _ = setOption(fd, SOL_SOCKET, SO_NOSIGPIPE)
        #endif
        return fd
      }
      if errno != EINTR { return nil }
    }
  }

  /// Reads up to `capacity` bytes; nil at end of stream or on error.
  static func receive(_ fd: Int32, capacity: Int = 65_536) -> [UInt8]? {
    var chunk = [UInt8](repeating: 0, count: capacity)
    while true {
      let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, capacity, 0) }
      if count > 0 { return Array(chunk[0..<count]) }
      if count < 0 && errno == EINTR { continue }
      return nil
    }
  }

  /// Writes all of `bytes`; false if the peer went away or the socket was shut down.
  static func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes.withUnsafeBytes {
        send(fd, $0.baseAddress! + offset, bytes.count - offset, sendFlags)
      }
      if sent < 0 && errno == EINTR { continue }
      guard sent > 0 else { return false }
      offset += sent
    }
    return true
  }

  /// Shuts both directions down, waking any thread blocked in accept, poll or recv on `fd`.
  static func shutdownBoth(_ fd: Int32) {
    _ = shutdown(fd, Int32(SHUT_RDWR))
  }

  /// Makes the coming `close` reset the connection (an RST, `SO_LINGER` with a zero timeout)
  /// instead of ending it cleanly, dropping anything still unsent.
  static func abortOnClose(_ fd: Int32) {
    var value = linger(l_onoff: 1, l_linger: 0)
    _ = setsockopt(fd, SOL_SOCKET, SO_LINGER, &value, socklen_t(MemoryLayout<linger>.size))
  }

  static func closeSocket(_ fd: Int32) {
    _ = close(fd)
  }

  private static func setOption(_ fd: Int32, _ level: Int32, _ name: Int32) -> Bool {
    var one: Int32 = 1
    return setsockopt(fd, level, name, &one, socklen_t(MemoryLayout<Int32>.size)) == 0
  }
}

/// A socket call that failed while starting the server, with the C error text.
public struct LoopbackServerError: Error, CustomStringConvertible {
  public var description: String

  static func system(_ call: String) -> LoopbackServerError {
    LoopbackServerError(description: "\(call) failed: \(String(cString: strerror(errno)))")
  }
}
