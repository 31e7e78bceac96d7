import FoundationEssentials
package import ReactorCore

/// Wraps a transport and records every exchange, with the latency it saw.
package final class RecordingTransport: HTTPTransport {
  private let base: any HTTPTransport
  private let exchanges = Locked<[Cassette.Exchange]>([])

  package init(wrapping base: any HTTPTransport) { self.base = base }

  package func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    let clock = ContinuousClock()
    let start = clock.now
    func milliseconds() -> Int { Int((start.duration(to: clock.now).seconds * 1000).rounded()) }
    do {
      let response = try await base.send(request)
      let exchange = Cassette.Exchange(request: request, response: response, latencyMs: milliseconds())
      exchanges.withLock { $0.append(exchange) }
      return response
    } catch let failure as HTTPTransportError {
      let exchange = Cassette.Exchange(request: request, failure: failure, latencyMs: milliseconds())
      exchanges.withLock { $0.append(exchange) }
      throw failure
    } catch is CancellationError {
      // Kept, so a replay that makes the same request before cancelling it finds it.
      let exchange = Cassette.Exchange(request: request, cancelledAfter: milliseconds())
      exchanges.withLock { $0.append(exchange) }
      throw CancellationError()
    }
  }

  /// Everything recorded so far, in the order the responses arrived.
  package var cassette: Cassette { Cassette(exchanges: exchanges.withLock { $0 }) }

  /// How many exchanges are recorded, without copying them.
  package var exchangeCount: Int { exchanges.withLock { $0.count } }
}

/// Serves a cassette: each request gets the first unused exchange with the same method and
/// path (then, when all are used, the last one again), after its recorded latency on the
/// given clock. A request with no recorded answer fails loudly, naming the request.
package final class ReplayingTransport: HTTPTransport {
  private let cassette: Cassette
  private let time: TimeSource
  private let log: ReplayLog?
  /// The exchanges of each method and path, in cassette order.
  private let byRequest: [RequestKey: [Int]]
  private let state = Locked(State())

  private struct State {
    var used: Set<Int> = []
    /// Responses already built from their exchange (a body's `Data` and sorted headers).
    var responses: [Int: HTTPResponse] = [:]
  }

  /// - Parameter log: where requests with no recorded answer are reported, so the replay fails
  ///   even when the error they cause was recorded as expected output.
  package init(cassette: Cassette, time: TimeSource, log: ReplayLog? = nil) {
    self.cassette = cassette
    self.time = time
    self.log = log
    var byRequest: [RequestKey: [Int]] = [:]
    for (index, exchange) in cassette.exchanges.enumerated() {
      byRequest[RequestKey(method: exchange.method, path: exchange.path), default: []].append(index)
    }
    self.byRequest = byRequest
  }

  private struct RequestKey: Hashable {
    var method: String
    var path: String
  }

  package func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    let path = Cassette.redactedPath(request.url)
    let matches = byRequest[RequestKey(method: request.method, path: path)] ?? []
    let index = state.withLock { state -> Int? in
      guard let index = matches.first(where: { !state.used.contains($0) }) ?? matches.last else { return nil }
      state.used.insert(index)
      return index
    }
    guard let index else {
      let error = CassetteError.noRecordedAnswer(method: request.method, path: path)
      log?.record(error.description)
      throw error
    }
    let exchange = cassette.exchanges[index]
    try await time.sleep(for: .milliseconds(exchange.latencyMs))
    if let failure = exchange.failure { throw failure }
    // Cancelled while recorded; a replay that has not cancelled it by now ends it the same way.
    if exchange.wasCancelled { throw CancellationError() }
    if let response = state.withLock({ $0.responses[index] }) { return response }
    let response = exchange.response
    state.withLock { $0.responses[index] = response }
    return response
  }

  /// Requests the replay made that matched no exchange are errors; exchanges never used are
  /// fine (a cancelled request may not be made again).
  package var unusedCount: Int { cassette.exchanges.count - state.withLock { $0.used.count } }
}
