import Foundation
import ReactorCore

/// A small threaded HTTP/1.1 server on 127.0.0.1 at an ephemeral port, for tests.
///
/// It listens as soon as `init` returns and serves each connection on its own thread, answering
/// any number of requests per connection (keep-alive) until the client sends `Connection: close`
/// or hangs up. The handler runs on the connection's thread and may be called concurrently for
/// different connections. Every response carries a correct `Content-Length`, except those that
/// ask for a ``LoopbackFault`` or a ``LoopbackStream`` body with other framing. ``stop()`` (also
/// run by `deinit`) shuts the listener and all connections down without waiting for handlers.
public final class LoopbackServer: Sendable {
  private let core: LoopbackServerCore

  /// The port the server listens on.
  public let port: Int

  /// `http://127.0.0.1:PORT`, without a trailing slash.
  public var baseURL: String { "http://127.0.0.1:\(port)" }

  /// Every request received so far, in arrival order (safe to read from any thread).
  public var requests: [LoopbackRequest] { core.requests }

  /// How many TCP connections were accepted so far; with keep-alive, fewer than ``requests``.
  public var connectionCount: Int { core.connectionCount }

  /// How many connections are being served now: a connection leaves once its serving thread
  /// saw the client hang up (or the server stop), and will write nothing more.
  public var openConnectionCount: Int { core.openConnectionCount }

  /// How many responses the server has written, or tried to write to a client that had already
  /// gone (a response held back by its handler or `delay` counts once it is sent, not before).
  public var answered: Int { core.answered }

  /// How many body bytes responses with a fault or a ``LoopbackStream`` body have written to
  /// their sockets so far (accepted by the kernel, not necessarily read by the client).
  public var streamedBodyBytes: Int { core.streamedBodyBytes }

  /// Binds 127.0.0.1 at an ephemeral port and starts listening; throws if a socket call fails.
  public convenience init(
    handler: @escaping @Sendable (LoopbackRequest) -> LoopbackResponse
  ) throws {
    try self.init(makeHandler: { _ in handler })
  }

  /// Like `init(handler:)`, but the handler is built once the base URL is known.
  public init(
    makeHandler: (String) -> @Sendable (LoopbackRequest) -> LoopbackResponse
  ) throws(LoopbackServerError) {
    let (fd, port) = try LoopbackSocket.openListener()
    self.port = port
    core = LoopbackServerCore(listener: fd, handler: makeHandler("http://127.0.0.1:\(port)"))
    core.start()
  }

  deinit { core.stop() }

  /// Closes the listener and shuts every open connection down. Idempotent.
  ///
  /// Returns once the listening socket is closed (normally within milliseconds); handlers still
  /// running finish on their own threads but their responses are not delivered.
  public func stop() { core.stop() }

  /// A server that answers with recorded exchanges, matched on method and `path?query`.
  ///
  /// The path must be equal; query parameters are compared as an unordered multiset of
  /// `name=value` pairs after `+`→space and percent-decoding. Each exchange can be served any
  /// number of times; when several exchanges share a method and target they are served in
  /// recorded order and the last one repeats. Responses are built with
  /// ``LoopbackResponse/recorded(_:baseURL:)``, so `Link` URLs point back at this server.
  /// Anything unmatched gets a 404 `{"message":"no recorded exchange for GET /path?query"}`.
  public static func replaying(_ exchanges: [RecordedExchange]) throws -> LoopbackServer {
    let table = ReplayTable(exchanges)
    return try LoopbackServer(makeHandler: { baseURL in
      { request in table.respond(to: request, baseURL: baseURL) }
    })
  }
}

/// The recorded exchanges of a replaying server, grouped by route, with per-route use counts.
private final class ReplayTable: Sendable {
  private struct Route: Hashable {
    var method: String
    var path: String
    var query: [QueryPair]

    init(method: String, pathAndQuery: String) {
      self.method = method.uppercased()
      let parts = pathAndQuery.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
      path = String(parts[0])
      query = parts.count < 2 ? [] : parts[1].split(separator: "&").map(QueryPair.init).sorted()
    }
  }

  private struct QueryPair: Hashable, Comparable {
    var name: String
    var value: String

    init(_ text: Substring) {
      let halves = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      name = Self.decode(halves[0])
      value = halves.count < 2 ? "" : Self.decode(halves[1])
    }

    static func < (a: QueryPair, b: QueryPair) -> Bool { (a.name, a.value) < (b.name, b.value) }

    private static func decode(_ text: Substring) -> String {
      let spaced = text.replacingOccurrences(of: "+", with: " ")
      return spaced.removingPercentEncoding ?? spaced
    }
  }

  private let routes: [Route: [RecordedExchange]]
  private let uses = Locked<[Route: Int]>([:])

  init(_ exchanges: [RecordedExchange]) {
    routes = Dictionary(grouping: exchanges) {
      Route(method: $0.method, pathAndQuery: $0.pathAndQuery)
    }
  }

  func respond(to request: LoopbackRequest, baseURL: String) -> LoopbackResponse {
    let route = Route(method: request.method, pathAndQuery: request.pathAndQuery)
    guard let candidates = routes[route] else {
      let message = "no recorded exchange for \(request.method) \(request.pathAndQuery)"
      return .json(404, #"{"message":"\#(Self.jsonEscaped(message))"}"#)
    }
    let index = uses.withLock { uses in
      defer { uses[route, default: 0] += 1 }
      return min(uses[route, default: 0], candidates.count - 1)
    }
    return .recorded(candidates[index], baseURL: baseURL)
  }

  private static func jsonEscaped(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
