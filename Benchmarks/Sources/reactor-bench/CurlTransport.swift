import CCurlLoader
import Foundation
import GitHubClientLive
import Synchronization

/// A prototype for a proposal, not used by reactor: an `HTTPTransport` over libcurl's easy API,
/// loaded with dlopen on first use (see `CCurlLoader`). One handle, so one keep-alive
/// connection, and one request at a time; it blocks the calling thread and does not observe
/// task cancellation, which a real one would do on a thread of its own or with curl_multi.
final class CurlTransport: HTTPTransport {
  private struct Handle: @unchecked Sendable {
    var pointer: UnsafeMutableRawPointer
    var body = rb_buffer()
    var head = rb_buffer()
  }

  private let handle: Mutex<Handle>
  private let timeoutMilliseconds: Int

  init(timeout: TimeInterval = 30) throws {
    guard let pointer = rb_curl_handle() else { throw BenchError("libcurl.so.4 could not be loaded") }
    handle = Mutex(Handle(pointer: pointer))
    timeoutMilliseconds = Int(timeout * 1000)
  }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    let lines = request.headers.map { "\($0.name): \($0.value)" }
    let url = request.url.absoluteString
    let timeout = timeoutMilliseconds
    return try handle.withLock { handle in
      handle.body.length = 0
      handle.head.length = 0
      var status = 0
      let code = withCStrings(lines) { pointers in
        rb_curl_get(handle.pointer, url, pointers, pointers.count, timeout, &status, &handle.body, &handle.head)
      }
      guard code == 0 else { throw code == 28 ? HTTPTransportError.timedOut : HTTPTransportError.unreachable("curl error \(code)") }
      let body = handle.body.data.map { Data(bytes: $0, count: handle.body.length) } ?? Data()
      let head = handle.head.data.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: handle.head.length), as: UTF8.self) } ?? ""
      return HTTPResponse(status: status, headers: Self.headers(head), body: body)
    }
  }

  /// The fields of the last header block (after redirects, only the final response's).
  static func headers(_ block: String) -> [HTTPHeader] {
    var headers: [HTTPHeader] = []
    for line in block.split(separator: "\r\n") {
      if line.hasPrefix("HTTP/") {
        headers.removeAll()
        continue
      }
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers.append(HTTPHeader(String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
    }
    return headers
  }
}

private func withCStrings<T>(_ strings: [String], _ body: ([UnsafePointer<CChar>?]) throws -> T) rethrows -> T {
  let copies = strings.map { strdup($0) }
  defer { copies.forEach { free($0) } }
  return try body(copies.map { UnsafePointer($0) })
}
