import Foundation
import ReactorCore

/// The running part of a ``LoopbackServer``: the accept thread, one thread per connection, and
/// the state they share.
///
/// Threads hold the core, never the server, so dropping the last server reference runs its
/// `deinit`, which stops the core. A socket is closed only by the thread that owns it, after it
/// left the shared state; `stop()` merely shuts sockets down under the same lock, so it never
/// touches a descriptor that was closed and reused.
final class LoopbackServerCore: Sendable {
  private struct State {
    var stopped = false
    var connections: Set<Int32> = []
    var connectionCount = 0
    var requests: [LoopbackRequest] = []
    var streamedBodyBytes = 0
    var answered = 0
  }

  private let listener: Int32
  private let handler: @Sendable (LoopbackRequest) -> LoopbackResponse
  private let state = Locked(State())
  private let acceptLoopFinished = DispatchSemaphore(value: 0)

  init(listener: Int32, handler: @escaping @Sendable (LoopbackRequest) -> LoopbackResponse) {
    self.listener = listener
    self.handler = handler
  }

  var requests: [LoopbackRequest] { state.withLock { $0.requests } }
  var connectionCount: Int { state.withLock { $0.connectionCount } }
  var openConnectionCount: Int { state.withLock { $0.connections.count } }
  var streamedBodyBytes: Int { state.withLock { $0.streamedBodyBytes } }
  var answered: Int { state.withLock { $0.answered } }
  var isStopped: Bool { state.withLock { $0.stopped } }

  /// Counts body bytes written by ``sendStreaming(_:to:close:)``.
  func countStreamed(_ bytes: Int) { state.withLock { $0.streamedBodyBytes += bytes } }

  func start() {
    let thread = Thread { [self] in acceptLoop() }
    thread.name = "LoopbackServer.accept"
    thread.start()
  }

  /// Shuts the listener and every open connection down; waits (at most 2 s) for the listener to
  /// be closed. Later calls return at once.
  func stop() {
    let first = state.withLock { state -> Bool in
      guard !state.stopped else { return false }
      state.stopped = true
      LoopbackSocket.shutdownBoth(listener)
      for fd in state.connections { LoopbackSocket.shutdownBoth(fd) }
      return true
    }
    if first { _ = acceptLoopFinished.wait(timeout: .now() + 2) }
  }

  private func acceptLoop() {
    defer {
      LoopbackSocket.closeSocket(listener)
      acceptLoopFinished.signal()
    }
    while !isStopped {
      // Polling with a timeout bounds shutdown time even where shutdown() does not wake accept.
      guard LoopbackSocket.waitReadable(listener, milliseconds: 200), !isStopped,
        let fd = LoopbackSocket.acceptConnection(listener)
      else { continue }
      let registered = state.withLock { state -> Bool in
        guard !state.stopped else { return false }
        state.connections.insert(fd)
        state.connectionCount += 1
        return true
      }
      guard registered else {
        LoopbackSocket.closeSocket(fd)
        return
      }
      let thread = Thread { [self] in serve(fd) }
      thread.name = "LoopbackServer.connection"
      thread.start()
    }
  }

  /// Answers requests on one connection until the client closes it, asks to, or the server stops.
  private func serve(_ fd: Int32) {
    defer {
      state.withLock { _ = $0.connections.remove(fd) }
      LoopbackSocket.closeSocket(fd)
    }
    var reader = HTTPRequestReader(fd: fd)
    while !isStopped {
      switch reader.next(sendContinue: {
        _ = LoopbackSocket.sendAll(fd, Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
      }) {
      case .closed:
        return
      case .malformed(let reason):
        let response = LoopbackResponse.json(400, #"{"message":"malformed request: \#(reason)"}"#)
        _ = LoopbackSocket.sendAll(fd, response.serialized(omitBody: false, close: true))
        return
      case .request(let request, let keepAlive):
        state.withLock { $0.requests.append(request) }
        let response = handler(request)
        guard response.delay <= .zero || sleep(response.delay) else { return }
        let close = !keepAlive || response.closesConnection
        defer { state.withLock { $0.answered += 1 } }
        if response.needsStreaming {
          switch sendStreaming(response, to: fd, close: close) {
          case .keepOpen: continue
          case .close: return
          case .reset:
            LoopbackSocket.abortOnClose(fd)
            return
          }
        }
        let bytes = response.serialized(omitBody: request.method == "HEAD", close: close)
        guard LoopbackSocket.sendAll(fd, bytes), !close else { return }
      }
    }
  }

  /// Sleeps for `duration` in short slices; false (early) if the server stopped meanwhile.
  func sleep(_ duration: Duration) -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + duration
    while !isStopped {
      let remaining = clock.now.duration(to: deadline)
      guard remaining > .zero else { return true }
      let slice = min(remaining, .milliseconds(10))
      let (seconds, attoseconds) = slice.components
      Thread.sleep(forTimeInterval: Double(seconds) + Double(attoseconds) / 1e18)
    }
    return false
  }
}
