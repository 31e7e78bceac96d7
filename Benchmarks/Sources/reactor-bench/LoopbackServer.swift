import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A minimal HTTP/1.1 server on 127.0.0.1 that answers every request with the same search
/// page, keeps connections alive and sets TCP_NODELAY: fast enough that the clients' costs
/// dominate what is measured. One thread per connection.
final class LoopbackServer: Sendable {
  let port: Int
  private let listener: Int32
  private let response: [UInt8]
  private let served = Atomic<Int>(0)

  /// How many requests have been answered.
  var requestCount: Int { served.load(ordering: .relaxed) }

  init(body: [UInt8]) throws {
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard listener >= 0 else { throw BenchError("socket: errno \(errno)") }
    var one: Int32 = 1
    setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let size = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, size) }
    }
    guard bound == 0, listen(listener, 128) == 0 else { throw BenchError("bind/listen: errno \(errno)") }
    var length = size
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
    }
    let port = Int(UInt16(bigEndian: address.sin_port))
    self.listener = listener
    self.port = port
    let head =
      "HTTP/1.1 200 OK\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: \(body.count)\r\n"
      + "Link: <http://127.0.0.1:\(port)/search/repositories?q=x&page=2>; rel=\"next\"\r\n"
      + "X-RateLimit-Remaining: 29\r\nConnection: keep-alive\r\n\r\n"
    self.response = Array(head.utf8) + body
    Thread.detachNewThread { [self] in acceptLoop() }
  }

  /// Closes the listening socket; connections end when their clients close them.
  func stop() {
    shutdown(listener, Int32(SHUT_RDWR))
    close(listener)
  }

  private func acceptLoop() {
    while true {
      let connection = accept(listener, nil, nil)
      if connection < 0 {
        if errno == EINTR { continue }
        return
      }
      var one: Int32 = 1
      setsockopt(connection, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
      Thread.detachNewThread { [self] in serve(connection) }
    }
  }

  private func serve(_ connection: Int32) {
    defer { close(connection) }
    var pending: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(connection, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { return }
      pending.append(contentsOf: buffer[0..<count])
      while let end = Self.endOfHead(pending) {
        pending.removeFirst(end)
        guard writeAll(connection) else { return }
        served.add(1, ordering: .relaxed)
      }
    }
  }

  /// The index just past the first blank line (requests here have no body).
  private static func endOfHead(_ bytes: [UInt8]) -> Int? {
    guard bytes.count >= 4 else { return nil }
    for index in 3..<bytes.count
    where bytes[index] == 10 && bytes[index - 1] == 13 && bytes[index - 2] == 10 && bytes[index - 3] == 13 {
      return index + 1
    }
    return nil
  }

  private func writeAll(_ connection: Int32) -> Bool {
    response.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = send(connection, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
        if written < 0 {
          if errno == EINTR { continue }
          return false
        }
        offset += written
      }
      return true
    }
  }
}
