public import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The live transport: URLSession (libcurl on Linux).
///
/// - Cancellation of the calling task cancels the request; URLSession reports that as
///   `URLError.cancelled`, which is rethrown as `CancellationError`.
/// - Nothing is cached (GitHub's conditional requests are made explicitly with ETags).
/// - A redirect to another host drops the `Authorization` header, so a token is only ever sent
///   to the host it was configured for.
/// - A body larger than `maxBodyBytes` is refused.
public final class URLSessionTransport: HTTPTransport {
  private let session: URLSession
  private let maxBodyBytes: Int
  private let timeout: TimeInterval

  public init(timeout: TimeInterval = 30, maxBodyBytes: Int = 10_000_000) {
    let configuration = URLSessionConfiguration.ephemeral
    // libcurl on Linux truncates URLSession timeouts to whole seconds (0.5 s fires at once),
    // so the transport enforces the deadline itself and gives URLSession a rounded-up backstop.
    configuration.timeoutIntervalForRequest = timeout.rounded(.up) + 1
    configuration.timeoutIntervalForResource = timeout.rounded(.up) * 2 + 1
    self.timeout = timeout
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.urlCache = nil
    configuration.httpCookieStorage = nil
    configuration.httpShouldSetCookies = false
    self.session = URLSession(configuration: configuration, delegate: RedirectGuard(), delegateQueue: nil)
    self.maxBodyBytes = maxBodyBytes
  }

  deinit { session.finishTasksAndInvalidate() }

  public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    var urlRequest = URLRequest(url: request.url)
    urlRequest.httpMethod = request.method
    for header in request.headers { urlRequest.addValue(header.value, forHTTPHeaderField: header.name) }
    let prepared = urlRequest
    let (data, response) = try await withDeadline(timeout) { [session] in
      do {
        return try await session.data(for: prepared)
      } catch let error as URLError {
        throw Self.translate(error)
      }
    }
    guard let http = response as? HTTPURLResponse else {
      throw HTTPTransportError.unreachable("not an HTTP response")
    }
    if data.count > maxBodyBytes { throw HTTPTransportError.bodyTooLarge(limit: maxBodyBytes) }
    var headers: [HTTPHeader] = []
    for (name, value) in http.allHeaderFields {
      headers.append(HTTPHeader(String(describing: name), String(describing: value)))
    }
    headers.sort { $0.name.lowercased() < $1.name.lowercased() }
    return HTTPResponse(status: http.statusCode, headers: headers, body: data)
  }

  static func translate(_ error: URLError) -> any Error {
    switch error.code {
    case .cancelled: return CancellationError()
    case .timedOut: return HTTPTransportError.timedOut
    default:
      return HTTPTransportError.unreachable(error.localizedDescription.isEmpty ? "\(error.code.rawValue)" : error.localizedDescription)
    }
  }
}

/// Runs `work`, or throws ``HTTPTransportError/timedOut`` when it takes longer than `seconds`.
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

/// Strips credentials from a redirect that leaves the original host.
private final class RedirectGuard: NSObject, URLSessionTaskDelegate, Sendable {
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
