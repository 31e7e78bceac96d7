import Foundation
import TestSupport

#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A blocking client socket for checks URLSession cannot express (pipelining, raw framing).
///
/// `init` throws when nothing listens on the port; a read waits at most a minute for a byte
/// (ten under a sanitizer), so a test never hangs.
final class RawHTTPClient {
  private let fd: Int32
  /// Whether the last ``readToEnd()`` ended because the server closed or reset the connection,
  /// not because no byte came in time.
  private(set) var sawEnd = false

  init(port: Int) throws {
    // The socket is this object's only once connected: `deinit` closes `fd`, and it runs even
    // when `init` throws after setting every stored property, so closing here as well would
    // close the number twice, the second time perhaps a socket another thread just opened.
    #if canImport(Glibc)
      let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let socketFD = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard socketFD >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    var address = sockaddr_in()
    #if canImport(Darwin)
      address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
    #endif
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard result == 0 else {
      close(socketFD)
      throw POSIXError(.ECONNREFUSED)
    }
    fd = socketFD
    var timeout = timeval(tv_sec: Int(TimingSlack.seconds(60).components.seconds), tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
  }

  deinit { close(fd) }

  func send(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, bytes.count) }
  }

  /// Everything the server sends until it closes the connection (see ``sawEnd``).
  func readToEnd() -> String {
    var data = [UInt8]()
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else {
        sawEnd = count == 0 || errno == ECONNRESET
        break
      }
      data += chunk[0..<count]
    }
    return String(decoding: data, as: UTF8.self)
  }
}
