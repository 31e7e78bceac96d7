#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The daemon's signals: SIGTERM ends the input (then in-flight work drains), SIGINT cancels
/// everything in flight and the daemon goes on. Both are watched before `init` returns.
package final class DaemonSignals: Sendable {
  private let tokens: [SignalWatcher.Token]

  package init(onTerminate: @escaping @Sendable () -> Void, onInterrupt: @escaping @Sendable () -> Void) {
    tokens = [
      SignalWatcher.shared.watch(SIGTERM, handler: onTerminate),
      SignalWatcher.shared.watch(SIGINT, handler: onInterrupt),
    ]
  }

  package func cancel() { tokens.forEach(SignalWatcher.shared.stop) }
}
