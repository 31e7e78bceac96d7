import Foundation
import GitHubClient
import GitHubClientLive
import ReactorCore
import TestSupport
import Testing

// CurlTransport against a misbehaving loopback server: the body limit is enforced while the
// body streams in (not after buffering it), and cancellation, the deadline and the redirect
// guard keep working while a body streams.

private func get(_ server: LoopbackServer, _ path: String = "/x", headers: [HTTPHeader] = []) -> HTTPRequest {
  HTTPRequest(url: URL(string: server.baseURL + path)!, headers: headers)
}

/// The error `send` throws, or nil when it returns.
private func failure(_ transport: CurlTransport, _ request: HTTPRequest) async -> (any Error)? {
  do {
    _ = try await transport.send(request)
    return nil
  } catch {
    return error
  }
}

/// The transport timeout of a test that is not about it: only a hang reaches it.
private let noTimeout: TimeInterval = 600

/// Longer than any correct transfer here takes on a loaded machine under a sanitizer: only a
/// hang, which the servers make take an hour or more, reaches it.
private let hangBound = TimingSlack.seconds(60)

private func seconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// Serialized: a body streamed at full loopback speed keeps a core busy, which would distort the
/// timings of tests running beside it.
@Suite("CurlTransport: fault matrix", .serialized)
struct FaultMatrixTransportTests {
  static let limit = 1_000_000

  @Test(
    "a body of exactly the limit is accepted, one byte more is refused",
    arguments: [
      LoopbackStream.Framing.contentLength, .chunked, .untilClose,
    ])
  func limitIsExact(framing: LoopbackStream.Framing) async throws {
    let server = try LoopbackServer { request in
      let extra = request.pathAndQuery == "/over" ? 1 : 0
      return .streamed(LoopbackStream(length: Self.limit + extra, framing: framing))
    }
    defer { server.stop() }
    let transport = CurlTransport(timeout: noTimeout, maxBodyBytes: Self.limit)
    let response = try await transport.send(get(server, "/exact"))
    #expect(response.status == 200)
    #expect(response.body.count == Self.limit)
    let error = await failure(transport, get(server, "/over"))
    #expect(error as? HTTPTransportError == .bodyTooLarge(limit: Self.limit))
  }

  /// 1 TB offered at 200 MB/s: refused once past the limit (from the Content-Length alone when
  /// there is one), and the transport stops reading, so the server cannot write much beyond the
  /// limit plus what socket buffers hold. Read whole, the body would take hours: a transport
  /// still reading after ``hangBound`` is cut off by stopping the server.
  @Test(
    "an endless body is cut off at the limit, not downloaded",
    arguments: [
      LoopbackStream.Framing.contentLength, .chunked, .untilClose,
    ])
  func endlessBodyIsCutOff(framing: LoopbackStream.Framing) async throws {
    let stream = LoopbackStream(length: 1_000_000_000_000, framing: framing, bytesPerSecond: 200_000_000)
    let server = try LoopbackServer { _ in .streamed(stream) }
    defer { server.stop() }
    let transport = CurlTransport(timeout: 3600, maxBodyBytes: 10_000_000)
    let request = get(server)
    let (error, hung) = await unlessHung(hangBound, unblock: server.stop) { await failure(transport, request) }
    #expect(!hung, "still reading the body after \(hangBound)")
    #expect(error as? HTTPTransportError == .bodyTooLarge(limit: 10_000_000))
    // Once the server has seen the connection close, it writes nothing more: the count is final.
    #expect(await poll(timeout: TimingSlack.eventTimeout) { server.openConnectionCount == 0 }, "still connected")
    let sent = server.streamedBodyBytes
    // Past the limit the server can only fill the kernel's buffers, whatever the transport's
    // pace: a constant bound failed under ASan and strace, where the receive buffer autotunes up.
    let bound = 10_000_000 + Self.socketBufferBytes + 1_000_000  // plus libcurl's buffer and a slice
    #expect(sent < bound, "the server wrote \(sent) bytes, more than the limit and socket buffers hold: still reading")
  }

  /// The most a loopback connection's two socket buffers can hold: the receiver's largest
  /// autotuned buffer plus the sender's (Linux's `tcp_rmem` and `tcp_wmem` maxima).
  static var socketBufferBytes: Int {
    func maximum(_ name: String) -> Int? {
      guard let text = try? String(contentsOfFile: "/proc/sys/net/ipv4/" + name, encoding: .utf8) else { return nil }
      return text.split(whereSeparator: \.isWhitespace).last.flatMap { Int($0) }
    }
    // Elsewhere, the largest defaults of the systems the tests run on.
    return (maximum("tcp_rmem") ?? 32 << 20) + (maximum("tcp_wmem") ?? 4 << 20)
  }

  /// A gzip body a few kB long that inflates past the limit: the Content-Length is small, so
  /// only enforcement while streaming can catch it. Only where libcurl can inflate gzip (built
  /// with zlib, as every libcurl4 package is); there the transport must ask for it.
  @Test(.enabled(if: CurlTransport.decodesGzip, "this libcurl cannot inflate gzip (built without zlib)"))
  func compressedBodyIsMeasuredDecoded() async throws {
    let bomb = try #require(Self.gzip(zeroBytes: 30_000_000), "gzip(1) is needed to make the body")
    let server = try LoopbackServer { _ in
      LoopbackResponse(
        status: 200, headers: [("Content-Encoding", "gzip"), ("Content-Type", "application/json")], body: bomb)
    }
    defer { server.stop() }
    let transport = CurlTransport(timeout: noTimeout, maxBodyBytes: 10_000_000)
    let error = await failure(transport, get(server))
    let acceptEncoding = server.requests.first?.headers["accept-encoding"] ?? ""
    #expect(acceptEncoding.contains("gzip"), "the transport did not ask for gzip: Accept-Encoding '\(acceptEncoding)'")
    // libcurl inflates the body: 30 MB decoded from a few kB on the wire must be refused.
    #expect(error as? HTTPTransportError == .bodyTooLarge(limit: 10_000_000), "\(String(describing: error))")
  }

  /// Bodies arrive byte for byte whether their buffer is sized from `Content-Length` at once
  /// (plain) or grows past it as libcurl inflates them (gzip: the header gives the compressed
  /// size), in one read or in many.
  @Test(arguments: [false, true])
  func bodiesArriveWhole(compressed: Bool) async throws {
    var text = ""
    for index in 0..<12_000 { text += #"{"id":\#(index),"name":"repository-\#(index * 7919 % 10007)"},"# }
    let body = Data(text.utf8)  // about 400 KB: several of libcurl's reads
    var headers = [("Content-Type", "application/json")]
    var wire = body
    if compressed {
      wire = try #require(Self.gzip(body), "gzip(1) is needed to make the body")
      headers.append(("Content-Encoding", "gzip"))
    }
    let response = LoopbackResponse(status: 200, headers: headers, body: wire)
    let server = try LoopbackServer { _ in response }
    defer { server.stop() }
    let transport = CurlTransport(timeout: noTimeout)
    for _ in 0..<2 {  // the second on the pooled handle and its kept-alive connection
      let received = try await transport.send(get(server))
      #expect(received.status == 200)
      #expect(received.body == body)
    }
  }

  @Test func cancellingMidBodyThrowsCancellationErrorQuickly() async throws {
    let server = try LoopbackServer { _ in
      .faulty(.stallAfter(bodyBytes: 1000), body: Data(repeating: 0x20, count: 100_000))
    }
    defer { server.stop() }
    // Only the cancellation can end the transfer in time: the transport's own timeout is an hour.
    let transport = CurlTransport(timeout: 3600)
    let request = get(server)
    let task = Task { await failure(transport, request) }
    // Mid-body: the head and the first 1000 bytes of the body are on the wire, the rest never is.
    #expect(await poll(timeout: TimingSlack.eventTimeout) { server.streamedBodyBytes == 1000 })
    task.cancel()
    let (error, hung) = await unlessHung(hangBound, unblock: server.stop) { await task.value }
    #expect(!hung, "the cancelled transfer went on")
    #expect(error is CancellationError, "got \(String(describing: error))")
  }

  @Test func stallMidBodyHitsTheTransportDeadline() async throws {
    let server = try LoopbackServer { _ in
      .faulty(.stallAfter(bodyBytes: 1000), body: Data(repeating: 0x20, count: 100_000))
    }
    defer { server.stop() }
    let transport = CurlTransport(timeout: 0.7)
    let clock = ContinuousClock()
    let start = clock.now
    let request = get(server)
    // The server stalls until it stops: a transport with no deadline would wait for ever.
    let (error, hung) = await unlessHung(hangBound, unblock: server.stop) { await failure(transport, request) }
    let elapsed = seconds(start.duration(to: clock.now))
    #expect(!hung, "no deadline: still waiting after \(hangBound)")
    #expect(error as? HTTPTransportError == .timedOut)
    // Not before the deadline (a load only makes it later).
    #expect(elapsed >= 0.6, "gave up after \(elapsed) s")
  }

  @Test(arguments: [
    (LoopbackFault.resetBeforeResponse, "the connection was lost"),
    (.resetAfter(bodyBytes: 1000), "the connection was lost"),
    (.closeAfter(bodyBytes: 1000), "the connection was lost"),
    (.closeBeforeResponse, "the server sent no valid HTTP answer"),
  ])
  func brokenConnectionsAreUnreachable(fault: LoopbackFault, detail: String) async throws {
    let server = try LoopbackServer { _ in .faulty(fault, body: Data(repeating: 0x20, count: 5000)) }
    defer { server.stop() }
    let error = await failure(CurlTransport(timeout: noTimeout), get(server))
    #expect(error as? HTTPTransportError == .unreachable(detail))
  }

  @Test func refusedConnectionNamesTheServer() async throws {
    let refusing = try RefusingPort()
    let error = await failure(
      CurlTransport(timeout: noTimeout), HTTPRequest(url: URL(string: refusing.baseURL + "/x")!))
    #expect(error as? HTTPTransportError == .unreachable("could not connect to 127.0.0.1:\(refusing.port)"))
  }

  @Test func redirectLoopIsUnreachable() async throws {
    let server = try LoopbackServer { request in
      LoopbackResponse(status: 302, headers: [("Location", request.pathAndQuery)])
    }
    defer { server.stop() }
    let error = await failure(CurlTransport(timeout: noTimeout), get(server))
    #expect(error as? HTTPTransportError == .unreachable("too many redirects"))
  }

  @Test func sameOriginRedirectKeepsTheToken() async throws {
    let server = try LoopbackServer { request in
      request.pathAndQuery == "/moved"
        ? .json(200, "{}") : LoopbackResponse(status: 301, headers: [("Location", "/moved")])
    }
    defer { server.stop() }
    let response = try await CurlTransport(timeout: noTimeout).send(
      get(server, headers: [HTTPHeader("Authorization", "Bearer ghp_same")]))
    #expect(response.status == 200)
    #expect(server.requests.map { $0.headers["authorization"] } == ["Bearer ghp_same", "Bearer ghp_same"])
  }

  @Test func relativeAndSeeOtherRedirectsAreFollowed() async throws {
    let server = try LoopbackServer { request in
      switch request.pathAndQuery {
      case "/x": LoopbackResponse(status: 303, headers: [("Location", "a/b?c=1")])
      case "/a/b?c=1": LoopbackResponse(status: 307, headers: [("Location", "../final")])
      default: .json(200, #"{"at":"\#(request.pathAndQuery)"}"#)
      }
    }
    defer { server.stop() }
    let response = try await CurlTransport(timeout: noTimeout).send(get(server))
    #expect(response.status == 200)
    #expect(String(decoding: response.body, as: UTF8.self) == #"{"at":"/final"}"#)
    #expect(server.requests.map(\.pathAndQuery) == ["/x", "/a/b?c=1", "/final"])
  }

  /// Transfers block a thread each inside libcurl: slow requests must not hold up others. On a
  /// pool that keeps to a thread a core (the global dispatch queues), blocked transfers beyond
  /// the cores wait for the pool to grow, which it does only every so often: two dozen of them
  /// then take many seconds to get under way, where threads of their own start them at once.
  @Test func slowRequestsDoNotHoldUpAFastOne() async throws {
    let server = try LoopbackServer { request in
      request.pathAndQuery == "/fast"
        ? .json(200, "{}") : LoopbackResponse(status: 200, body: Data("{}".utf8), delay: .seconds(3600))
    }
    defer { server.stop() }
    // The slow requests end only when cancelled or when this timeout ends them.
    let transport = CurlTransport(timeout: 60)
    let slowEnded = Locked(0)
    let clock = ContinuousClock()
    let start = clock.now
    let slow = (0..<24).map { index in
      Task {
        _ = try? await transport.send(get(server, "/slow\(index)"))
        slowEnded.withLock { $0 += 1 }
      }
    }
    // Every slow transfer is under way, holding its thread, once the server has its request.
    #expect(await poll(timeout: TimingSlack.eventTimeout) { server.requests.count == 24 })
    let fast = try await transport.send(get(server, "/fast"))
    #expect(fast.status == 200)
    #expect(slowEnded.withLock { $0 } == 0, "a slow request ended: the fast one waited for its thread")
    // Generous for 25 loopback requests that start at once; far short of a pool growing to 25.
    #expect(start.duration(to: clock.now) < TimingSlack.seconds(10), "requests waited for threads held by others")
    for task in slow { task.cancel() }
    let (_, hung) = await unlessHung(hangBound, unblock: server.stop) { for task in slow { await task.value } }
    #expect(!hung, "cancelled transfers went on")
  }

  @Test func aHeaderWithALineBreakIsNotSent() async throws {
    let server = try LoopbackServer { _ in .json(200, "{}") }
    defer { server.stop() }
    let error = await failure(
      CurlTransport(timeout: noTimeout),
      get(server, headers: [HTTPHeader("X-Note", "a\r\nAuthorization: Bearer smuggled")]))
    #expect(error as? HTTPTransportError == .unreachable("a header contains a line break"))
    #expect(server.requests.isEmpty)
  }

  @Test func headersAndStatusSurviveStreaming() async throws {
    let server = try LoopbackServer { _ in
      .json(418, #"{"message":"teapot"}"#, headers: [("X-RateLimit-Remaining", "7"), ("ETag", #"W/"e""#)])
    }
    defer { server.stop() }
    let response = try await CurlTransport(timeout: noTimeout).send(get(server))
    #expect(response.status == 418)
    #expect(response.header("x-ratelimit-remaining") == "7")
    #expect(response.header("etag") == #"W/"e""#)
    #expect(String(decoding: response.body, as: UTF8.self) == #"{"message":"teapot"}"#)
  }

  @Test func manySequentialRequestsReuseOneTransport() async throws {
    let server = try LoopbackServer { request in .json(200, #"{"path":"\#(request.pathAndQuery)"}"#) }
    defer { server.stop() }
    let transport = CurlTransport(timeout: noTimeout)
    for index in 0..<50 {
      let response = try await transport.send(get(server, "/n\(index)"))
      #expect(String(decoding: response.body, as: UTF8.self) == #"{"path":"/n\#(index)"}"#)
    }
  }

  /// `gzip -c` of `count` zero bytes, or nil without gzip.
  static func gzip(zeroBytes count: Int) -> Data? { gzip(shell: "head -c \(count) /dev/zero | gzip -9 -c") }

  static func gzip(_ data: Data) -> Data? {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("reactor-gzip-\(UUID().uuidString)")
    guard (try? data.write(to: file)) != nil else { return nil }
    defer { try? FileManager.default.removeItem(at: file) }
    return gzip(shell: "gzip -c '\(file.path)'")
  }

  private static func gzip(shell command: String) -> Data? {
    guard FileManager.default.isExecutableFile(atPath: "/bin/sh") else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return process.terminationStatus == 0 && !data.isEmpty ? data : nil
  }
}
