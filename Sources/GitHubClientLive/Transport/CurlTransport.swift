internal import CCurl
import Dispatch
package import FoundationEssentials
import ReactorCore

#if canImport(Glibc)
  import Glibc
#endif

/// The live transport: libcurl's easy API, loaded with `dlopen` when the first request is made.
///
/// Why not URLSession: on Linux it is libcurl too, and linking FoundationNetworking loads
/// libcurl and its thirty-odd libraries at every start, most of what `--version` would cost;
/// its delegate adds to every request; and it cannot stop a body that arrives at loopback
/// speed. This transport keeps the same contract:
///
/// - Cancellation of the calling task throws `CancellationError` at once; libcurl stops the
///   transfer at its next callback.
/// - One deadline covers the whole exchange, body and redirects included; libcurl enforces it
///   to the millisecond on the transfer's thread.
/// - Nothing is cached and no cookies are kept.
/// - Redirects (301, 302, 303, 307, 308) are followed here, at most 10; one to another origin
///   (scheme, host or port) drops the `Authorization` header, so a token is only ever sent to
///   the origin it was configured for.
/// - A body larger than `maxBodyBytes` (after decompression) is refused without being buffered:
///   a `Content-Length` over the limit before any of the body is read, otherwise as soon as
///   the body passes the limit.
/// - Connection failures are described in a few stable words ("the connection was lost").
///
/// Easy handles are pooled: sequential requests reuse one handle and its keep-alive connection.
package final class CurlTransport: HTTPTransport {
  private let maxBodyBytes: Int
  private let timeout: TimeInterval
  private let idle = IdleHandles()

  /// The most redirects followed for one request.
  static let maxRedirects = 10

  package init(timeout: TimeInterval = 30, maxBodyBytes: Int = 10_000_000) {
    self.timeout = timeout
    self.maxBodyBytes = maxBodyBytes
  }

  /// Whether libcurl can inflate gzip bodies (it was built with zlib): then the transport asks
  /// for them (`Accept-Encoding`), and ``maxBodyBytes`` applies to the inflated body. False when
  /// libcurl cannot be loaded.
  package static var decodesGzip: Bool { rc_decodes_gzip() != 0 }

  package func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    guard request.method == "GET" else {
      throw HTTPTransportError.unreachable("only GET requests are supported, not \(request.method)")
    }
    // Loading libcurl (once, and slow under a sanitizer) is not the server's time.
    guard rc_load() == 0 else { throw HTTPTransportError.unreachable(String(cString: rc_load_error())) }
    // The deadline is libcurl's, kept on the transfer's own thread: a timer task here could
    // fire first when the cooperative pool is busy, although the answer had arrived in time.
    let deadline = ContinuousClock.now + .milliseconds(Int64(timeout * 1000))
    var current = request
    for _ in 0...Self.maxRedirects {
      let remaining = ContinuousClock.now.duration(to: deadline)
      guard remaining > .zero else { throw HTTPTransportError.timedOut }
      let milliseconds = max(
        1, Int(remaining.components.seconds) * 1000 + Int(remaining.components.attoseconds / 1_000_000_000_000_000))
      let response = try await Self.perform(current, idle: idle, limit: maxBodyBytes, timeoutMilliseconds: milliseconds)
      guard [301, 302, 303, 307, 308].contains(response.status), let location = response.header("Location"),
        let target = URL(string: location, relativeTo: current.url)?.absoluteURL
      else { return response }
      var headers = current.headers
      if !Self.sameOrigin(current.url, target) { headers.removeAll { $0.name.lowercased() == "authorization" } }
      current = HTTPRequest(method: "GET", url: target, headers: headers)
    }
    throw HTTPTransportError.unreachable("too many redirects")
  }

  /// Same scheme, host and port (RFC 6454), with default ports filled in.
  static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
    func origin(_ url: URL) -> (String, String, Int) {
      let scheme = url.scheme?.lowercased() ?? ""
      return (scheme, url.host?.lowercased() ?? "", url.port ?? (scheme == "https" ? 443 : 80))
    }
    return origin(a) == origin(b)
  }

  // MARK: - One exchange

  /// Runs one GET on a pooled handle, on a thread of its own (libcurl blocks); cancelling the
  /// calling task resumes the caller at once and aborts the transfer.
  private static func perform(
    _ request: HTTPRequest, idle: IdleHandles, limit: Int, timeoutMilliseconds: Int
  ) async throws -> HTTPResponse {
    let transfer = try Transfer(request, limit: limit, timeoutMilliseconds: timeoutMilliseconds)
    let handle = try idle.take()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, any Error>) in
        // Cancelled already: the transfer never starts, and the handle goes back unused.
        guard transfer.wait(continuation) else { return idle.put(handle) }
        // Each transfer blocks a thread in libcurl. A serial queue of its own runs on dispatch's
        // overcommitting pool, which starts another thread when all are blocked; the global
        // and concurrent queues keep to one thread a core, so two stalled servers would hold
        // up every other request on two cores.
        DispatchQueue(label: "reactor.curl.transfer", qos: .userInitiated).async {
          let result = transfer.run(on: handle)
          idle.put(handle)
          transfer.finish(result)
        }
      }
    } onCancel: {
      transfer.cancel()
    }
  }

  /// A transfer's C state and its single outcome. `@unchecked Sendable`: `state` is only
  /// touched under its lock; the C struct is touched by the transfer's thread, except
  /// `cancel`, which `rc_cancel` sets atomically.
  private final class Transfer: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<rc_transfer>
    private let cURL: UnsafeMutablePointer<CChar>
    private let cHeaders: [UnsafeMutablePointer<CChar>?]
    private let headerArray: UnsafeMutablePointer<UnsafePointer<CChar>?>
    private let url: URL
    private let limit: Int

    private let state = Lock()
    private var outcome: Result<HTTPResponse, any Error>?
    private var continuation: CheckedContinuation<HTTPResponse, any Error>?

    /// `send` has loaded libcurl.
    init(_ request: HTTPRequest, limit: Int, timeoutMilliseconds: Int) throws {
      // A header value with a line break would smuggle another header: refuse it.
      // (Bytes, not Characters: "\r\n" is one Character, equal to neither.)
      for header in request.headers
      where (header.name + header.value).utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0 }) {
        throw HTTPTransportError.unreachable("a header contains a line break")
      }
      url = request.url
      self.limit = limit
      cURL = strdup(request.url.absoluteString)
      // libcurl takes headers as "Name: value" lines; one named here replaces its default.
      cHeaders = request.headers.map { strdup("\($0.name): \($0.value)") }
      headerArray = .allocate(capacity: max(1, cHeaders.count))
      for (index, header) in cHeaders.enumerated() { (headerArray + index).initialize(to: UnsafePointer(header)) }
      pointer = .allocate(capacity: 1)
      pointer.initialize(to: rc_transfer())
      pointer.pointee.url = UnsafePointer(cURL)
      pointer.pointee.headers = UnsafePointer(headerArray)
      pointer.pointee.header_count = cHeaders.count
      pointer.pointee.timeout_ms = timeoutMilliseconds
      pointer.pointee.max_body = limit
    }

    deinit {
      rc_transfer_free(pointer)
      pointer.deinitialize(count: 1)
      pointer.deallocate()
      headerArray.deallocate()
      for header in cHeaders { free(header) }
      free(cURL)
    }

    /// Stores the caller's continuation; false (resuming it) when the outcome is already known.
    func wait(_ continuation: CheckedContinuation<HTTPResponse, any Error>) -> Bool {
      let known: Result<HTTPResponse, any Error>? = state.withLock {
        if outcome == nil { self.continuation = continuation }
        return outcome
      }
      guard let known else { return true }
      continuation.resume(with: known)
      return false
    }

    func cancel() {
      rc_cancel(pointer)
      finish(.failure(CancellationError()))
    }

    /// Sets the outcome once and resumes the caller.
    func finish(_ result: Result<HTTPResponse, any Error>) {
      let waiting: CheckedContinuation<HTTPResponse, any Error>? = state.withLock {
        guard outcome == nil else { return nil }
        outcome = result
        defer { continuation = nil }
        return continuation
      }
      waiting?.resume(with: result)
    }

    /// Runs the transfer (blocking) and reads its outcome.
    func run(on handle: EasyHandle) -> Result<HTTPResponse, any Error> {
      // Fields are read one by one: `cancel` is written atomically by other threads.
      let code = rc_perform(handle.pointer, pointer)
      if pointer.pointee.too_large != 0 || code == Int32(RC_FILESIZE_EXCEEDED) {
        return .failure(HTTPTransportError.bodyTooLarge(limit: limit))
      }
      guard code == Int32(RC_OK) else { return .failure(translate(code)) }
      let head = pointer.pointee.head
      let body = pointer.pointee.body
      let headers =
        head.data.map { CurlTransport.headerFields(UnsafeRawBufferPointer(start: $0, count: head.length)) } ?? []
      // The body's buffer becomes the Data's, without a copy; the transfer no longer frees it.
      let bodyData = body.data.map { Data(bytesNoCopy: $0, count: body.length, deallocator: .free) } ?? Data()
      pointer.pointee.body = rc_buffer()
      return .success(HTTPResponse(status: pointer.pointee.status, headers: headers, body: bodyData))
    }

    private func translate(_ code: Int32) -> any Error {
      let host = url.host ?? "the server"
      let cancelled = rc_cancelled(pointer) != 0
      switch Int(code) {
      case Int(RC_ABORTED_BY_CALLBACK) where cancelled: return CancellationError()
      case Int(RC_WRITE_ERROR) where cancelled: return CancellationError()
      case Int(RC_OPERATION_TIMEDOUT): return HTTPTransportError.timedOut
      case Int(RC_COULDNT_CONNECT):
        return HTTPTransportError.unreachable("could not connect to \(host)" + (url.port.map { ":\($0)" } ?? ""))
      case Int(RC_COULDNT_RESOLVE_HOST): return HTTPTransportError.unreachable("could not find the host \(host)")
      case Int(RC_RECV_ERROR), Int(RC_SEND_ERROR), Int(RC_PARTIAL_FILE):
        return HTTPTransportError.unreachable("the connection was lost")
      case Int(RC_GOT_NOTHING), Int(RC_WEIRD_SERVER_REPLY):
        return HTTPTransportError.unreachable("the server sent no valid HTTP answer")
      case Int(RC_BAD_CONTENT_ENCODING):
        return HTTPTransportError.unreachable("the server sent a body that could not be decompressed")
      case Int(RC_UNSUPPORTED_PROTOCOL), Int(RC_URL_MALFORMAT):
        return HTTPTransportError.unreachable("cannot fetch \(url.absoluteString)")
      default:
        let error = pointer.pointee.error
        let message = withUnsafeBytes(of: error) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return HTTPTransportError.unreachable(message.isEmpty ? "transfer failed (curl error \(code))" : message)
      }
    }
  }

  /// The fields of the last header block (an interim `100 Continue` block is dropped), read
  /// from the bytes libcurl collected: lines end at CR LF, a field's value loses the spaces
  /// and tabs around it (HTTP's optional white space), and bytes that are not UTF-8 become
  /// U+FFFD. (Byte by byte: a String split and Foundation trimming took a twentieth of the
  /// CPU time of a search.)
  static func headerFields(_ block: UnsafeRawBufferPointer) -> [HTTPHeader] {
    var headers: [HTTPHeader] = []
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
    var start = 0
    while start < block.count {
      var end = start
      while end < block.count, !(block[end] == 0x0D && end + 1 < block.count && block[end + 1] == 0x0A) { end += 1 }
      defer { start = end + 2 }
      let line = block[start..<end]
      if line.starts(with: "HTTP/".utf8) {
        headers.removeAll()
        continue
      }
      guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { continue }
      var valueStart = colon + 1
      var valueEnd = end
      while valueStart < valueEnd, isSpace(block[valueStart]) { valueStart += 1 }
      while valueStart < valueEnd, isSpace(block[valueEnd - 1]) { valueEnd -= 1 }
      headers.append(
        HTTPHeader(
          String(decoding: UnsafeRawBufferPointer(rebasing: block[start..<colon]), as: UTF8.self),
          String(decoding: UnsafeRawBufferPointer(rebasing: block[valueStart..<valueEnd]), as: UTF8.self)))
    }
    return headers
  }

  /// A libcurl easy handle; used by one transfer at a time (the pool hands it out).
  private struct EasyHandle: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer
  }

  /// Easy handles not in use; each keeps its connections alive for the next request.
  private final class IdleHandles: @unchecked Sendable {  // `handles` is only touched under `lock`
    private let lock = Lock()
    private var handles: [EasyHandle] = []

    deinit { for handle in handles { rc_handle_free(handle.pointer) } }

    func take() throws -> EasyHandle {
      if let handle = lock.withLock({ handles.popLast() }) { return handle }
      guard let pointer = rc_handle_new() else {
        throw HTTPTransportError.unreachable(String(cString: rc_load_error()))
      }
      return EasyHandle(pointer: pointer)
    }

    func put(_ handle: EasyHandle) {
      // A few idle handles are enough for the requests reactor makes at once.
      let kept = lock.withLock { () -> Bool in
        guard handles.count < 8 else { return false }
        handles.append(handle)
        return true
      }
      if !kept { rc_handle_free(handle.pointer) }
    }
  }
}
