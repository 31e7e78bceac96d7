#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Starts `body` on a new detached POSIX thread with a small stack.
///
/// For the daemon's blocking readers (standard input, the signal pipe), which need nothing of
/// Foundation's `Thread`; a bare pthread starts in a fraction of its time, and the daemon's
/// start-up is a benchmark target.
func startDetachedThread(stackBytes: Int = 256 << 10, _ body: @escaping @Sendable () -> Void) {
  final class Payload {
    let body: @Sendable () -> Void
    init(body: @escaping @Sendable () -> Void) { self.body = body }
  }
  let payload = Unmanaged.passRetained(Payload(body: body)).toOpaque()
  var attributes = pthread_attr_t()
  pthread_attr_init(&attributes)
  defer { pthread_attr_destroy(&attributes) }
  pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
  pthread_attr_setstacksize(&attributes, stackBytes)
  #if canImport(Glibc)
    var thread = pthread_t()
  #else
    var thread: pthread_t?
  #endif
  let status = pthread_create(
    &thread, &attributes,
    { raw in
      #if canImport(Glibc)
        let payload = Unmanaged<Payload>.fromOpaque(raw!).takeRetainedValue()
      #else
        let payload = Unmanaged<Payload>.fromOpaque(raw).takeRetainedValue()
      #endif
      payload.body()
      return nil
    }, payload)
  guard status == 0 else { fatalError("pthread_create failed: \(status)") }
}

/// The process's main thread, as `reactor`'s `main` marks it first thing: what Foundation's
/// `Thread.isMainThread` answers, without linking Foundation.
package enum MainThread {
  nonisolated(unsafe) private static var thread: pthread_t?

  /// Called once by `main`, on the main thread, before any other thread starts.
  package static func mark() { thread = pthread_self() }

  /// Whether the caller runs on the thread that called ``mark()``; false before it.
  package static var isCurrent: Bool {
    guard let thread else { return false }
    return pthread_equal(thread, pthread_self()) != 0
  }
}
