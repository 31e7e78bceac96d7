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

  public init(timeout: TimeInterval = 30, maxBodyBytes: Int = 10_000_000) {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = timeout
    configuration.timeoutIntervalForResource = timeout * 2
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
    let data: Data
    let response: URLResponse
    do {
      (data, response) = try await session.data(for: urlRequest)
    } catch let error as URLError {
      throw Self.translate(error)
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

/// Strips credentials from a redirect that leaves the original host.
private final class RedirectGuard: NSObject, URLSessionTaskDelegate, Sendable {
  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    var request = request
    let originalHost = task.originalRequest?.url?.host?.lowercased()
    if request.url?.host?.lowercased() != originalHost {
      request.setValue(nil, forHTTPHeaderField: "Authorization")
    }
    completionHandler(request)
  }
}
