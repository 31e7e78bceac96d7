import Foundation
import GitHubClientLive

/// Counts requests and answers each with an empty search page.
final class CountingTransport: HTTPTransport, @unchecked Sendable {
  private let lock = NSLock()
  private var sent = 0
  var count: Int { lock.withLock { sent } }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    lock.withLock { sent += 1 }
    return HTTPResponse(status: 200, body: Data(#"{"total_count":0,"incomplete_results":false,"items":[]}"#.utf8))
  }
}
