import FoundationEssentials

/// Makes GETs conditional on what ``HTTPCache`` holds, and answers a `304` from it.
///
/// A request that is conditional already (the events feed sends its own `If-None-Match`) goes
/// through untouched: its caller wants to see the `304`. Only `200` responses with an `ETag`
/// or `Last-Modified` are stored. A `304` is answered with the stored status and body under
/// the fresh response's headers (its rate-limit budget, say), the stored ones filling in the
/// rest.
package final class CachingTransport: HTTPTransport {
  private let base: any HTTPTransport
  private let cache: HTTPCache
  private let tokenHash: String

  /// - Parameter token: the token the requests carry; only its hash is kept, for the keys.
  package init(wrapping base: any HTTPTransport, cache: HTTPCache, token: Secret?) {
    self.base = base
    self.cache = cache
    tokenHash = token.map { SHA256.hex($0.revealed) } ?? "none"
  }

  package func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    guard request.method == "GET", request.header("If-None-Match") == nil, request.header("If-Modified-Since") == nil
    else { return try await base.send(request) }
    let key = cache.key(for: request, tokenHash: tokenHash)
    let cached = cache.load(key)
    var conditional = request
    if let cached {
      if let etag = cached.header("ETag") { conditional.headers.append(HTTPHeader("If-None-Match", etag)) }
      if let modified = cached.header("Last-Modified") {
        conditional.headers.append(HTTPHeader("If-Modified-Since", modified))
      }
    }
    let response = try await base.send(conditional)
    if response.status == 304, let cached {
      cache.touch(key)
      let fresh = Set(response.headers.map { $0.name.lowercased() })
      let kept = cached.headers.filter { !fresh.contains($0.name.lowercased()) }
      return HTTPResponse(status: cached.status, headers: response.headers + kept, body: cached.body)
    }
    if response.status == 200, response.header("ETag") != nil || response.header("Last-Modified") != nil {
      cache.store(response, key: key)
    }
    return response
  }
}
