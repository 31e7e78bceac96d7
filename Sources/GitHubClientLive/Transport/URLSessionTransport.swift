public import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The live transport: URLSession (libcurl on Linux).
///
/// - Cancellation of the calling task cancels the request at once and throws
///   `CancellationError` (URLSession itself would report `URLError.cancelled`).
/// - The transport enforces its own deadline over the whole exchange, body included; URLSession
///   gets a rounded-up backstop (libcurl on Linux truncates its timeouts to whole seconds).
/// - Nothing is cached (GitHub's conditional requests are made explicitly with ETags).
/// - A redirect to another origin (scheme, host or port) drops the `Authorization` header, so a
///   token is only ever sent to the origin it was configured for.
/// - A body larger than `maxBodyBytes` is refused without being buffered: a `Content-Length`
///   over the limit is refused before any of the body is read, and a body without one (chunked,
///   or ended by closing the connection, or compressed) is streamed and the request cancelled as
///   soon as it passes the limit. A response costs at most about the limit in memory.
/// - Connection failures are described in a few stable words ("the connection was lost"),
///   not libcurl's text with its timings.
///
/// On Linux, URLSession ignores a delegate's `.cancel` disposition, and `cancel()` takes effect
/// through the session's work queue; under a body arriving at loopback speed (GB/s) that queue
/// is saturated and libcurl may drain the connection for a while before it stops. The caller
/// gets its error at once regardless, and the excess bytes are dropped as they arrive.
public final class URLSessionTransport: HTTPTransport {
  private let session: URLSession
  private let delegate = TransportDelegate()
  private let maxBodyBytes: Int
  private let timeout: TimeInterval

  public init(timeout: TimeInterval = 30, maxBodyBytes: Int = 10_000_000) {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = timeout.rounded(.up) + 1
    configuration.timeoutIntervalForResource = timeout.rounded(.up) * 2 + 1
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.urlCache = nil
    configuration.httpCookieStorage = nil
    configuration.httpShouldSetCookies = false
    self.session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    self.timeout = timeout
    self.maxBodyBytes = maxBodyBytes
  }

  deinit { session.finishTasksAndInvalidate() }

  public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    var urlRequest = URLRequest(url: request.url)
    urlRequest.httpMethod = request.method
    for header in request.headers { urlRequest.addValue(header.value, forHTTPHeaderField: header.name) }
    let prepared = urlRequest
    return try await withDeadline(timeout) { [session, delegate, maxBodyBytes] in
      try await delegate.run(session.dataTask(with: prepared), limit: maxBodyBytes)
    }
  }

  /// The transport error a URLSession error stands for; `url` names the server in messages,
  /// `midBody` says whether the status and headers had already arrived.
  static func translate(_ error: URLError, url: URL?, midBody: Bool = false) -> any Error {
    let url = error.failingURL ?? url
    let host = url?.host ?? "the server"
    switch error.code {
    case .cancelled: return CancellationError()
    case .timedOut: return HTTPTransportError.timedOut
    case .cannotConnectToHost:
      return HTTPTransportError.unreachable("could not connect to \(host)" + (url?.port.map { ":\($0)" } ?? ""))
    case .cannotFindHost, .dnsLookupFailed: return HTTPTransportError.unreachable("could not find the host \(host)")
    case .notConnectedToInternet: return HTTPTransportError.unreachable("no network connection")
    case .networkConnectionLost: return HTTPTransportError.unreachable("the connection was lost")
    // libcurl's "transfer closed with N bytes remaining to read" has no URLError code of its own.
    case .unknown where midBody: return HTTPTransportError.unreachable("the connection was lost")
    case .httpTooManyRedirects: return HTTPTransportError.unreachable("too many redirects")
    // An empty reply (the server hung up after the request) or one that is not HTTP.
    case .badServerResponse, .cannotParseResponse:
      return HTTPTransportError.unreachable("the server sent no valid HTTP answer")
    default:
      let text = error.localizedDescription
      return HTTPTransportError.unreachable(text.isEmpty ? "error \(error.code.rawValue)" : text)
    }
  }
}

/// Runs `work`, or throws ``HTTPTransportError/timedOut`` when it takes longer than `seconds`.
///
/// `work` is cancelled when the deadline passes and must then return promptly.
func withDeadline<T: Sendable>(_ seconds: TimeInterval, _ work: @escaping @Sendable () async throws -> T) async throws -> T {
  try await withThrowingTaskGroup(of: T.self) { group in
    group.addTask { try await work() }
    group.addTask {
      try await Task.sleep(for: .milliseconds(Int64(seconds * 1000)))
      throw HTTPTransportError.timedOut
    }
    defer { group.cancelAll() }
    return try await group.next()!
  }
}

// MARK: - Delegate

/// The session's delegate: hands each task's events to its ``Exchange``, and strips
/// credentials from a redirect that leaves the original origin.
///
/// `@unchecked Sendable`: the only state, `exchanges`, is touched under `lock`.
private final class TransportDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  private let lock = NSLock()
  private var exchanges: [Int: Exchange] = [:]

  /// Runs `task` to completion; cancelling the calling task cancels it and throws at once.
  func run(_ task: URLSessionDataTask, limit: Int) async throws -> HTTPResponse {
    let exchange = Exchange(limit: limit, url: task.originalRequest?.url)
    let id = task.taskIdentifier
    lock.withLock { exchanges[id] = exchange }
    defer { _ = lock.withLock { exchanges.removeValue(forKey: id) } }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        if exchange.wait(continuation) { task.resume() }
      }
    } onCancel: {
      exchange.finish(.failure(CancellationError()))
      task.cancel()
    }
  }

  private func exchange(_ task: URLSessionTask) -> Exchange? {
    lock.withLock { exchanges[task.taskIdentifier] }
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    guard let exchange = exchange(dataTask) else { return completionHandler(.cancel) }
    if exchange.receive(response) {
      completionHandler(.allow)
    } else {
      completionHandler(.cancel)
      Self.cancel(dataTask)
    }
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    // Nothing to do for a task whose caller has gone: whoever finished it cancelled it.
    if exchange(dataTask)?.append(data) == .overLimit { Self.cancel(dataTask) }
  }

  /// Cancels `task` off the delegate queue: `cancel()` waits for URLSession's work queue, and
  /// meanwhile the delegate queue must keep taking (and dropping) the data libcurl still reads.
  private static func cancel(_ task: URLSessionTask) {
    DispatchQueue.global().async { task.cancel() }
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    exchange(task)?.complete(error)
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    var request = request
    if let original = task.originalRequest?.url, let target = request.url, !Self.sameOrigin(original, target) {
      request.setValue(nil, forHTTPHeaderField: "Authorization")
    }
    completionHandler(request)
  }

  /// Same scheme, host and port (RFC 6454), with default ports filled in.
  static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
    func origin(_ url: URL) -> (String, String, Int) {
      let scheme = url.scheme?.lowercased() ?? ""
      return (scheme, url.host?.lowercased() ?? "", url.port ?? (scheme == "https" ? 443 : 80))
    }
    return origin(a) == origin(b)
  }
}

// MARK: - Exchange

/// One request's response as it arrives: head, body bytes up to a limit, and the single outcome
/// handed to the waiting caller.
///
/// The outcome is set once (by completion, by the size limit, or by cancellation); later events
/// are ignored. `@unchecked Sendable`: all state is touched under `lock`.
private final class Exchange: @unchecked Sendable {
  private let lock = NSLock()
  private let limit: Int
  private let url: URL?
  private var head: (status: Int, headers: [HTTPHeader])?
  private var body = Data()
  private var outcome: Result<HTTPResponse, any Error>?
  private var continuation: CheckedContinuation<HTTPResponse, any Error>?

  init(limit: Int, url: URL?) {
    self.limit = limit
    self.url = url
  }

  /// Stores the caller's continuation; false (resuming it) when the outcome is already known.
  func wait(_ continuation: CheckedContinuation<HTTPResponse, any Error>) -> Bool {
    let known: Result<HTTPResponse, any Error>? = lock.withLock {
      if outcome == nil { self.continuation = continuation }
      return outcome
    }
    guard let known else { return true }
    continuation.resume(with: known)
    return false
  }

  /// Records the head; false (finishing with `bodyTooLarge`) when its `Content-Length` is over
  /// the limit.
  func receive(_ response: URLResponse) -> Bool {
    guard let http = response as? HTTPURLResponse else {
      finish(.failure(HTTPTransportError.unreachable("not an HTTP response")))
      return false
    }
    let expected = http.expectedContentLength
    if expected > limit {
      finish(.failure(HTTPTransportError.bodyTooLarge(limit: limit)))
      return false
    }
    var headers: [HTTPHeader] = []
    for (name, value) in http.allHeaderFields {
      headers.append(HTTPHeader(String(describing: name), String(describing: value)))
    }
    headers.sort { $0.name.lowercased() < $1.name.lowercased() }
    lock.withLock {
      head = (http.statusCode, headers)
      // A fresh head (after a redirect, say) starts a fresh body.
      body = Data()
      if expected > 0 { body.reserveCapacity(Int(expected)) }
    }
    return true
  }

  enum Appended {
    /// Kept.
    case kept
    /// Dropped: the outcome was already known.
    case dropped
    /// Dropped, and the exchange finished with `bodyTooLarge`: the body just passed the limit.
    case overLimit
  }

  /// Appends body bytes, unless the outcome is known or they take the body past the limit.
  func append(_ data: Data) -> Appended {
    let appended = lock.withLock { () -> Appended in
      guard outcome == nil else { return .dropped }
      guard body.count + data.count <= limit else { return .overLimit }
      body.append(data)
      return .kept
    }
    if appended == .overLimit { finish(.failure(HTTPTransportError.bodyTooLarge(limit: limit))) }
    return appended
  }

  /// Finishes with the response so far, or with the translated error.
  func complete(_ error: (any Error)?) {
    if let error {
      let midBody = lock.withLock { head != nil }
      let translated: any Error =
        if let error = error as? URLError {
          URLSessionTransport.translate(error, url: url, midBody: midBody)
        } else {
          HTTPTransportError.unreachable(error.localizedDescription)
        }
      finish(.failure(translated))
      return
    }
    let response = lock.withLock { head.map { HTTPResponse(status: $0.status, headers: $0.headers, body: body) } }
    finish(response.map { .success($0) } ?? .failure(HTTPTransportError.unreachable("no response")))
  }

  /// Sets the outcome if it is not set yet and resumes the waiting caller; frees the body.
  func finish(_ result: Result<HTTPResponse, any Error>) {
    let waiting: CheckedContinuation<HTTPResponse, any Error>? = lock.withLock {
      guard outcome == nil else { return nil }
      outcome = result
      body = Data()
      defer { continuation = nil }
      return continuation
    }
    waiting?.resume(with: result)
  }
}
